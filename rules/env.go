package rules

import (
	"path/filepath"
	"strconv"
	"strings"
)

// Preparer is implemented by environments that derive fields from the
// fields a caller sets (lower-cased text, word lists). Load and Eval call
// Prepare before a rule sees the environment, so inline tests may give only
// the primary fields.
type Preparer interface{ Prepare() }

// InterpreterEnv describes a script a user named by path (kind interpreters).
type InterpreterEnv struct {
	// Path is the absolute path of the script.
	Path string `expr:"path" yaml:"path"`
	// Ext is the lower-cased extension with its dot (".py").
	Ext string `expr:"ext" yaml:"ext"`
	// Shebang is the first line without "#!" ("/usr/bin/env python3"), or "".
	Shebang string `expr:"shebang" yaml:"shebang"`
	// Program is the shebang's program base name, looking through
	// "/usr/bin/env" and its "-S" flag ("python3"), or "".
	Program string `expr:"program" yaml:"program"`
	// Executable reports whether the file has an execute bit.
	Executable bool `expr:"executable" yaml:"executable"`
}

// Prepare derives Ext and Program from Path and Shebang when unset.
func (e *InterpreterEnv) Prepare() {
	if e.Ext == "" && e.Path != "" {
		e.Ext = strings.ToLower(filepath.Ext(e.Path))
	}
	if e.Program == "" && e.Shebang != "" {
		e.Program = ShebangProgram(e.Shebang)
	}
}

// ShebangProgram returns the program a shebang line runs, looking through
// env and its flags: "/usr/bin/env -S python3 -u" → "python3".
func ShebangProgram(shebang string) string {
	f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(shebang), "#!"))
	if len(f) == 0 {
		return ""
	}
	prog := filepath.Base(f[0])
	if prog != "env" {
		return prog
	}
	for _, a := range f[1:] {
		if strings.HasPrefix(a, "-") || strings.Contains(a, "=") {
			continue
		}
		return filepath.Base(a)
	}
	return ""
}

// AliasEnv is a bare tool name as the user typed it (kind aliases).
type AliasEnv struct {
	// Tool is the name as typed ("STAR", "featureCounts").
	Tool string `expr:"tool" yaml:"tool"`
	// Lower is Tool lower-cased.
	Lower string `expr:"lower" yaml:"lower"`
}

// Prepare lower-cases the name.
func (e *AliasEnv) Prepare() { e.Lower = strings.ToLower(e.Tool) }

// CompanionEnv is one candidate executable found near a tool (kind companions).
type CompanionEnv struct {
	// Tool is the tool's executable base name ("hisat2").
	Tool string `expr:"tool" yaml:"tool"`
	// Candidate is the candidate's base name ("hisat2-build").
	Candidate string `expr:"candidate" yaml:"candidate"`
	// SameDir reports whether the candidate sits in the tool's directory.
	SameDir bool `expr:"same_dir" yaml:"same_dir"`
	// SameFile reports that the candidate is the tool itself under another
	// name (a symlink or hard link).
	SameFile bool `expr:"same_file" yaml:"same_file"`
	// SamePackage reports that the package which installed the tool
	// (dpkg's file list, the conda environment's record) ships the
	// candidate too; Package is that package's name ("hmmer").
	SamePackage bool   `expr:"same_package" yaml:"same_package"`
	Package     string `expr:"package" yaml:"package"`
	// OwnDir reports a candidate found in the tool's own directory (its
	// real one, symlinks followed) when no package knows the tool; ToolDir
	// is that directory ("/opt/SPAdes-4.0.0/bin").
	OwnDir  bool   `expr:"own_dir" yaml:"own_dir"`
	ToolDir string `expr:"tool_dir" yaml:"tool_dir"`
	// DirOnPath reports that ToolDir is itself a PATH directory (not one
	// the tool was linked from).
	DirOnPath bool `expr:"dir_on_path" yaml:"dir_on_path"`
	// Lower* are lower-cased copies for case-insensitive rules.
	LowerTool      string `expr:"lower_tool" yaml:"-"`
	LowerCandidate string `expr:"lower_candidate" yaml:"-"`
}

// Prepare fills the lower-cased copies.
func (e *CompanionEnv) Prepare() {
	e.LowerTool = strings.ToLower(e.Tool)
	e.LowerCandidate = strings.ToLower(e.Candidate)
}

// ProbeEnv is a program about to be probed for its help (kind probes).
type ProbeEnv struct {
	// Tool is the program's executable base name ("bwa").
	Tool string `expr:"tool" yaml:"tool"`
	// Companion reports a companion of another tool (hisat2-build).
	Companion bool `expr:"companion" yaml:"companion"`
	// ByPath reports a tool the user named by a path (./mytool), whose
	// manual page, if any, may be another program's.
	ByPath bool `expr:"by_path" yaml:"by_path"`
	// HelpRead is false while the plan is made, true once the root help
	// was read; Help is its text, HelpFlags and HelpSubcommands count
	// what the parser read from it (empty and 0 when no probe printed
	// usable help).
	HelpRead        bool   `expr:"help_read" yaml:"help_read"`
	Help            string `expr:"help" yaml:"help"`
	HelpFlags       int    `expr:"help_flags" yaml:"help_flags"`
	HelpSubcommands int    `expr:"help_subcommands" yaml:"help_subcommands"`
	// HasDescription reports that the parser read a description of the
	// program from its help (what it does, in a sentence).
	HasDescription bool `expr:"has_description" yaml:"has_description"`
	// Rejected is what the root's help probes printed when none printed
	// usable help ("bioawk: no program given"), the outputs joined.
	Rejected  string `expr:"rejected" yaml:"rejected"`
	LowerTool string `expr:"lower_tool" yaml:"-"`
}

// Prepare lower-cases the tool name.
func (e *ProbeEnv) Prepare() { e.LowerTool = strings.ToLower(e.Tool) }

// ValidityEnv is one probe's output (kind validity).
type ValidityEnv struct {
	// Help is the probe output, ANSI-stripped.
	Help string `expr:"help" yaml:"help"`
	// Args are the probe arguments ("--help"; "sort", "--help").
	Args []string `expr:"args" yaml:"args"`
	// IsSub reports a subcommand probe.
	IsSub bool `expr:"is_sub" yaml:"is_sub"`
	// SameAsParent reports that the output equals the parent's help.
	SameAsParent bool `expr:"same_as_parent" yaml:"same_as_parent"`
	// Crashed reports a probe killed by a signal.
	Crashed bool `expr:"crashed" yaml:"crashed"`
	// TimedOut reports a probe stopped at its timeout: its output may be cut.
	TimedOut bool `expr:"timed_out" yaml:"timed_out"`
	// Binary reports output that is mostly not text (a tool that wrote
	// compressed data to stdout when run without arguments).
	Binary bool   `expr:"binary" yaml:"binary"`
	Lower  string `expr:"lower" yaml:"-"`
	Length int    `expr:"length" yaml:"-"`
	Lines  int    `expr:"lines" yaml:"-"`
}

// Prepare derives the lower-cased text, its trimmed length and line count.
func (e *ValidityEnv) Prepare() {
	e.Lower = strings.ToLower(e.Help)
	t := strings.TrimSpace(e.Help)
	e.Length = len(t)
	e.Lines = 0
	if t != "" {
		e.Lines = strings.Count(t, "\n") + 1
	}
}

// HelpEnv is one help text (kinds frameworks and subcommands).
type HelpEnv struct {
	// Help is the help text, ANSI-stripped.
	Help string `expr:"help" yaml:"help"`
	// Headings are the section headings, lower-cased, colon trimmed, as
	// found by the caller (parsers.Headings); tests may set them directly.
	Headings []string `expr:"headings" yaml:"headings"`
	// IsSub reports that this is a subcommand's help.
	IsSub bool `expr:"is_sub" yaml:"is_sub"`
	// Lower is Help lower-cased.
	Lower string `expr:"lower" yaml:"-"`
}

// Prepare lower-cases the text and headings.
func (e *HelpEnv) Prepare() {
	e.Lower = strings.ToLower(e.Help)
	for i, h := range e.Headings {
		e.Headings[i] = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(h), ":"))
	}
}

// SubcommandNameEnv is one candidate subcommand read from a listing
// (kind subcommand_names).
type SubcommandNameEnv struct {
	// Name is the listed name ("sort", "COMMAND").
	Name string `expr:"name" yaml:"name"`
	// Description is the text beside it in the listing.
	Description string `expr:"description" yaml:"description"`
	// Tool is the executable's base name, so a listing that repeats the
	// tool's own name can be dropped.
	Tool string `expr:"tool" yaml:"tool"`
}

// FlagEnv is one parsed flag (kind flag_categories).
type FlagEnv struct {
	// Name is the canonical flag ("--threads").
	Name string `expr:"name" yaml:"name"`
	// Aliases are the other spellings ("-t", "-@").
	Aliases []string `expr:"aliases" yaml:"aliases"`
	// Placeholder is the value name as written ("INT", "FILE"), or "".
	Placeholder string `expr:"placeholder" yaml:"placeholder"`
	// Type is the parsed parameter type (bool, int, float, string, file, choice).
	Type        string `expr:"type" yaml:"type"`
	Description string `expr:"description" yaml:"description"`
	// Names are every spelling with dashes stripped, long names lower-cased
	// and one-letter names kept as written, since -o and -O differ
	// ("threads", "t", "O", "@").
	Names []string `expr:"names" yaml:"-"`
	// Desc is the description lower-cased.
	Desc string `expr:"desc" yaml:"-"`
	// Value is the placeholder lower-cased.
	Value string `expr:"value" yaml:"-"`
}

// Prepare derives Names, Desc and Value.
func (e *FlagEnv) Prepare() {
	e.Names = e.Names[:0]
	for _, n := range append([]string{e.Name}, e.Aliases...) {
		n = strings.TrimRight(strings.TrimLeft(n, "-"), "=")
		if len(n) > 1 {
			n = strings.ToLower(n)
		}
		if n != "" {
			e.Names = append(e.Names, n)
		}
	}
	e.Desc = strings.ToLower(e.Description)
	e.Value = strings.ToLower(e.Placeholder)
}

// ResourceEnv is one flag of an assembled command with its value (kind
// resources): the flag as the tool's help describes it, its category
// from the flag_categories rules, and the value the command gives it.
type ResourceEnv struct {
	// Name is the flag as the help spells it first ("-@").
	Name string `expr:"name" yaml:"name"`
	// Aliases are the flag's other spellings ("--threads").
	Aliases []string `expr:"aliases" yaml:"aliases"`
	// Placeholder is the value form the help shows ("INT").
	Placeholder string `expr:"placeholder" yaml:"placeholder"`
	// Type is the value's type read from the help ("int", "string", "").
	Type string `expr:"type" yaml:"type"`
	// Description is the flag's help text.
	Description string `expr:"description" yaml:"description"`
	// Category is the flag's category ("Performance").
	Category string `expr:"category" yaml:"category"`
	// Given is the value on the command line ("8"), or "".
	Given string `expr:"given" yaml:"given"`
	// Names, Desc and Value are derived as in FlagEnv.
	Names []string `expr:"names" yaml:"-"`
	Desc  string   `expr:"desc" yaml:"-"`
	Value string   `expr:"value" yaml:"-"`
	// Number is Given as a whole number, 0 when it is not one (or < 1).
	Number int `expr:"number" yaml:"-"`
}

// Prepare derives the flag's names and the value's number.
func (e *ResourceEnv) Prepare() {
	f := FlagEnv{Name: e.Name, Aliases: e.Aliases, Placeholder: e.Placeholder, Description: e.Description}
	f.Prepare()
	e.Names, e.Desc, e.Value = f.Names, f.Desc, f.Value
	e.Number = 0
	if n, err := strconv.Atoi(strings.TrimSpace(e.Given)); err == nil && n > 0 {
		e.Number = n
	}
}

// IntentEnv is the user's task (kind intents).
type IntentEnv struct {
	// Task is the user's task as written.
	Task string `expr:"task" yaml:"task"`
	// Lower is the task lower-cased; Words its words (letters, digits, CJK runs).
	Lower string   `expr:"lower" yaml:"-"`
	Words []string `expr:"words" yaml:"-"`
}

// Prepare lower-cases the task and splits it into words.
func (e *IntentEnv) Prepare() {
	e.Lower = strings.ToLower(e.Task)
	e.Words = Words(e.Lower)
}

// StepsEnv is a task in words, before its commands are built (kind
// steps).
type StepsEnv struct {
	// Tool is the tool the user named.
	Tool string `expr:"tool" yaml:"tool"`
	// Task is the task (or the part of it between typed pipes) as written.
	Task string `expr:"task" yaml:"task"`
	// Lower is the task lower-cased; Words its words (letters, digits, CJK runs).
	Lower string   `expr:"lower" yaml:"-"`
	Words []string `expr:"words" yaml:"-"`
	// Inputs are the file families the task reads, its reference included (rules/file_kinds: bam, sam and cram are alignment-reads); set once its command is built.
	Inputs []string `expr:"inputs" yaml:"inputs"`
	// StepInputs are the file families the built command's one-command examples read ("call": vcf); empty before it is built or when it has no example.
	StepInputs []string `expr:"step_inputs" yaml:"step_inputs"`
	// Outputs are the kinds of the files the task writes (bam, sam, vcf: kinds, not families, since sam and bam are written by different commands).
	Outputs []string `expr:"outputs" yaml:"outputs"`
	// StepOutputs are the kinds the built command's one-command examples write ("mem": sam).
	StepOutputs []string `expr:"step_outputs" yaml:"step_outputs"`
	// ExampleOutputs are the kinds the commands of the weighed multi-step example write (mem … | samtools sort -o x.bam: bam).
	ExampleOutputs []string `expr:"example_outputs" yaml:"example_outputs"`
	// StepMargin is how clearly the built command won over the runner-up (the score gap /5, capped at 1); a close call may mean the task wants another command, not a pipeline.
	StepMargin float64 `expr:"step_margin" yaml:"step_margin"`
	// ExampleSteps is the number of commands of the multi-step skill example weighed (mpileup … | bcftools call …: 2); 0 when none is.
	ExampleSteps int `expr:"example_steps" yaml:"example_steps"`
	// ExampleInputs are the file families the first command of that example reads.
	ExampleInputs []string `expr:"example_inputs" yaml:"example_inputs"`
	// ExampleRunsStep: one of that example's commands runs the built command's executable and subcommand.
	ExampleRunsStep bool `expr:"example_runs_step" yaml:"example_runs_step"`
	// PrevStdout: the command before writes its result to standard output (its help shows no output flag and no written positional, and the task names no file for it) and this command, cut from the same words, names no file of its own; set only then.
	PrevStdout bool `expr:"prev_stdout" yaml:"prev_stdout"`
	// Executable and Subcommand are this command's, once it is built ("bedtools", "merge").
	Executable string `expr:"executable" yaml:"executable"`
	Subcommand string `expr:"subcommand" yaml:"subcommand"`
	// Concepts are the concepts the intents rules find in this command's words ("merge", "index").
	Concepts []string `expr:"concepts" yaml:"concepts"`
	// InputFlag is the flag this command reads its input with ("-i"); "" for a positional.
	InputFlag string `expr:"input_flag" yaml:"input_flag"`
	// Help is this command's own help text (its subcommand's when it has one).
	Help string `expr:"help" yaml:"help"`
}

// Prepare lower-cases the task and splits it into words.
func (e *StepsEnv) Prepare() {
	e.Lower = strings.ToLower(e.Task)
	e.Words = Words(e.Lower)
}

// ConstraintEnv is an assembled command (kind constraints).
type ConstraintEnv struct {
	// Tool is the name the user typed; Executable the program run (base name).
	Tool       string `expr:"tool" yaml:"tool"`
	Executable string `expr:"executable" yaml:"executable"`
	Subcommand string `expr:"subcommand" yaml:"subcommand"`
	// Args is the whole argument list after the executable.
	Args []string `expr:"args" yaml:"args"`
	// Flags are the flag names used, as written; Values maps each flag to its
	// value ("" for switches).
	Flags  []string          `expr:"flags" yaml:"flags"`
	Values map[string]string `expr:"values" yaml:"values"`
	// Categories maps each flag used to its category, lower-cased
	// ("performance", "output", "input", "quality", "format", "algorithm",
	// "general"), so a lab rule is written once for every tool:
	// any(flags, categories[#] == "performance" && int(values[#]) > 16).
	Categories map[string]string `expr:"categories" yaml:"categories"`
	// Positionals are the non-flag arguments after the subcommand.
	Positionals []string `expr:"positionals" yaml:"positionals"`
	// Outputs are the output paths (values of Output-category flags and
	// output positionals); Inputs the input paths.
	Outputs []string `expr:"outputs" yaml:"outputs"`
	Inputs  []string `expr:"inputs" yaml:"inputs"`
	// Existing lists the outputs that already exist on disk.
	Existing []string `expr:"existing" yaml:"existing"`
	// Cwd is the working directory, absolute and symlink-resolved
	// ("/cwd" in rule tests that leave it out).
	Cwd string `expr:"cwd" yaml:"cwd"`
	// OutputPaths and InputPaths are Outputs and Inputs as absolute,
	// cleaned, symlink-resolved paths, in the same order, so "./aln.bam"
	// and "aln.bam" compare equal. Stage 5 resolves symlinks on disk; when
	// a caller (a rule test) leaves them out they are derived from Cwd
	// lexically.
	OutputPaths []string `expr:"output_paths" yaml:"output_paths"`
	InputPaths  []string `expr:"input_paths" yaml:"input_paths"`
	// Outside lists the outputs (as written) whose resolved path is not
	// inside Cwd: "../x.bam", "sub/../../x.bam", a symlinked folder.
	Outside []string `expr:"outside" yaml:"outside"`
}

// Prepare makes sure Values is never nil so `values["-o"]` is safe, and
// derives the resolved paths lexically when the caller did not set them.
func (e *ConstraintEnv) Prepare() {
	if e.Values == nil {
		e.Values = map[string]string{}
	}
	if e.Cwd == "" {
		e.Cwd = "/cwd"
	}
	lexical := func(p string) string {
		if filepath.IsAbs(p) {
			return filepath.Clean(p)
		}
		return filepath.Join(e.Cwd, p)
	}
	if e.OutputPaths == nil && len(e.Outputs) > 0 {
		for _, o := range e.Outputs {
			e.OutputPaths = append(e.OutputPaths, lexical(o))
		}
		if e.Outside == nil {
			for i, o := range e.Outputs {
				if !Within(e.Cwd, e.OutputPaths[i]) {
					e.Outside = append(e.Outside, o)
				}
			}
		}
	}
	if e.InputPaths == nil && len(e.Inputs) > 0 {
		for _, in := range e.Inputs {
			e.InputPaths = append(e.InputPaths, lexical(in))
		}
	}
}

// Within reports whether the absolute path p is dir or lies under it.
func Within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}

// LexiconEnv is one word of a task or of a flag's name (kind lexicon). A
// lexicon rule has no `when`: it fires for a word its then lists.
type LexiconEnv struct {
	// Word is the word as the caller looks it up (callers lower-case task words).
	Word string `expr:"word" yaml:"word"`
}

// FileKindEnv is a file name (kind file_kinds). A file_kinds rule has no
// `when`: it fires for a name whose extension it lists (after the
// compression suffix is taken off), or, for a compression entry, a name
// that ends in one of its suffixes.
type FileKindEnv struct {
	// Name is a file name or path ("reads_1.fq.gz").
	Name string `expr:"name" yaml:"name"`
}

// PlanEnv is one step of a multi-step task (kind plans): a clause of the
// task, what the steps before it produced and the tool it names.
type PlanEnv struct {
	// Clause is the part of the task this step does, as written.
	Clause string `expr:"clause" yaml:"clause"`
	// Lower is the clause lower-cased; Words its words.
	Lower string   `expr:"lower" yaml:"-"`
	Words []string `expr:"words" yaml:"-"`
	// Concepts are the concepts the intents rules find in the clause ("sort", "index").
	Concepts []string `expr:"concepts" yaml:"concepts"`
	// Tool is the tool the clause names ("with bwa"), or "".
	Tool string `expr:"tool" yaml:"tool"`
	// InputKinds are the file kinds flowing into the step: the files the clause names, else the previous step's outputs.
	InputKinds []string `expr:"input_kinds" yaml:"input_kinds"`
	// Reference: the task has named a reference file (ref.fa) so far.
	Reference bool `expr:"reference" yaml:"reference"`
	// Step is the step's number, from 1.
	Step int `expr:"step" yaml:"step"`
	// PreviousTool is the tool of the step before, or "".
	PreviousTool string `expr:"previous_tool" yaml:"previous_tool"`
}

// Prepare lower-cases the clause and splits it into words.
func (e *PlanEnv) Prepare() {
	e.Lower = strings.ToLower(e.Clause)
	e.Words = Words(e.Lower)
}
