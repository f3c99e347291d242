package task

import (
	"slices"
	"strings"
	"testing"
)

// TestGivenItems checks which words a task gives as names (placed in
// order on name flags) and which as identifiers (items the command must
// use wherever they go), and which words of the prose are neither.
func TestGivenItems(t *testing.T) {
	cases := []struct {
		task          string
		names, idents []string
	}{
		// An identifier before a word that names it.
		{"用 salmon_index 索引定量双端数据 s1_1.fq.gz，结果输出到 s1_quant", []string{"salmon_index", "s1_quant"}, nil},
		{"unpack refs.tar.bz2 into the genome directory", []string{"genome"}, nil},
		{"fetch every URL listed in urls.txt into the downloads folder", []string{"downloads"}, nil},
		{"write the reports to the qc_2 directory", []string{"qc_2"}, nil},
		// A directory the task reads is no output name, but an identifier
		// it must use; a place named after the marker is the name.
		{"make a report for the fastqc_out directory", nil, []string{"fastqc_out"}},
		{"run over the results directory", nil, nil},
		{"sort reads in the work directory smr_work", []string{"smr_work"}, nil},
		// A tool's name before "index" says which index.
		{"build a HISAT2 index from genome.fa", nil, nil},
		// A verb form that ends its clause after a name word is the name.
		{"polish draft.fasta, output prefix polished, listing the changes", []string{"polished"}, nil},
		{"re-pair r1.fq and r2.fq, writing the pairs to the directory paired", []string{"paired"}, nil},
		{"index reads.fq, prefix sorted by name", nil, nil},
		// A plain word after "against" that ends its phrase is a database.
		{"blastp huge.faa against nr with block size 8", []string{"nr"}, nil},
		{"compare a.txt against every genome listed in refs.txt", nil, nil},
		// What the task searches against is a database it names, after a
		// determiner too, when the name word ends the phrase.
		{"blastp query.faa against the swissprot database: e-value 1e-10", []string{"swissprot"}, nil},
		{"search t.fa against the nr_subset protein db with blastx", []string{"nr_subset"}, nil},
		{"map reads.fq against the human genome index", nil, nil},
		{"search q.faa against the protein database, e-value 1e-5", nil, nil},
		{"search q.faa against the local database, e-value 1e-5", nil, nil},
		{"blastn q.fa against the BLAST database nt_2024 with 4 threads", []string{"nt_2024"}, nil},
		{"make a diamond db nr from nr.gz", []string{"nr"}, nil},
		// A capitalised word that qualifies the noun after it is no name.
		{"为 genome.fna 生成 MinHash 草图", nil, nil},
		{"write Ballgown tables", nil, nil},
		{"save the output as Sample1", []string{"Sample1"}, nil},
		{"report alignments for assemblers such as StringTie, save as out.sam", nil, nil},
		// Identifiers no prose writes; tag pairs; given words.
		{"turn resultDB (from queryDB vs targetDB) into result.m8", nil, []string{"resultDB", "queryDB", "targetDB"}},
		{"align reads.fq with read group ID grp1 and SM:sample1", nil, []string{"grp1", "SM:sample1"}},
		{"为 localhost 签发一个服务器证书", nil, []string{"localhost"}},
		{"set sampleName on every read", nil, []string{"sampleName"}},
		{"blastp of orfs.faa on refdb keeping hits", nil, []string{"refdb"}},
		{"cluster seqDB into clu", nil, []string{"seqDB"}},
		// A piece to add on to names: an underscore at one end.
		{"在 a.fa 的序列名后面追加 _v2", nil, []string{"_v2"}},
		{"put tumor_ before every sample of a.vcf", nil, []string{"tumor_"}},
		{"keep the __init__ and _ files", nil, nil},
		// An accession with its version, lists of numbers: values no prose
		// writes. A number with thousands separators is one number; a
		// version is prose.
		{"fetch accession NC_045512.2 from the database viral_db", []string{"viral_db"}, []string{"NC_045512.2"}},
		{"assemble with k-mer sizes 21,41,61,81 on 6 threads", nil, []string{"21,41,61,81"}},
		{"bin the depth at 0:1:10:50 for each window", nil, []string{"0:1:10:50"}},
		{"keep the first 1,000,000 reads of samtools v1.2 output", nil, nil},
		// "name" that opens its clause names the word that ends it.
		{"call peaks on a.bam, mouse genome, name pooled", []string{"pooled"}, nil},
		{"sort a.bam by read name sorted", nil, nil},
		// An item the task turns away is no item; prose words are none.
		{"group by gene_name instead of gene_id", nil, []string{"gene_name"}},
		{"group by gene_name rather than gene_id", nil, []string{"gene_name"}},
		{"force polyG trimming of mRNA reads in chr1:100-200, ID column", nil, nil},
		{"rename the IDs to chr:pos form", nil, nil},
		// A name word in another clause names nothing; a name word is no
		// name of another.
		{"align a.fa against b.fa without any database, tabular output to x.tsv", nil, nil},
		{"index hg38.fa using 8 threads, index basename hg38", []string{"hg38"}, nil},
		{"set the database size to 45000000", nil, nil},
		{"search u.fa against the nt database remotely on the servers", nil, nil},
	}
	for _, c := range cases {
		fr := Parse(c.task)
		var ids []string
		for _, id := range fr.Idents {
			ids = append(ids, id.Text)
		}
		if !slices.Equal(fr.Names, c.names) || !slices.Equal(ids, c.idents) {
			t.Errorf("%q: names %q idents %q, want names %q idents %q", c.task, fr.Names, ids, c.names, c.idents)
		}
	}
}

func TestIdentContext(t *testing.T) {
	fr := Parse("quantify reads, using the index salmon_idx2 for it, 8 threads")
	if len(fr.Names) != 1 || len(fr.Idents) != 0 {
		t.Fatalf("salmon_idx2 after index is a name: %+v", fr)
	}
	fr = Parse("turn resultDB (from queryDB vs targetDB) into result.m8")
	// Stop words are left out; two words on each side.
	want := map[string]string{"resultDB": "turn querydb", "queryDB": "resultdb vs targetdb", "targetDB": "querydb vs result.m8"}
	for _, id := range fr.Idents {
		if got := strings.Join(id.Context, " "); got != want[id.Text] {
			t.Errorf("context of %s: %q, want %q", id.Text, got, want[id.Text])
		}
	}
	// A clause ends the words around an identifier.
	fr = Parse("add SM:s1, 8 threads; tag LB:lib_a")
	if len(fr.Idents) != 2 || len(fr.Idents[0].Context) != 1 || fr.Idents[1].Context[0] != "tag" {
		t.Errorf("idents %+v", fr.Idents)
	}
}

func TestCompressedFileNames(t *testing.T) {
	for name, want := range map[string]string{
		"nr.gz":                   "file",
		"prot.accession2taxid.gz": "file",
		"reads.fq.gz":             "fastq",
		".fastq.gz":               "",
		"x-.gz":                   "",
		"NR.gz":                   "file",
	} {
		if got := FileType(name); got != want {
			t.Errorf("FileType(%q) = %q, want %q", name, got, want)
		}
	}
}

// A name the words next to it call a place is a directory too.
func TestDirs(t *testing.T) {
	for task, want := range map[string]string{
		"unpack refs.tar.bz2 into the genome directory":       "genome",
		"split reads.fq into 4 parts, output directory parts": "parts",
		"构建索引，输出到 mm39_star 目录，使用 12 个线程":                     "mm39_star",
		"输出目录 virus_out，覆盖已有目录":                               "virus_out",
		"做质控，结果放到 qc 目录":                                      "qc",
		"统计 qc 目录下的报告":                                        "",
		"polish draft.fa, output prefix polished, listing":    "",
	} {
		if got := strings.Join(Parse(task).Dirs, " "); got != want {
			t.Errorf("%q: dirs %q, want %q", task, got, want)
		}
	}
}
