package engine

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

func TestLiveExploreSamtools(t *testing.T) {
	requireTool(t, "samtools")
	rv := &Resolver{Rules: builtinRules, PathDirs: strings.Split(os.Getenv("PATH"), ":"), Runner: ExecRunner{}}
	rec, err := rv.Resolve(context.Background(), "samtools", nil)
	if err != nil {
		t.Fatal(err)
	}
	x := &Explorer{Rules: builtinRules, Runner: ExecRunner{}}
	start := time.Now()
	tr := &Trace{}
	doc := x.Explore(context.Background(), rec, tr)
	t.Logf("explored in %v: %d subs quality %.2f", time.Since(start), len(doc.Subcommands), doc.DocQuality)
	sort := FindSubcommand(doc.Subcommands, "sort")
	if sort == nil {
		t.Fatalf("no sort subcommand among %d", len(doc.Subcommands))
	}
	if _, ok := LookupFlag(sort.Flags, "-@"); !ok {
		t.Errorf("samtools sort lacks -@: %+v", sort.Flags)
	}
}
