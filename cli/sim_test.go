package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// simSNP is a known single-base change of the simulated sample.
type simSNP struct {
	Pos      int // 1-based, as a VCF writes it
	Ref, Alt byte
}

// simData is a tiny sequencing experiment made by the test itself: a
// random reference, a sample that differs from it at known SNPs, and
// paired reads drawn from the sample.
type simData struct {
	Ref  string
	SNPs []simSNP
}

// simulate writes ref.fa (one contig "chr1" of refLen random bases) and
// reads_1.fq / reads_2.fq (pairs read pairs of readLen from fragments of
// about 300 bases of the sample, the second read on the other strand, one
// base in a thousand miscalled) into dir. The sample carries nSNPs
// homozygous SNPs spread along the contig. The same seed gives the same
// files.
func simulate(t *testing.T, dir string, seed uint64, refLen, pairs, readLen, nSNPs int) simData {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	const bases = "ACGT"
	ref := make([]byte, refLen)
	for i := range ref {
		ref[i] = bases[rng.IntN(4)]
	}
	sample := append([]byte(nil), ref...)
	var snps []simSNP
	margin := 500 // keep SNPs away from the ends, where coverage thins
	step := (refLen - 2*margin) / nSNPs
	for i := 0; i < nSNPs; i++ {
		p := margin + i*step + rng.IntN(step/2)
		alt := bases[(strings.IndexByte(bases, ref[p])+1+rng.IntN(3))%4]
		sample[p] = alt
		snps = append(snps, simSNP{Pos: p + 1, Ref: ref[p], Alt: alt})
	}
	var fa strings.Builder
	fa.WriteString(">chr1 simulated\n")
	for i := 0; i < len(ref); i += 60 {
		fa.Write(ref[i:min(i+60, len(ref))])
		fa.WriteByte('\n')
	}
	writeFile(t, filepath.Join(dir, "ref.fa"), fa.String())

	var r1, r2 strings.Builder
	qual := strings.Repeat("I", readLen)
	for n := 0; n < pairs; n++ {
		frag := 300 + rng.IntN(41) - 20
		start := rng.IntN(refLen - frag + 1)
		f := sample[start : start+frag]
		a := mutate(rng, append([]byte(nil), f[:readLen]...))
		b := mutate(rng, revComp(f[frag-readLen:]))
		if rng.IntN(2) == 1 { // the fragment may come from either strand
			a, b = b, a
		}
		fmt.Fprintf(&r1, "@p%d/1\n%s\n+\n%s\n", n, a, qual)
		fmt.Fprintf(&r2, "@p%d/2\n%s\n+\n%s\n", n, b, qual)
	}
	writeFile(t, filepath.Join(dir, "reads_1.fq"), r1.String())
	writeFile(t, filepath.Join(dir, "reads_2.fq"), r2.String())
	return simData{Ref: string(ref), SNPs: snps}
}

// mutate miscalls about one base in a thousand.
func mutate(rng *rand.Rand, s []byte) []byte {
	for i := range s {
		if rng.IntN(1000) == 0 {
			s[i] = "ACGT"[(strings.IndexByte("ACGT", s[i])+1)%4]
		}
	}
	return s
}

func revComp(s []byte) []byte {
	out := make([]byte, len(s))
	for i, c := range s {
		out[len(s)-1-i] = map[byte]byte{'A': 'T', 'C': 'G', 'G': 'C', 'T': 'A'}[c]
	}
	return out
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// vcfSNPs reads the single-base records of a plain VCF: position → ALT.
func vcfSNPs(t *testing.T, path string) map[int]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no VCF: %v", err)
	}
	defer f.Close()
	out := map[int]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		col := strings.Split(line, "\t")
		if len(col) < 5 || len(col[3]) != 1 {
			continue
		}
		p, err := strconv.Atoi(col[1])
		if err != nil {
			t.Fatalf("bad VCF line %q", line)
		}
		out[p] = col[4]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// found counts the known SNPs a call set holds with the right ALT.
func (d simData) found(calls map[int]string) int {
	n := 0
	for _, s := range d.SNPs {
		if calls[s.Pos] == string(s.Alt) {
			n++
		}
	}
	return n
}

func TestSimulateIsDeterministicAndPlacesTheSNPs(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	da := simulate(t, a, 7, 5000, 50, 100, 4)
	db := simulate(t, b, 7, 5000, 50, 100, 4)
	for _, f := range []string{"ref.fa", "reads_1.fq", "reads_2.fq"} {
		x, _ := os.ReadFile(filepath.Join(a, f))
		y, _ := os.ReadFile(filepath.Join(b, f))
		if string(x) != string(y) || len(x) == 0 {
			t.Fatalf("%s differs between two runs with one seed", f)
		}
	}
	if len(da.Ref) != 5000 || len(da.SNPs) != 4 || fmt.Sprint(da.SNPs) != fmt.Sprint(db.SNPs) {
		t.Fatalf("snps: %v", da.SNPs)
	}
	for _, s := range da.SNPs {
		if da.Ref[s.Pos-1] != s.Ref || s.Ref == s.Alt || !strings.ContainsRune("ACGT", rune(s.Alt)) {
			t.Fatalf("snp %+v does not change the reference base", s)
		}
	}
	r1, _ := os.ReadFile(filepath.Join(a, "reads_1.fq"))
	if n := strings.Count(string(r1), "\n+\n"); n != 50 {
		t.Fatalf("reads: %d", n)
	}
	// A VCF holding two of the SNPs (one with the wrong ALT) and an indel.
	s0, s1 := da.SNPs[0], da.SNPs[1]
	wrong := "ACGT"[(strings.IndexByte("ACGT", s1.Alt)+1)%4]
	if wrong == s1.Ref {
		wrong = "ACGT"[(strings.IndexByte("ACGT", wrong)+1)%4]
	}
	vcf := fmt.Sprintf("##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\nchr1\t%d\t.\t%c\t%c\nchr1\t%d\t.\t%c\t%c\nchr1\t10\t.\tAC\tA\n",
		s0.Pos, s0.Ref, s0.Alt, s1.Pos, s1.Ref, wrong)
	writeFile(t, filepath.Join(a, "x.vcf"), vcf)
	calls := vcfSNPs(t, filepath.Join(a, "x.vcf"))
	if len(calls) != 2 || da.found(calls) != 1 {
		t.Fatalf("calls %v found %d", calls, da.found(calls))
	}
}

// simAligned makes the experiment of simulate and aligns it with the real
// tools as a user would before calling variants: bwa index, bwa mem,
// samtools sort and samtools index, into aln.sorted.bam (and its .bai).
func simAligned(t *testing.T, dir string) simData {
	t.Helper()
	sim := simulate(t, dir, liveSeed, liveRefLen, livePairs, 100, liveSNPs)
	liveRun(t, dir, "bwa", "index", "ref.fa")
	c := exec.Command("bwa", "mem", "-o", "aln.sam", "ref.fa", "reads_1.fq", "reads_2.fq")
	c.Dir = dir
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("bwa mem: %v\n%s", err, out)
	}
	liveRun(t, dir, "samtools", "sort", "-o", "aln.sorted.bam", "aln.sam")
	liveRun(t, dir, "samtools", "index", "aln.sorted.bam")
	return sim
}

// The task of the issue, as one run: the caller alone reads VCF/BCF, so
// the task (a BAM and a FASTA) is mapped onto the skill's pileup | call
// example; both commands are checked, run without a shell, and the VCF
// holds the known SNPs.
func TestSimRunCallsTheKnownSNPs(t *testing.T) {
	needTools(t, "bwa", "samtools", "bcftools")
	start := time.Now()
	dir := t.TempDir()
	sim := simAligned(t, dir)
	const task = "call SNPs and indels from aln.sorted.bam against the reference ref.fa, variants only, into calls.vcf"
	out, errOut, code := liveCLI(t, dir, "run", "--yes", "bcftools", task)
	if code != 0 {
		t.Fatalf("run: exit %d\n%s\n%s", code, out, errOut)
	}
	const want = "bcftools mpileup -f ref.fa aln.sorted.bam | bcftools call -mv -o calls.vcf"
	if !strings.Contains(out+errOut, want) {
		t.Errorf("the pipeline run is not %q:\n%s\n%s", want, out, errOut)
	}
	n := sim.found(vcfSNPs(t, filepath.Join(dir, "calls.vcf")))
	t.Logf("run --yes bcftools: %d of %d known SNPs called (%.1f s)", n, liveSNPs, time.Since(start).Seconds())
	if n != liveSNPs {
		t.Fatalf("run found %d of the %d known SNPs", n, liveSNPs)
	}
}

// explain and --json show both commands of the pipeline the task was
// mapped onto, each with its own stages, and the rule that chose it.
func TestSimExplainAndJSONShowTheExampleSteps(t *testing.T) {
	needTools(t, "bcftools")
	dir := t.TempDir()
	const task = "call SNPs and indels from aln.sorted.bam against the reference ref.fa, variants only, into calls.vcf"
	out, errOut, code := liveCLI(t, dir, "--json", "dry-run", "bcftools", task)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	var got struct {
		Command string `json:"command"`
		Steps   []struct {
			Op         string   `json:"op"`
			Command    string   `json:"command"`
			Args       []string `json:"args"`
			RulesFired []string `json:"rules_fired"`
		} `json:"steps"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got.Command != "bcftools mpileup -f ref.fa aln.sorted.bam | bcftools call -mv -o calls.vcf" || len(got.Steps) != 2 ||
		got.Steps[1].Op != "|" || got.Steps[1].Command != "bcftools call -mv -o calls.vcf" || got.Steps[0].Args[0] != "mpileup" ||
		!slices.Contains(got.Steps[0].RulesFired, "steps.example_pipeline") {
		t.Fatalf("%+v", got)
	}
	out, _, code = liveCLI(t, dir, "explain", "bcftools", task)
	for _, want := range []string{"pipeline of 2 steps: bcftools mpileup", "steps.example_pipeline", "══ step 1 (bcftools), from the skill example", "══ step 2 (bcftools), after |, from the skill example", "Stage 5 · validate"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("explain lacks %q (exit %d):\n%s", want, code, out)
		}
	}
}
