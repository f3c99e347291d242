package engine

import (
	"context"
	"strings"
	"testing"
)

func TestUsageWritesStdout(t *testing.T) {
	for usage, want := range map[string]bool{
		"rsem-generate-data-matrix sampleA.results sampleB.results ... > output_name.matrix": true,
		"bam2bed < foo.bam > out.bed":          true,
		"tool [options] <in.bam>":              false,
		"tool [options] in.bam 2> log.txt":     false,
		"tool [options] in.bam > out.txt 2>&1": false,
		"":                                     false,
	} {
		if got := usageWritesStdout(usage); got != want {
			t.Errorf("usageWritesStdout(%q) = %v, want %v", usage, got, want)
		}
	}
}

// A tool that reads "--help" as an input file ("Nothing is detected!
// --help may not exist") prints its usage when run bare; a usage that
// redirects standard output sends the task's output there, though the
// tool has no flags at all.
func TestBareUsageWithRedirect(t *testing.T) {
	usage := "Usage: mkmatrix sampleA.results sampleB.results ... > output_name.matrix\nAll result files should have the same file type.\n"
	r := &mapRunner{out: map[string]string{
		"--help": "Nothing is detected! --help may not exist or is empty.\n",
		"-h":     "Nothing is detected! -h may not exist or is empty.\n",
		"":       usage,
	}}
	rec := &ToolRecord{Name: "mkmatrix", Executable: "mkmatrix", ResolvedPath: "/x/mkmatrix", Installed: true}
	tr := &Trace{}
	doc := (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), rec, tr)
	if doc.RawHelp != usage || eventWith(tr, "run bare") == nil {
		t.Fatalf("help %q; trace %+v", doc.RawHelp, tr.Events())
	}
	f := MapTask(builtinRules, rec, doc, nil, "merge a.results b.results into genes.matrix")
	if got := Assemble(rec, f).Display; got != "mkmatrix a.results b.results > genes.matrix" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
