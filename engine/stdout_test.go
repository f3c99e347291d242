package engine

import (
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// TestOutputWithoutFlagGoesToStdout: a tool whose help has no output flag
// and no written positional writes the task's output through "> file";
// one whose output needs its --stdout switch gets it; a tool with an
// output flag or an output positional keeps writing through those.
func TestOutputWithoutFlagGoesToStdout(t *testing.T) {
	cases := []struct {
		tool, task, display string
	}{
		{"md5sum", "compute MD5 checksums of a.fq.gz and b.fq.gz and save them to sums.txt", "md5sum a.fq.gz b.fq.gz > sums.txt"},
		{"paste", "paste x.txt and y.txt side by side into xy.tsv", "paste x.txt y.txt > xy.tsv"},
		{"gzip", "compress table.tsv to standard output into table.tsv.gz", "gzip -c table.tsv > table.tsv.gz"},
		{"uniq", "collapse repeated lines of in.txt into out.txt", "uniq in.txt out.txt"},
	}
	store, _ := skills.Load(nil, skills.Builtin())
	for _, c := range cases {
		doc := goldenDoc(t, c.tool)
		rec := &ToolRecord{Name: c.tool, Executable: c.tool}
		sk, _ := store.Get(c.tool)
		f := MapTask(builtinRules, rec, doc, sk, c.task)
		if got := Assemble(rec, f).Display; got != c.display {
			t.Errorf("%s %q:\n got %s\nwant %s\n%s", c.tool, c.task, got, c.display, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestWritesStdoutNeedsKnownHelp: without the help, with a written
// positional (mmseqs' o:alignmentFile) or with an output flag, nothing is
// redirected; a tool of flags alone (bedtools slop -i) is.
func TestWritesStdoutNeedsKnownHelp(t *testing.T) {
	if writesStdout(&candidate{known: true}) {
		t.Error("no help read: redirected")
	}
	flagsOnly := &candidate{known: true, flags: []FlagDoc{{Name: "-i", ParamType: "file", Category: "Input"}}}
	if !writesStdout(flagsOnly) {
		t.Error("a tool of input flags alone: not redirected")
	}
	flagsOnly.flags = append(flagsOnly.flags, FlagDoc{Name: "-fo", ParamType: "bool", Category: "Output"})
	if writesStdout(flagsOnly) {
		t.Error("an output flag read as a switch (-fo): redirected")
	}
	c := &candidate{known: true, positionals: []PositionalDoc{{Name: "i:query"}, {Name: "o:alignmentFile"}}}
	if writesStdout(c) {
		t.Error("an output positional: redirected")
	}
	c = &candidate{known: true, positionals: []PositionalDoc{{Name: "FILE"}}, flags: []FlagDoc{{Name: "--output-filename", Aliases: []string{"-o"}, ParamType: "bool", Category: "Output"}}}
	if writesStdout(c) {
		t.Error("an output flag read without its placeholder: redirected")
	}
	c.flags = []FlagDoc{{Name: "-b", ParamType: "bool", Category: "Input"}}
	if !writesStdout(c) {
		t.Error("only inputs and no output flag: not redirected")
	}
}

// TestExampleStdinIsAFileArgumentOrThePipe: an example's "< file" is the
// file argument of a tool whose usage takes files (wc), and the pipe for
// one whose usage takes none (tr SET1 SET2); an example's constant
// positional the task never gives counts as the example's value.
func TestExampleStdinIsAFileArgumentOrThePipe(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	for _, c := range []struct{ tool, task, display string }{
		{"wc", "print just the number of lines of calls.txt without the file name", "wc -l calls.txt"},
		{"tr", "squeeze runs of repeated spaces into one", "tr -s ' '"},
	} {
		rec := &ToolRecord{Name: c.tool, Executable: c.tool}
		sk, _ := store.Get(c.tool)
		f := MapTask(builtinRules, rec, goldenDoc(t, c.tool), sk, c.task)
		if got := Assemble(rec, f).Display; got != c.display {
			t.Errorf("%s %q:\n got %s\nwant %s\n%s", c.tool, c.task, got, c.display, strings.Join(f.Evidence, "\n"))
		}
		if c.tool == "tr" && f.Features["example_values"] != 1 {
			t.Errorf("tr: example_values %v, want 1 (the example's ' ')", f.Features["example_values"])
		}
	}
	if readsFiles(&candidate{known: true, positionals: []PositionalDoc{{Name: "STRING1", ParamType: "string"}}}) {
		t.Error("tr's usage read as taking files")
	}
}

// TestExampleValueNeedsTheTasksWords: an example flag with its own value
// is not kept because the two tasks share one word ("discard"); a value
// the task gives at the end of a sentence ("ISR).") is a task value.
func TestExampleValueNeedsTheTasksWords(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	sk, _ := store.Get("cutadapt")
	rec := &ToolRecord{Name: "cutadapt", Executable: "cutadapt"}
	f := MapTask(builtinRules, rec, goldenDoc(t, "cutadapt"), sk, "trim the 3prime adapter CTGTCTCTTATA from lib_1.fq.gz, discard reads shorter than 25 bp, write lib_1.trim.fq.gz")
	for _, fv := range f.Flags {
		if fv.Name == "--max-n" {
			t.Errorf("kept the example's --max-n %s\n%s", fv.Value, strings.Join(f.Evidence, "\n"))
		}
	}
	m := newMapper(builtinRules, rec, nil, nil, "the library is stranded (read 1 reverse: ISR). Save to out.bam.")
	for _, v := range []string{"ISR", "out.bam"} {
		if !m.taskValues()[v] {
			t.Errorf("%s is not a task value", v)
		}
	}
}

// TestExampleRedirectTakesTheTaskOutput: an example that writes to
// standard output a file of another kind than the task's output (cut's
// "> regions.bed", racon's "> assembly.racon.fa") shows the tool writes
// there: the task's output takes the redirection, not a positional.
func TestExampleRedirectTakesTheTaskOutput(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	for _, c := range []struct{ tool, task, display string }{
		{"cut", "extract the first column of samples.csv into names.txt", "cut -f 1 -d , samples.csv > names.txt"},
		{"racon", "polish draft.fa using reads.fq and the overlaps ovl.paf, write the result to polished.txt", "racon reads.fq ovl.paf draft.fa > polished.txt"},
	} {
		rec := &ToolRecord{Name: c.tool, Executable: c.tool}
		sk, _ := store.Get(c.tool)
		f := MapTask(builtinRules, rec, goldenDoc(t, c.tool), sk, c.task)
		if got := Assemble(rec, f).Display; got != c.display {
			t.Errorf("%s %q:\n got %s\nwant %s\n%s", c.tool, c.task, got, c.display, strings.Join(f.Evidence, "\n"))
		}
		if f.Features["outputs_as_positionals"] != 0 || !strings.Contains(strings.Join(f.Evidence, "\n"), "the example writes to standard output (") {
			t.Errorf("%s: the output was not sent to the example's redirection: %v", c.tool, f.Evidence)
		}
	}
}

// TestStdoutSwitchLeavesWithItsRedirection: an example's switch to
// standard output (pigz -c) goes when its redirection is left out and
// another switch of the command already keeps the input (-k); it stays
// when nothing else keeps the input (gzip's "without deleting the
// archive") or when the task asks for standard output.
func TestStdoutSwitchLeavesWithItsRedirection(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	for _, c := range []struct{ tool, task, display string }{
		{"pigz", "compress big.fq with 8 threads and keep the original", "pigz -p 8 -k big.fq"},
		{"pigz", "decompress sample.fa.gz to a new file and keep the original file", "pigz -k -d sample.fa.gz"},
		{"gzip", "decompress sample.fa.gz to a new file without deleting the archive", "gzip -d -c sample.fa.gz"},
		{"gzip", "decompress genome.fa.gz to standard output", "gzip -d -c genome.fa.gz"},
	} {
		rec := &ToolRecord{Name: c.tool, Executable: c.tool}
		sk, _ := store.Get(c.tool)
		f := MapTask(builtinRules, rec, goldenDoc(t, c.tool), sk, c.task)
		if got := Assemble(rec, f).Display; got != c.display {
			t.Errorf("%s %q:\n got %s\nwant %s\n%s", c.tool, c.task, got, c.display, strings.Join(f.Evidence, "\n"))
		}
	}
	if sideEffectHeld(&Fill{Flags: []FlagValue{{Name: "-z", Value: "x", HasValue: true}}}, &candidate{flags: []FlagDoc{{Name: "-z", Description: "keep the original"}}}, FlagDoc{Name: "-c", Description: "keep original files"}) {
		t.Error("a valued flag counted as a switch that keeps the input")
	}
}

// TestOutputWrittenByItsStem: an example that writes its task's output
// x.msh as the prefix "x" (mash paste adds the extension) has the task's
// output written the same way, and the output counts as placed; the same
// holds for an example of another tool (a bowtie2-build skill naming the
// index idx.bt2 by the base "idx").
func TestOutputWrittenByItsStem(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	mash, _ := store.Get("mash")
	bt := &skills.Skill{Name: "bowtie2-build", Examples: []skills.Example{{Task: "index genome.fa into idx.bt2", Args: "genome.fa idx"}}}
	for _, c := range []struct {
		tool, task, display string
		sk                  *skills.Skill
	}{
		{"mash", "combine the sketches a.msh and b.msh into one sketch ab.msh", "mash paste ab a.msh b.msh", mash},
		{"mash", "merge x.msh and y.msh into xy.msh", "mash paste xy x.msh y.msh", mash},
		{"bowtie2-build", "index chr.fa into mine.bt2", "bowtie2-build chr.fa mine", bt},
	} {
		rec := &ToolRecord{Name: c.tool, Executable: c.tool}
		f := MapTask(builtinRules, rec, goldenDoc(t, c.tool), c.sk, c.task)
		if got := Assemble(rec, f).Display; got != c.display || len(f.Unused) > 0 {
			t.Errorf("%s %q:\n got %s (unused %v)\nwant %s\n%s", c.tool, c.task, got, f.Unused, c.display, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestOutputFlagTheSkillNamesForIt: among the flags whose help says they
// write the output's kind, the one an example of the skill gives a file
// named like the task's output takes it (gffread -w for transcripts, -y
// for proteins; vsearch --fastqout for a merged FASTQ), not the generic
// output flag.
func TestOutputFlagTheSkillNamesForIt(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	for _, c := range []struct{ tool, task, display string }{
		{"gffread", "get the spliced transcript sequences of genes.gtf using ref.fa, write them to my_transcripts.fa", "gffread genes.gtf -g ref.fa -w my_transcripts.fa"},
		{"gffread", "从 ref.fa 和 a.gff3 提取蛋白序列，写入 a_proteins.fa", "gffread a.gff3 -g ref.fa -y a_proteins.fa"},
		{"vsearch", "merge the read pairs a_R1.fq and a_R2.fq into a_merged.fastq", "vsearch --fastq_mergepairs a_R1.fq --reverse a_R2.fq --fastqout a_merged.fastq"},
	} {
		rec := &ToolRecord{Name: c.tool, Executable: c.tool}
		sk, _ := store.Get(c.tool)
		f := MapTask(builtinRules, rec, goldenDoc(t, c.tool), sk, c.task)
		if got := Assemble(rec, f).Display; got != c.display {
			t.Errorf("%s %q:\n got %s\nwant %s\n%s", c.tool, c.task, got, c.display, strings.Join(f.Evidence, "\n"))
		}
	}
	if w := nameWords("dir/a_proteins.fa.gz"); !w["protein"] || w["a"] {
		t.Errorf("nameWords: %v", w)
	}
}
