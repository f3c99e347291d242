package engine

import (
	"context"
	"slices"
	"testing"
)

// zipxHelp lists how to call the program and its options, and never says
// what it does (bgzip's help is like this).
const zipxHelp = `Version: 1.0
Usage:   zipx [OPTIONS] [FILE] ...
Options:
   -c, --stdout               write on standard output, keep original files unchanged
   -d, --decompress           decompress
   -k, --keep                 don't delete input files during operation
   -@, --threads INT          number of threads to use [1]
`

func TestExploreReadsPurposeWhenHelpHasNone(t *testing.T) {
	r := &mapRunner{out: map[string]string{"--help": zipxHelp, "-l zipx": "zipx (1)             - Block compression utility\nzipx (3)             - a library\n"}}
	tr := &Trace{}
	rec := &ToolRecord{Name: "zipx", Executable: "zipx", ResolvedPath: "/usr/bin/zipx", Installed: true}
	doc := (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), rec, tr)
	if doc.Description != "Block compression utility" {
		t.Fatalf("description %q; ran %q", doc.Description, r.ran)
	}
	last := doc.Probes[len(doc.Probes)-1]
	if last.Words() != "whatis -l zipx" || !last.Valid || last.Rule != "probes.purpose" {
		t.Errorf("probe %+v", last)
	}
	if ev := eventWith(tr, `manual index summary: "Block compression utility"`); ev == nil || ev.Rule != "probes.purpose" {
		t.Errorf("trace %v", whats(tr))
	}

	// The summary accounts for the task's main word: the same command
	// leaves less of the task unexplained than with the help alone.
	task := "block compression of notes.txt with 4 threads, keeping the original file"
	with := MapTask(builtinRules, rec, doc, nil, task)
	bare := *doc
	bare.Description = ""
	without := MapTask(builtinRules, rec, &bare, nil, task)
	if Assemble(rec, with).Display != Assemble(rec, without).Display {
		t.Fatalf("commands differ: %q vs %q", Assemble(rec, with).Display, Assemble(rec, without).Display)
	}
	if with.Features["command_uncovered"] >= without.Features["command_uncovered"] {
		t.Errorf("uncovered %.2f with the summary, %.2f without", with.Features["command_uncovered"], without.Features["command_uncovered"])
	}
}

func TestExploreAsksNoIndexWhenHelpDescribes(t *testing.T) {
	help := "zipy: compress files in blocks\n\n" + zipxHelp
	r := &mapRunner{out: map[string]string{"--help": help, "-l zipy": "zipy (1)  - something else\n"}}
	doc := (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), &ToolRecord{Name: "zipy", Executable: "zipy", ResolvedPath: "/usr/bin/zipy", Installed: true}, nil)
	if slices.ContainsFunc(r.ran, func(s string) bool { return s == "whatis -l zipy" }) {
		t.Errorf("the index was asked though the help describes the program (%q): ran %q", doc.Description, r.ran)
	}

	// No line in the index: no description, and the probe says so.
	r = &mapRunner{out: map[string]string{"--help": zipxHelp, "-l zipx": "zipx: nothing appropriate.\n"}}
	doc = (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), &ToolRecord{Name: "zipx", Executable: "zipx", ResolvedPath: "/usr/bin/zipx", Installed: true}, nil)
	if last := doc.Probes[len(doc.Probes)-1]; doc.Description != "" || last.Valid || last.Program != "whatis" {
		t.Errorf("description %q, probe %+v", doc.Description, last)
	}
}
