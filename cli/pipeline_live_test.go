package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLiveSamtoolsViewHead runs `view aln.bam | head -n 5` with the real
// samtools on a BAM the test makes: the pipe is kept, and run without a
// shell gives the first five reads. Skipped when samtools is missing,
// unless OXO_LIVE=1.
func TestLiveSamtoolsViewHead(t *testing.T) {
	f := newFakeEnv(t)
	for _, p := range []string{"samtools", "head"} {
		path, err := exec.LookPath(p)
		if err != nil {
			if os.Getenv("OXO_LIVE") == "1" {
				t.Fatalf("OXO_LIVE=1 but %s is not installed", p)
			}
			t.Skipf("%s is not installed", p)
		}
		if err := os.Symlink(path, filepath.Join(f.bin, p)); err != nil {
			t.Fatal(err)
		}
	}
	var sam strings.Builder
	sam.WriteString("@HD\tVN:1.6\tSO:coordinate\n@SQ\tSN:chr1\tLN:1000\n")
	for i := 1; i <= 8; i++ {
		fmt.Fprintf(&sam, "read%d\t0\tchr1\t%d\t60\t8M\t*\t0\t0\tACGTACGT\tIIIIIIII\n", i, i*10)
	}
	f.write("aln.sam", sam.String())
	if out, err := exec.Command(filepath.Join(f.bin, "samtools"), "view", "-b", "-o", filepath.Join(f.work, "aln.bam"), filepath.Join(f.work, "aln.sam")).CombinedOutput(); err != nil {
		t.Fatalf("making aln.bam: %v %s", err, out)
	}
	task := "view aln.bam | head -n 5"
	out, errOut, code := f.run("dry-run", "samtools", task)
	if code != ExitOK || out != "samtools view aln.bam | head -n 5\n" {
		t.Fatalf("dry-run: code=%d out=%q err=%s", code, out, errOut)
	}
	out, errOut, code = f.run("run", "--yes", "samtools", task)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != ExitOK || len(lines) != 5 || !strings.HasPrefix(lines[0], "read1\t") || !strings.HasPrefix(lines[4], "read5\t") {
		t.Fatalf("run: code=%d out=%q err=%s", code, out, errOut)
	}
	// To a file through the output checks, then the whole BAM appended.
	if _, errOut, code := f.run("run", "--yes", "samtools", "view aln.bam | head -n 2 > first.sam"); code != 0 || strings.Count(f.read("first.sam"), "\n") != 2 {
		t.Fatalf("> file: code=%d err=%s %q", code, errOut, f.read("first.sam"))
	}
	if _, errOut, code := f.run("run", "--yes", "samtools", "view aln.bam >> first.sam"); code != 0 || strings.Count(f.read("first.sam"), "\n") != 10 {
		t.Fatalf(">> file: code=%d err=%s %q", code, errOut, f.read("first.sam"))
	}
}

// TestLiveSamtoolsIndexRuns: `oxo-call run samtools "index aln.sorted.bam"`
// runs for real (it was refused with "-M is required": -M stands
// unbracketed in one of samtools index's two usage forms). The real
// samtools sorts a tiny BAM the test makes, then indexes it through
// oxo-call. Skipped when samtools is missing, unless OXO_LIVE=1.
func TestLiveSamtoolsIndexRuns(t *testing.T) {
	f := newFakeEnv(t)
	path, err := exec.LookPath("samtools")
	if err != nil {
		if os.Getenv("OXO_LIVE") == "1" {
			t.Fatal("OXO_LIVE=1 but samtools is not installed")
		}
		t.Skip("samtools is not installed")
	}
	if err := os.Symlink(path, filepath.Join(f.bin, "samtools")); err != nil {
		t.Fatal(err)
	}
	var sam strings.Builder
	sam.WriteString("@HD\tVN:1.6\tSO:coordinate\n@SQ\tSN:chr1\tLN:1000\n")
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&sam, "read%d\t0\tchr1\t%d\t60\t8M\t*\t0\t0\tACGTACGT\tIIIIIIII\n", i, i*10)
	}
	f.write("aln.sam", sam.String())
	if out, err := exec.Command(path, "sort", "-o", filepath.Join(f.work, "aln.sorted.bam"), filepath.Join(f.work, "aln.sam")).CombinedOutput(); err != nil {
		t.Fatalf("making aln.sorted.bam: %v %s", err, out)
	}
	out, errOut, code := f.run("dry-run", "samtools", "index aln.sorted.bam")
	if code != ExitOK || out != "samtools index aln.sorted.bam\n" {
		t.Fatalf("dry-run: code=%d out=%q err=%s", code, out, errOut)
	}
	_, errOut, code = f.run("run", "--yes", "samtools", "index aln.sorted.bam")
	if code != ExitOK {
		t.Fatalf("run: code=%d err=%s", code, errOut)
	}
	st, err := os.Stat(filepath.Join(f.work, "aln.sorted.bam.bai"))
	if err != nil || st.Size() == 0 {
		t.Fatalf("no index written: %v", err)
	}
	// The index is real: samtools reads a region through it.
	if out, err := exec.Command(path, "view", "-c", filepath.Join(f.work, "aln.sorted.bam"), "chr1:1-35").CombinedOutput(); err != nil || strings.TrimSpace(string(out)) != "3" {
		t.Fatalf("region count through the index: %q %v", out, err)
	}
}
