package engine

import (
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// TestCompressedOutputFlags: an output goes through the flag for its
// compression, which bowtie2's help makes by a note ("add '-gz' to the
// option name"): a gzip-compressed file through --un-gz, a plain one
// through --un or --un-conc, from the help alone or from an example that
// wrote the other form.
func TestCompressedOutputFlags(t *testing.T) {
	checkCommands(t, "bowtie2", nil,
		taskCommand{"map reads.fq to index host, write host.sam, and save the reads that did not align gzip-compressed to nonhost.fq.gz", "bowtie2 -U reads.fq -S host.sam --un-gz nonhost.fq.gz -x host"},
		taskCommand{"align r1.fq and r2.fq to index host into host.sam and write the pairs that fail to align concordantly to unconc.fq", "bowtie2 -1 r1.fq -2 r2.fq -S host.sam --un-conc unconc.fq -x host"})
	gz := &skills.Skill{Name: "bowtie2", Examples: []skills.Example{{Task: "map reads.fq to index host, write host.sam, keep the reads that did not align gzipped in un.fq.gz", Args: "-x host -U reads.fq -S host.sam --un-gz un.fq.gz"}}}
	checkCommands(t, "bowtie2", gz,
		taskCommand{"map s1.fq to index hg, write s1.sam, save the reads that did not align to s1_un.fq", "bowtie2 -x hg -U s1.fq -S s1.sam --un s1_un.fq"},
		// the other compressed form of the same flag (--un-gz to --un-bz2)
		taskCommand{"map s1.fq to index hg, write s1.sam, save the reads that did not align to s1_un.fq.bz2", "bowtie2 -x hg -U s1.fq -S s1.sam --un-bz2 s1_un.fq.bz2"})
	// From the help alone, a bzip2 file goes to no gzip flag, whichever
	// pass places it.
	checkCommands(t, "hisat2", nil, taskCommand{"align reads.fq.gz to the index hg38_tran, save the alignments to hits.sam and put the reads that failed to align, bzip2-compressed, into failed.fq.bz2", "hisat2 -U reads.fq.gz -S hits.sam --un-bz2 failed.fq.bz2 -x hg38_tran"})
}

func TestCompressedForm(t *testing.T) {
	fd := func(n string) FlagDoc { return FlagDoc{Name: n} }
	for _, c := range []struct {
		plain, comp, z string
		want           bool
	}{
		{"--un", "--un-gz", "gz", true},
		{"--vcf", "--gzvcf", "gz", true},
		{"--al_conc", "--al_conc_bz2", "bz2", true},
		{"--un", "--un-conc-gz", "gz", false}, // another flag's form
		{"--un", "-un-gz", "gz", false},       // other dashes
		{"--un", "--un-gz", "", false},
		{"--", "---gz", "gz", false},
	} {
		if got := compressedForm(fd(c.plain), fd(c.comp), c.z); got != c.want {
			t.Errorf("compressedForm(%s, %s, %q) = %v", c.plain, c.comp, c.z, got)
		}
	}
	unGz := FlagDoc{Name: "--un-gz", Description: "write unpaired reads that didn't align to <path>, gzip compress output"}
	un := FlagDoc{Name: "--un", Description: "write unpaired reads that didn't align to <path>"}
	if !compressedOnly(unGz, "x.fq") || compressedOnly(unGz, "x.fq.gz") || compressedOnly(un, "x.fq") || compressedOnly(un, "x.fq.gz") {
		t.Error("compressedOnly")
	}
}
