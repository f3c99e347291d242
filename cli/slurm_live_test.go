package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// liveSlurm checks that a SLURM cluster answers (scripts/slurm-up.sh
// starts one); with OXO_LIVE=1 a missing cluster fails the test.
func liveSlurm(t *testing.T) {
	t.Helper()
	for _, p := range []string{"sbatch", "squeue", "scontrol", "sinfo", "samtools"} {
		if _, err := exec.LookPath(p); err != nil {
			liveMissing(t, p+" is not installed")
		}
	}
	out, err := exec.Command("sinfo", "-h", "-N", "-o", "%T").CombinedOutput()
	if err != nil || !regexp.MustCompile(`(?m)^(idle|mixed|allocated)`).Match(out) {
		liveMissing(t, "no SLURM node is up (run scripts/slurm-up.sh as root): "+strings.TrimSpace(string(out)))
	}
}

func liveMissing(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("OXO_LIVE") == "1" {
		t.Fatal(why + " (OXO_LIVE=1)")
	}
	t.Skip(why)
}

// slurmJobCount counts the jobs the controller knows by name.
func slurmJobCount(t *testing.T, name string) int {
	t.Helper()
	out, err := exec.Command("scontrol", "-o", "show", "jobs").CombinedOutput()
	if err != nil && !strings.Contains(string(out), "No jobs") {
		t.Fatalf("scontrol show jobs: %v: %s", err, out)
	}
	return strings.Count(string(out), "JobName="+name+" ")
}

// TestSlurmLiveFlagstatArray submits a real job array to the cluster: the
// job script runs the oxo-call binary built here, as the job's user, in
// the test's work directory.
func TestSlurmLiveFlagstatArray(t *testing.T) {
	liveSlurm(t)
	bin := filepath.Join(t.TempDir(), "oxo-call")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	work := t.TempDir()
	sam := "@HD\tVN:1.6\tSO:unsorted\n@SQ\tSN:chr1\tLN:1000\n" +
		"r1\t0\tchr1\t100\t60\t10M\t*\t0\t0\tACGTACGTAC\tIIIIIIIIII\n" +
		"r2\t16\tchr1\t200\t60\t10M\t*\t0\t0\tACGTACGTAC\tIIIIIIIIII\n" +
		"r3\t4\t*\t0\t0\t*\t*\t0\t0\tACGTACGTAC\tIIIIIIIIII\n"
	if err := os.WriteFile(filepath.Join(work, "reads.sam"), []byte(sam), 0o644); err != nil {
		t.Fatal(err)
	}
	sh := func(name string, args ...string) string {
		t.Helper()
		c := exec.Command(name, args...)
		c.Dir = work
		out, err := c.Output()
		if err != nil {
			t.Fatalf("%s %v: %v", name, args, err)
		}
		return string(out)
	}
	for _, s := range []string{"s1", "s2", "s3"} {
		sh("samtools", "view", "-b", "-o", s+".bam", "reads.sam")
	}
	oxo := func(args ...string) (string, string, int) {
		c := exec.Command(bin, args...)
		c.Dir = work
		c.Env = append(os.Environ(), "HOME="+work+"/home", "XDG_CONFIG_HOME="+work+"/home/.config",
			"XDG_CACHE_HOME="+work+"/home/.cache", "XDG_DATA_HOME="+work+"/home/.local/share", "OXO_CALL_EXECUTOR=")
		var out, errb strings.Builder
		c.Stdout, c.Stderr = &out, &errb
		err := c.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out.String(), errb.String(), code
	}

	out, errOut, code := oxo("run", "--yes", "--executor", "slurm", "--wait", "--wait-timeout", "3m",
		"--input-items", "s1,s2,s3", "samtools", "flagstat {item}.bam into {item}.flagstat.txt")
	if code != 0 {
		t.Fatalf("code=%d\n%s", code, errOut)
	}
	id := strings.TrimSpace(out)
	if !regexp.MustCompile(`^[0-9]+$`).MatchString(id) || !strings.Contains(errOut, "submitted SLURM job array (3 tasks) "+id) ||
		!strings.Contains(errOut, "slurm job "+id+": 3 items, 3 ok, 0 failed, 0 not finished") {
		t.Fatalf("stdout %q, stderr:\n%s", out, errOut)
	}
	// The controller has the array's three tasks, each COMPLETED.
	show := sh("scontrol", "-o", "show", "job", id)
	if n := strings.Count(show, "ArrayJobId="+id+" "); n != 3 || strings.Count(show, "JobState=COMPLETED ") != 3 {
		t.Fatalf("scontrol show job %s:\n%s", id, show)
	}
	want := sh("samtools", "flagstat", "s1.bam")
	if !strings.Contains(want, "3 + 0 in total") || !strings.Contains(want, "2 + 0 mapped") {
		t.Fatalf("flagstat of the test data: %s", want)
	}
	for _, s := range []string{"s1", "s2", "s3"} {
		got, err := os.ReadFile(filepath.Join(work, s+".flagstat.txt"))
		if err != nil || string(got) != want {
			t.Fatalf("%s.flagstat.txt: %v %q", s, err, got)
		}
	}
	if _, errOut, code := oxo("jobs", "status", id); code != 0 || !strings.Contains(errOut, "[2/3] s2: COMPLETED, exit 0 (log: "+work+"/oxo-call-logs/oxo-call-"+id+"_2.out)") {
		t.Fatalf("jobs status: %d %s", code, errOut)
	}

	// A batch with one dangerous item is refused before anything is
	// submitted: the controller knows no new job.
	before := slurmJobCount(t, "oxo-call-samtools")
	orig := sh("samtools", "view", "-c", "s3.bam")
	_, errOut, code = oxo("run", "--yes", "--executor", "slurm", "--wait", "--input-items", "s1.bam,s2.bam,s3.bam",
		"samtools", "view {item} and write the bam to {stem}.bam")
	if code != ExitRefused || !strings.Contains(errOut, "nothing submitted to SLURM") || !strings.Contains(errOut, "[3/3] s3.bam: refused:") {
		t.Fatalf("dangerous item: %d %s", code, errOut)
	}
	_, errOut, code = oxo("run", "--yes", "--executor", "slurm", "--input-items", "s1,s2,s1", "samtools", "flagstat {item}.bam into {item}.flagstat.txt")
	if code != ExitRefused || !strings.Contains(errOut, "check.batch_same_output") || !strings.Contains(errOut, "nothing submitted to SLURM") {
		t.Fatalf("two items writing one file: %d %s", code, errOut)
	}
	if after := slurmJobCount(t, "oxo-call-samtools"); after != before {
		t.Fatalf("jobs named oxo-call-samtools: %d before, %d after the refused batches", before, after)
	}
	if sh("samtools", "view", "-c", "s3.bam") != orig {
		t.Fatal("s3.bam changed")
	}
}
