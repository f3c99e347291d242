package rules

// InterpreterThen names the program that runs a script.
type InterpreterThen struct {
	// Interpreter is a program looked up on PATH ("python3", "Rscript").
	Interpreter string `yaml:"interpreter" json:"interpreter"`
}

// AliasThen lists the executables a tool name may stand for, in the order
// they are tried on PATH.
type AliasThen struct {
	// Executables are the program names to look for on PATH.
	Executables []string `yaml:"executables" json:"executables"`
	// Package is the distribution package that ships them, for messages.
	Package string `yaml:"package,omitempty" json:"package,omitempty"`
}

// CompanionThen decides whether a candidate is a companion of the tool.
type CompanionThen struct {
	// Companion is true when the candidate belongs to the tool.
	Companion bool `yaml:"companion" json:"companion"`
}

// ProbeThen says which invocations beyond the help-style ones may be run
// to read a program's help. By default none: a program run with no
// arguments, or a subcommand run bare, may do real work.
type ProbeThen struct {
	// Bare: the program run with no arguments prints its usage (bwa).
	Bare bool `yaml:"bare,omitempty" json:"bare,omitempty"`
	// BareSubcommands: each subcommand run with no further arguments
	// prints its usage (bwa mem).
	BareSubcommands bool `yaml:"bare_subcommands,omitempty" json:"bare_subcommands,omitempty"`
	// Man is the command that prints the tool's manual page, the tool's
	// name appended ([man, -P, cat]); its text is read with the root help.
	// Only rules with man are asked once the root help was read.
	Man []string `yaml:"man,omitempty" json:"man,omitempty"`
	// MoreProbes: the root help is a wrapper's stub (its own few options,
	// the real program's help elsewhere); the remaining help probes are
	// run and the one whose help lists the most flags is read instead.
	// Only asked once the root help was read.
	MoreProbes bool `yaml:"more_probes,omitempty" json:"more_probes,omitempty"`
	// Purpose is the command that prints the manual index's one-line
	// summary of a program, the tool's name appended ([whatis, -l]); the
	// line is the tool's description when its help gives none. Only
	// rules with purpose are asked once the root help was read.
	Purpose []string `yaml:"purpose,omitempty" json:"purpose,omitempty"`
	// DetailFlag is a regular expression whose first group, found in the
	// root help, is the call of one to three flags the help says prints a
	// more detailed help (BLAST+: "Use '-help' to print detailed
	// descriptions of command line arguments"; EMBOSS: "… can be found
	// with -help -verbose"). The call is probed, and its help is read
	// instead when it describes more flags. Only asked once the root help was
	// read.
	DetailFlag string `yaml:"detail_flag,omitempty" json:"detail_flag,omitempty"`
	// DetailSecondary: the detailed help adds flags to the root help's
	// rather than describing them (EMBOSS's -help -verbose adds the
	// associated and general qualifiers); the added flags are secondary,
	// filled only when the task asks for them.
	DetailSecondary bool `yaml:"detail_secondary,omitempty" json:"detail_secondary,omitempty"`
}

// ValidityThen decides whether a probe output is usable help.
type ValidityThen struct {
	// Valid is true when the output is help to parse.
	Valid bool `yaml:"valid" json:"valid"`
	// Reason says why, for explain.
	Reason string `yaml:"reason,omitempty" json:"reason,omitempty"`
	// Fallback marks output that is not valid now but is kept and used if
	// no later probe finds better help (a short usage printed with an
	// error about the probe's own option).
	Fallback bool `yaml:"fallback,omitempty" json:"fallback,omitempty"`
	// FollowHelpFlags marks help printed with a complaint about the
	// probe's own flag (snpEff --help prints its default command's help):
	// the help flags the text itself lists (-h, -help) are probed too and
	// what they print is read with it.
	FollowHelpFlags bool `yaml:"follow_help_flags,omitempty" json:"follow_help_flags,omitempty"`
}

// FrameworkThen names the help framework and the parser that reads it.
type FrameworkThen struct {
	// Framework names the help's framework (argparse, getopt, …).
	Framework string `yaml:"framework" json:"framework"`
	// Parser is the parser that reads it (see parsers).
	Parser string `yaml:"parser" json:"parser"`
	// Style is the command-line style: subcommand, flags_first,
	// positional_first or hybrid (argument order when assembling).
	Style string `yaml:"style,omitempty" json:"style,omitempty"`
}

// SubcommandThen says how to read subcommand names out of a help text.
type SubcommandThen struct {
	// Method is section, braces, heading_item, listing or inline (see parsers.ListMethod).
	Method string `yaml:"method" json:"method"`
	// Headings are the section headings to read (for section, heading_item),
	// or the words an inline list follows.
	Headings []string `yaml:"headings,omitempty" json:"headings,omitempty"`
}

// SubcommandNameThen keeps or drops a listed subcommand name.
type SubcommandNameThen struct {
	// Keep is true for a real subcommand, false for a word like COMMAND.
	Keep bool `yaml:"keep" json:"keep"`
}

// CategoryThen is a flag's category.
type CategoryThen struct {
	// Category is one of Categories.
	Category string `yaml:"category" json:"category"`
}

// Categories are the flag categories, in display order.
var Categories = []string{"Input", "Output", "Performance", "Quality", "Format", "Algorithm", "General", "Destructive"}

// ResourceThen names the scheduler resource a flag's value sets.
type ResourceThen struct {
	// Resource is one of Resources: "cpus" (CPUs per task).
	Resource string `yaml:"resource" json:"resource"`
}

// Resources are the scheduler resources a rule may name.
var Resources = []string{"cpus"}

// IntentThen lists the concepts a task expresses ("sort", "index", "threads").
type IntentThen struct {
	// Concepts are the concept names the task expresses.
	Concepts []string `yaml:"concepts" json:"concepts"`
}

// StepsThen says how a task in words becomes more than one command.
type StepsThen struct {
	// Split is a regular expression (RE2, matched ignoring case)
	// at whose matches the task is cut into commands; the text of its first
	// group, if any, starts the next command ("and (index it)").
	Split string `yaml:"split,omitempty" json:"split,omitempty"`
	// Op joins the commands cut by Split: "&&" (the next runs after the
	// first succeeded) or "|" (the next reads the first one's output).
	Op string `yaml:"op,omitempty" json:"op,omitempty"`
	// Refer are words of a later command that stand for the previous
	// command's output ("it", "them", "它"); they are replaced by its file.
	Refer []string `yaml:"refer,omitempty" json:"refer,omitempty"`
	// Carry: a later command that names no file reads the previous
	// command's first output.
	Carry bool `yaml:"carry,omitempty" json:"carry,omitempty"`
	// FollowExample: the task is the weighed multi-step skill example's
	// pipeline; each of its commands is mapped from the task and checked.
	FollowExample bool `yaml:"follow_example,omitempty" json:"follow_example,omitempty"`
	// Stdin: the command reads what the command before writes to
	// standard output through a pipe, and this is how it names standard
	// input where it needs a file ("-", "stdin", "/dev/stdin").
	Stdin string `yaml:"stdin,omitempty" json:"stdin,omitempty"`
	// File: the command cannot read a pipe; the command before writes its
	// standard output to this file, named from that command's input
	// ({stem}, {ext}: its first input's name without and with only its
	// extension; {step}: its subcommand, else its executable), and this
	// command reads it.
	File string `yaml:"file,omitempty" json:"file,omitempty"`
}

// ConstraintThen is a finding raised when a constraint rule fires.
type ConstraintThen struct {
	// Severity is error, warning or info.
	Severity string `yaml:"severity" json:"severity"`
	Message  string `yaml:"message" json:"message"`
	// Dangerous marks findings that make `run` ask before executing.
	Dangerous bool `yaml:"dangerous,omitempty" json:"dangerous,omitempty"`
}

// LexiconThen is one entry of a word class. Every entry of a class adds to
// it; a user entry with a built-in's id replaces that entry.
type LexiconThen struct {
	// Class names the word class ("output_marker", "stop_word").
	Class string `yaml:"class" json:"class"`
	// Lang is the language of the words: en or zh.
	Lang string `yaml:"lang" json:"lang"`
	// Words are whole words of the class, as the caller looks them up.
	Words []string `yaml:"words,omitempty" json:"words,omitempty"`
	// Suffixes are endings that put a word in the class ("输出到" ends in "到"), in the order they are tried.
	Suffixes []string `yaml:"suffixes,omitempty" json:"suffixes,omitempty"`
	// Prefixes are beginnings that put a word in the class ("out" for "outdir").
	Prefixes []string `yaml:"prefixes,omitempty" json:"prefixes,omitempty"`
	// Infixes are parts that put a text in the class wherever they stand ("prefix" in "--outPrefix"); only Mentions reads them.
	Infixes []string `yaml:"infixes,omitempty" json:"infixes,omitempty"`
	// Value is what the entry's words stand for, when they name one ("3" for "third", "," for "comma"); Vocab.ValueOf reads it.
	Value string `yaml:"value,omitempty" json:"value,omitempty"`
}

// FileKindThen is one file kind and the extensions that name it, or (when
// Compression is set) a list of compression suffixes.
type FileKindThen struct {
	// Kind is the file kind the extensions name ("bam", "fasta", "index").
	Kind string `yaml:"kind,omitempty" json:"kind,omitempty"`
	// Extensions are lower-case extensions without the dot ("fa", "fasta").
	Extensions []string `yaml:"extensions,omitempty" json:"extensions,omitempty"`
	// Family groups kinds that stand in for each other ("alignment-reads" for bam, sam, cram); empty means the kind itself.
	Family string `yaml:"family,omitempty" json:"family,omitempty"`
	// Index lists the extensions of the index files that sit next to a file of the kind ("bai", "csi" for bam).
	Index []string `yaml:"index,omitempty" json:"index,omitempty"`
	// Reference marks kinds that "to x" names as something read against (a FASTA, an index), not a destination.
	Reference bool `yaml:"reference,omitempty" json:"reference,omitempty"`
	// Sequences marks a family that holds sequences (reads or contigs).
	Sequences bool `yaml:"sequences,omitempty" json:"sequences,omitempty"`
	// Compression lists compression suffixes without the dot ("gz", "bz2"), taken off before the extension is read, in the order they are tried.
	Compression []string `yaml:"compression,omitempty" json:"compression,omitempty"`
}

// PlanThen is how one step of a plan is built: its tool, the words added
// to its task, the file it writes and the files the next step reads.
// Templates may use {input} (the first file flowing in), {inputs} (all of
// them), {stem} (the first one without its extension), {sample} (what
// their stems share: reads_1.fq reads_2.fq → reads), {reference} and
// {output}.
type PlanThen struct {
	// Tool runs the step when the clause names none ("samtools").
	Tool string `yaml:"tool,omitempty" json:"tool,omitempty"`
	// Task, when set, is the step's whole task instead of the clause's words and Input/Into: a pipeline in words ("pile up {inputs} against the reference {reference} | bcftools call -mv -o {output}").
	Task string `yaml:"task,omitempty" json:"task,omitempty"`
	// Input is added to the task when the clause names no input file ("{inputs}").
	Input string `yaml:"input,omitempty" json:"input,omitempty"`
	// Output is the file the step writes when the clause names none ("{stem}.sorted.bam").
	Output string `yaml:"output,omitempty" json:"output,omitempty"`
	// Into is added to the task when the clause names no output ("into {output}").
	Into string `yaml:"into,omitempty" json:"into,omitempty"`
	// Keep: the next step reads this step's inputs again (an index was built beside them).
	Keep bool `yaml:"keep,omitempty" json:"keep,omitempty"`
	// Writes are other files the step writes ("{input}.bai"), for the Snakefile's outputs.
	Writes []string `yaml:"writes,omitempty" json:"writes,omitempty"`
}
