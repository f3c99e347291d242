package engine

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/traitome/oxo-call/parsers"
)

// TestExploreFollowsMoreHelpPointers: a subcommand whose help only points
// to --help-reads, and a tool whose -expert flag "see more options", are
// read with the texts they point to.
func TestExploreFollowsMoreHelpPointers(t *testing.T) {
	bin := t.TempDir()
	fakeBin(t, bin, "quanttool", `#!/bin/sh
case "$1 $2" in
"quant --help") echo "quanttool quant has two modes"; echo "to view the help for the reads mode, use --help-reads"; echo "Usage: quanttool quant [options]"; exit 0;;
"quant --help-reads") echo "Options:"; echo "  -i [ --index ] arg     salmon index"; echo "  -p [ --threads ] arg   number of threads"; exit 0;;
esac
echo "Usage: quanttool <command> [options]"
echo
echo "Commands:"
echo "     index      : create an index"
echo "     quant      : quantify a sample"
`, 0o755)
	fakeBin(t, bin, "treetool", `#!/bin/sh
if [ "$1" = "-expert" ]; then echo "Expert options:"; echo "  -spr N     rounds of subtree-prune-regraft moves"; echo "  -boot N    number of bootstraps"; exit 0; fi
echo "Usage: treetool [options] alignment > tree"
echo "  -gtr      generalized time-reversible model"
echo "  -expert -- see more options"
`, 0o755)
	x := &Explorer{Rules: builtinRules, Runner: ExecRunner{}, Opts: ExploreOptions{Budget: 20 * time.Second}}
	doc := x.Explore(context.Background(), &ToolRecord{Executable: "quanttool", ResolvedPath: filepath.Join(bin, "quanttool"), Installed: true}, nil)
	q := FindSubcommand(doc.Subcommands, "quant")
	if q == nil {
		t.Fatalf("subcommands %+v", doc.Subcommands)
	}
	if _, ok := LookupFlag(q.Flags, "-i"); !ok {
		t.Fatalf("quant flags %+v: the --help-reads options are missing", q.Flags)
	}
	if f, ok := LookupFlag(q.Flags, "--threads"); !ok || f.Aliases[0] != "-p" {
		t.Fatalf("Boost-style -p [ --threads ] not read: %+v", q.Flags)
	}
	tree := x.Explore(context.Background(), &ToolRecord{Executable: "treetool", ResolvedPath: filepath.Join(bin, "treetool"), Installed: true}, nil)
	for _, want := range []string{"-gtr", "-spr", "-boot"} {
		if _, ok := LookupFlag(tree.Flags, want); !ok {
			t.Errorf("treetool lacks %s: %+v", want, tree.Flags)
		}
	}
}

// TestExploreSubOnDemand: a subcommand the listing does not show is probed
// when asked for, and a word without help of its own is refused.
func TestExploreSubOnDemand(t *testing.T) {
	bin := t.TempDir()
	fakeBin(t, bin, "javatool", `#!/bin/sh
if [ "$1" = "SortSam" ]; then echo "USAGE: SortSam [arguments]"; echo "--INPUT,-I <File>   Input BAM"; echo "--OUTPUT,-O <File>  Output BAM"; echo "--SORT_ORDER,-SO <SortOrder>  Sort order"; exit 0; fi
echo "USAGE: javatool <program name> [-h]"
echo "Available Programs:"
echo "Lots of programs, none listed in a way a parser reads."
`, 0o755)
	x := &Explorer{Rules: builtinRules, Runner: ExecRunner{}}
	rec := &ToolRecord{Executable: "javatool", ResolvedPath: filepath.Join(bin, "javatool"), Installed: true}
	root := x.Explore(context.Background(), rec, nil)
	sd, text, ok := x.ExploreSub(context.Background(), rec, root.RawHelp, []string{"SortSam"})
	if !ok || text == "" {
		t.Fatal("SortSam not probed")
	}
	if _, found := LookupFlag(sd.Flags, "-I"); !found {
		t.Fatalf("SortSam flags %+v", sd.Flags)
	}
	if _, _, ok := x.ExploreSub(context.Background(), rec, root.RawHelp, []string{"NoSuchProgram"}); ok {
		t.Fatal("a word that prints the root help again was accepted")
	}
}

// TestExploreFollowsListedHelpFlagAfterRejectedProbe: snpEff rejects
// --help ("Unknown option '--help'") and prints its default command's
// help, which lists "-h , -help"; -h prints the command list. Both are
// read: the commands and the default command's options.
func TestExploreFollowsListedHelpFlagAfterRejectedProbe(t *testing.T) {
	r := &mapRunner{out: map[string]string{
		"--help": "Error        :\tUnknown option '--help'\nCommand line :\tSnpEff  --help\n\nUsage: snpEff [eff] [options] genome_version [input_file]\n\nOptions:\n" +
			"\t-chr <string>                   : Prepend 'string' to chromosome name\n\t-csvStats <file>                : Create CSV summary file.\n" +
			"\t-i <format>                     : Input format [ vcf, bed ]. Default: VCF.\n\t-fileList                       : Input actually contains a list of files to process.\n" +
			"\t-o <format>                     : Ouput format [ vcf, gatk, bed, bedAnn ]. Default: VCF.\n\t-noStats                        : Do not create stats (summary) file\n\nGeneric options:\n" +
			"\t-h , -help                   : Show this help and exit\n\t-v , -verbose                : Verbose mode\n",
		"-h": "Usage: snpEff [command] [options] [files]\n\nAvailable commands: \n\tbuild                        : Build a SnpEff database.\n\tdownload                     : Download a SnpEff database.\n\nGeneric options:\n" +
			"\t-h , -help                   : Show this help and exit\n\t-v , -verbose                : Verbose mode\n",
		"-help": "Usage: snpEff [command] [options] [files]\n\nAvailable commands: \n\tbuild                        : Build a SnpEff database.\n\tdownload                     : Download a SnpEff database.\n\nGeneric options:\n" +
			"\t-h , -help                   : Show this help and exit\n\t-v , -verbose                : Verbose mode\n",
		"build --help": "Error: Unknown option '--help'\n\nUsage: snpEff build [options] genome_version\n\t-gff3                        : Use GFF3 format.\n\t-gtf22                       : Use GTF 2.2 format.\n",
	}}
	x := &Explorer{Rules: builtinRules, Runner: r, Opts: ExploreOptions{Budget: 20 * time.Second}}
	doc := x.Explore(context.Background(), &ToolRecord{Executable: "snpEff", ResolvedPath: "/x/snpEff", Installed: true}, nil)
	b := FindSubcommand(doc.Subcommands, "build")
	if b == nil || FindSubcommand(doc.Subcommands, "download") == nil {
		t.Fatalf("subcommands %+v", doc.Subcommands)
	}
	if _, ok := LookupFlag(b.Flags, "-gff3"); !ok {
		t.Errorf("build flags %+v", b.Flags)
	}
	if _, ok := LookupFlag(append(doc.GlobalFlags, doc.Flags...), "-csvStats"); !ok {
		t.Errorf("the default command's options are lost: %+v", doc.GlobalFlags)
	}
	// -help prints what -h printed: read once
	if n := strings.Count(doc.RawHelp, "Available commands"); n != 1 {
		t.Errorf("the command list is read %d times", n)
	}
	if got := listedHelpFlags("  -x      extra\n  -h, --help   show this help\n  -?  help\n", rootProbes); strings.Join(got, " ") != "-h --help -?" {
		t.Errorf("listed help flags %q", got)
	}
}

// A command placeholder is another program's command line only where the
// level lists no subcommands of its own.
func TestPositionalDocsInnerCommand(t *testing.T) {
	ps := []parsers.Positional{{Position: 1, Name: "command", Command: true}, {Position: 2, Name: "args"}}
	if d := positionalDocs(ps, nil); !d[0].Command || d[1].Command {
		t.Errorf("%+v", d)
	}
	if d := positionalDocs(ps, []parsers.Entry{{Name: "sort"}}); d[0].Command {
		t.Errorf("%+v", d)
	}
}
