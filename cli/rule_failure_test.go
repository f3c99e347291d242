package cli

import (
	"strings"
	"testing"
	"time"
)

// boundedRun runs the program and fails the test when it does not end
// within 10 s: a command that blocks on a FIFO or reads /dev/zero forever
// must not hang the suite.
func (f *fakeEnv) boundedRun(args ...string) (string, string, int) {
	f.t.Helper()
	type res struct {
		out, err string
		code     int
	}
	done := make(chan res, 1)
	go func() {
		o, e, c := f.run(args...)
		done <- res{o, e, c}
	}()
	select {
	case r := <-done:
		return r.out, r.err, r.code
	case <-time.After(10 * time.Second):
		f.t.Fatalf("%q did not end within 10s", args)
	}
	return "", "", 0
}

// A user rule that builds strings past the bound is reported once, by id,
// and the command goes on as if it did not fire.
func TestOvergrowingUserRuleIsReportedOnce(t *testing.T) {
	f := filtEnv(t)
	f.userRule("frameworks", "grow.yaml", "- id: framework.grow\n  when: 'let a = help+help+help+help; let b = a+a+a+a; let c = b+b+b+b; let d = c+c+c+c; let e = d+d+d+d; let g = e+e+e+e; let h = g+g+g+g; len(h) > 0'\n  then: {parser: generic}\n  priority: 1000\n")
	out, errOut, code := f.boundedRun("dry-run", "--no-cache", "filt", filtTask)
	if code != 0 || out != "filt -o out.txt -q 20 in.txt\n" {
		t.Fatalf("%d %q\n%s", code, out, errOut)
	}
	if n := strings.Count(errOut, "rule framework.grow: evaluation failed: the strings this rule builds are larger than 4194304 bytes"); n != 1 {
		t.Fatalf("%d reports:\n%s", n, errOut)
	}
}
