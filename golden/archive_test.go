package golden

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/engine"
)

// fakeRunner answers every probe with a fixed output.
type fakeRunner struct{ out string }

func (f fakeRunner) Run(_ context.Context, spec engine.RunSpec) engine.RunResult {
	return engine.RunResult{Output: []byte(f.out + " " + strings.Join(spec.Argv[1:], " "))}
}

func TestCaptureWriteReadAndReplay(t *testing.T) {
	c := &Capture{Meta: Meta{Tool: "mytool", Executable: "mytool", Version: "1.0", Companions: []string{"mytool-build"}, Captured: "2026-11-30"}, Outputs: map[string]string{}}
	rr := &RecordRunner{Inner: fakeRunner{out: "\x1b[1mUsage:\x1b[0m mytool at 12:34:56 on 2026-01-02 in /tmp/oxo-probe-123"}, C: c}
	res := rr.Run(context.Background(), engine.RunSpec{Argv: []string{"/usr/bin/mytool", "--help"}})
	want := "Usage: mytool at <time> on <date> in <tmp> --help"
	if string(res.Output) != want || c.Outputs["mytool --help"] != want {
		t.Fatalf("recorded %q", c.Outputs)
	}
	bin := &RecordRunner{Inner: fakeRunner{out: string([]byte{0x1f, 0x8b, 0, 1, 2, 3, 0xff, 0xfe, 0, 0, 0})}, C: c}
	if out := bin.Run(context.Background(), engine.RunSpec{Argv: []string{"mytool"}}); len(out.Output) > 64 {
		t.Fatal("binary output kept whole")
	}
	path := filepath.Join(t.TempDir(), "mytool", "capture.txtar")
	if err := c.Write(path); err != nil {
		t.Fatal(err)
	}
	back, err := Read(path)
	if err != nil || back.Meta.Version != "1.0" || back.Outputs["mytool --help"] != want+"\n" {
		t.Fatalf("read back %+v %v", back, err)
	}
	rec := back.Record()
	if rec.ResolvedPath != "/usr/bin/mytool" || len(rec.CompanionTools) != 1 || rec.CompanionTools[0].Path != "/usr/bin/mytool-build" {
		t.Fatalf("record %+v", rec)
	}
	rp := ReplayRunner{C: back}
	if got := rp.Run(context.Background(), engine.RunSpec{Argv: []string{"/usr/bin/mytool", "--help"}}); !strings.HasPrefix(string(got.Output), "Usage:") {
		t.Fatalf("replay %q", got.Output)
	}
	if got := rp.Run(context.Background(), engine.RunSpec{Argv: []string{"mytool", "nope"}}); got.ExitCode != 1 || len(got.Output) != 0 {
		t.Fatalf("unrecorded probe %+v", got)
	}
	if Key(nil) != "" || Key([]string{"/a/b/x", "y"}) != "x y" {
		t.Fatal("Key")
	}
}

func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Read(filepath.Join(dir, "missing.txtar")); err == nil {
		t.Fatal("missing file read")
	}
	bad := filepath.Join(dir, "bad.txtar")
	os.WriteFile(bad, []byte("tool: [unclosed\n-- x --\ny\n"), 0o644)
	if _, err := Read(bad); err == nil || !strings.Contains(err.Error(), "meta") {
		t.Fatalf("bad meta: %v", err)
	}
	noexe := filepath.Join(dir, "noexe.txtar")
	os.WriteFile(noexe, []byte("tool: x\n-- x --\ny\n"), 0o644)
	if _, err := Read(noexe); err == nil || !strings.Contains(err.Error(), "no executable") {
		t.Fatalf("no executable: %v", err)
	}
	if err := (&Capture{}).Write(filepath.Join(bad, "sub", "f")); err == nil {
		t.Fatal("write under a file succeeded")
	}
}

func TestReadCasesErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o644)
		return p
	}
	if _, err := ReadCases(filepath.Join(dir, "none.yaml")); err == nil {
		t.Fatal("missing file")
	}
	if _, err := ReadCases(write("a.yaml", "- task: x\n  expect: y\n  colour: red\n")); err == nil || !strings.Contains(err.Error(), "colour") {
		t.Fatalf("unknown key: %v", err)
	}
	if _, err := ReadCases(write("b.yaml", "- task: x\n  expect: y\n- task: z\n")); err == nil || !strings.Contains(err.Error(), "b.yaml:3: a case needs task and expect") {
		t.Fatalf("missing expect: %v", err)
	}
	if _, err := ReadCases(write("c.yaml", "- task: [\n")); err == nil {
		t.Fatal("syntax error accepted")
	}
	cs, err := ReadCases(write("d.yaml", "- task: x\n  expect: y\n  accept: [z]\n  category: c\n"))
	if err != nil || len(cs) != 1 || cs[0].Line != 1 || cs[0].Accept[0] != "z" {
		t.Fatalf("%+v %v", cs, err)
	}
}

func TestNormalizeAndSqueeze(t *testing.T) {
	if got := squeeze("a  \n\n  \nb\t\n"); got != "a\nb" {
		t.Fatalf("squeeze = %q", got)
	}
	if got := firstDiff("a\nb", "a\nc"); !strings.Contains(got, "line 2") {
		t.Fatal(got)
	}
	if firstDiff("a", "a") != "(equal)" {
		t.Fatal("equal")
	}
	if got := Normalize("Mon Jan  5 took 1:02:03.5"); strings.Contains(got, "1:02:03") || !strings.Contains(got, "<date>") {
		t.Fatalf("Normalize = %q", got)
	}
}

func TestNormalizeCPU(t *testing.T) {
	a := NormalizeCPU("PLINK v2.00a3.5 AVX2 (9 Aug 2022)              www.cog-genomics.org/plink/2.0/\n  --bfile  x")
	b := NormalizeCPU("PLINK v2.00a3.5 SSE4.2 (9 Aug 2022)            www.cog-genomics.org/plink/2.0/\n  --bfile  x")
	if a != b {
		t.Fatalf("the same help on two CPUs differs after NormalizeCPU:\n%s\n%s", a, b)
	}
	if !strings.Contains(a, "\n  --bfile  x") {
		t.Fatalf("a line without a CPU name was changed: %q", a)
	}
	if NormalizeCPU("plain help") != "plain help" {
		t.Fatal("text without a CPU name must stay as it is")
	}
}
