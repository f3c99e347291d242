package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
)

// fanRunner is a tool whose every help (the root's and each
// subcommand's) lists fan more subcommands.
type fanRunner struct {
	fan  int
	runs atomic.Int64
}

func (r *fanRunner) Run(_ context.Context, spec RunSpec) RunResult {
	r.runs.Add(1)
	var b strings.Builder
	b.WriteString("Usage: fan <command> [options]\n\nCommands:\n")
	for i := range r.fan {
		fmt.Fprintf(&b, "  c%d%03d    does thing %d of %s\n", len(spec.Argv), i, i, strings.Join(spec.Argv[1:], " "))
	}
	return RunResult{Output: []byte(b.String())}
}

// TestRecursiveHelpIsCapped: every subcommand listing 32 more ran 33,698
// probes; the total is now capped and the cut is reported.
func TestRecursiveHelpIsCapped(t *testing.T) {
	r := &fanRunner{fan: 32}
	x := &Explorer{Rules: builtinRules, Runner: r}
	tr := &Trace{}
	doc := x.Explore(context.Background(), &ToolRecord{Name: "fan", Executable: "fan", ResolvedPath: "/x/fan", Installed: true}, tr)
	o := ExploreOptions{}.withDefaults()
	if n := countSubs(doc.Subcommands); n > o.MaxProbed {
		t.Errorf("%d subcommands in the ToolDoc, cap %d", n, o.MaxProbed)
	}
	// Each probed subcommand takes one probe (its --help is valid), plus
	// the root's.
	if n := r.runs.Load(); n > int64(o.MaxProbed)+10 {
		t.Errorf("%d probes, want at most about %d", n, o.MaxProbed)
	}
	b, _ := json.Marshal(doc)
	if len(b) > 4<<20 {
		t.Errorf("ToolDoc of %d bytes", len(b))
	}
	msg := strings.Join(doc.Messages, "; ")
	if !strings.Contains(msg, "at most 400 are probed per tool") {
		t.Errorf("messages %q do not report the cut", msg)
	}
	if eventWith(tr, "subcommands cut") == nil {
		t.Error("the trace (explain) does not report the cut")
	}
}

// TestLongListingIsCutAndSaid: a tool listing 5,000 subcommands is cut at
// 200 and says so.
func TestLongListingIsCutAndSaid(t *testing.T) {
	r := &mapRunner{out: map[string]string{}}
	var b strings.Builder
	b.WriteString("Usage: big <command> [options]\n\nCommands:\n")
	for i := range 5000 {
		fmt.Fprintf(&b, "  s%04d    does thing %d\n", i, i)
	}
	r.out["--help"] = b.String()
	tr := &Trace{}
	doc := (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), &ToolRecord{Name: "big", Executable: "big", ResolvedPath: "/x/big", Installed: true}, tr)
	if len(doc.Subcommands) != 200 {
		t.Errorf("%d subcommands, want the first 200", len(doc.Subcommands))
	}
	want := "subcommands cut: the tool lists 5000; only the first 200 of a listing are probed"
	if !strings.Contains(strings.Join(doc.Messages, "; "), want) || eventWith(tr, want) == nil {
		t.Errorf("messages %q: want %q in them and in the trace", doc.Messages, want)
	}
}

// TestHelpBytesCap: past MaxHelpBytes no more subcommand help is read.
func TestHelpBytesCap(t *testing.T) {
	r := &fanRunner{fan: 40}
	x := &Explorer{Rules: builtinRules, Runner: r, Opts: ExploreOptions{MaxHelpBytes: 20 << 10, MaxDepth: 1}}
	doc := x.Explore(context.Background(), &ToolRecord{Name: "fan", Executable: "fan", ResolvedPath: "/x/fan", Installed: true}, nil)
	kept := len(doc.RawHelp)
	for _, h := range doc.SubcommandHelps {
		kept += len(h)
	}
	if kept > 20<<10 {
		t.Errorf("kept %d bytes of help, cap %d", kept, 20<<10)
	}
	if !strings.Contains(strings.Join(doc.Messages, "; "), "the help kept per tool is capped") {
		t.Errorf("messages %q", doc.Messages)
	}
}

// TestCompanionsAreCapped: at most MaxCompanions are probed, and the cut
// is said.
func TestCompanionsAreCapped(t *testing.T) {
	r := &mapRunner{}
	rec := &ToolRecord{Name: "k", Executable: "k", ResolvedPath: "/x/k", Installed: true}
	for i := range 40 {
		rec.CompanionTools = append(rec.CompanionTools, Companion{Name: fmt.Sprintf("k-%d", i), Path: fmt.Sprintf("/x/k-%d", i)})
	}
	doc := (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), rec, nil)
	if len(doc.Companions) != 32 || !strings.Contains(strings.Join(doc.Messages, "; "), "40 companions found; only the first 32 were probed") {
		t.Errorf("%d companions, messages %q", len(doc.Companions), doc.Messages)
	}
}

func countSubs(s []SubcommandDoc) int {
	n := 0
	for _, x := range s {
		n += 1 + countSubs(x.Subcommands)
	}
	return n
}
