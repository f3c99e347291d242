package engine

import (
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

// Fill is Stage 3's product: the form that Stage 4 turns into argv. The
// same shape is what a model fills when one is asked.
type Fill struct {
	// Executable is the program to run: the tool's own executable or a
	// companion ("hisat2-build").
	Executable string `json:"executable"`
	// Subcommand is the subcommand path ("sort"; "plugin fill").
	Subcommand []string    `json:"subcommand,omitempty"`
	Flags      []FlagValue `json:"flags"`
	// Positionals are the arguments after the flags, in order.
	Positionals []string `json:"positionals"`
	// Confidence in [0,1]; below the threshold the command is uncertain.
	Confidence float64 `json:"confidence"`
	// Uncertain: the confidence is below the model's threshold, a value
	// has no source (Missing), a task item has no place (Unused) or a
	// value does not fit its flag (Mismatched).
	Uncertain bool `json:"uncertain"`
	// Missing says, for each value the task lacks, what is missing; the
	// command shows a placeholder (<index>) there.
	Missing []string `json:"missing,omitempty"`
	// Unused are the task's items (files, numbers, names, regions, typed
	// flags) the command does not place.
	Unused []string `json:"unused,omitempty"`
	// Mismatched are the flag values whose kind does not fit the help's
	// type for the flag ("-R 7" where the help reads a regions file), the
	// positionals past the most the usage takes, and the task values
	// written more times than the task gives them (engine/usage.go).
	Mismatched []string `json:"mismatched,omitempty"`
	// Frame is the task as Stage 3 read it (package task).
	Frame *task.Frame `json:"-"`
	// Features are the evidence the confidence was weighed from.
	Features map[string]float64 `json:"features,omitempty"`
	// Evidence says why each choice was made, for explain.
	Evidence []string `json:"evidence"`
	// Stdout, when set, is the file the command's standard output goes to
	// (tools that only write to stdout: "seqtk seq -a in.fq > out.fa").
	// run opens it itself; no shell is involved.
	Stdout string `json:"stdout,omitempty"`
	// Append: standard output is added to the end of Stdout (">>"), so an
	// existing Stdout is not overwritten.
	Append bool `json:"append,omitempty"`
	// Stdin, when set, is the file the command reads on standard input
	// (tools whose usage reads it: "bam2bed < in.bam > out.bed"). run
	// opens it itself; no shell is involved.
	Stdin string `json:"stdin,omitempty"`
	// Inputs are the task's files the command reads, as mapped; with
	// Outputs they let Stage 5 see an output that overwrites an input.
	Inputs []string `json:"inputs,omitempty"`
	// Outputs are the paths the command writes (values of output flags and
	// output positionals), for the safety checks of Stage 5.
	Outputs []string `json:"outputs,omitempty"`
	// Example is the skill or help example the fill was adapted from.
	Example *Example `json:"example,omitempty"`
	// Order, when set, is the argument order of the adapted example: a list
	// of "f<i>" (flag i) and "p<i>" (positional i). Assembly follows it so
	// the command keeps the shape people use.
	Order []string `json:"-"`
}

// settle sets Uncertain from the confidence and from what makes a fill
// uncertain whatever its confidence: missing values, unused task items,
// values of the wrong kind.
func (f *Fill) settle() {
	f.Uncertain = f.Confidence < ConfidenceThreshold || len(f.Missing)+len(f.Unused)+len(f.Mismatched) > 0
}

// FlagValue is one flag and its value.
type FlagValue struct {
	Name     string `json:"name"`
	Value    string `json:"value,omitempty"`
	HasValue bool   `json:"has_value"`
	// Style is "kv" for key=value arguments, "eq" for --flag=value,
	// "glued" for a value written onto the flag (-Xmx4g).
	Style string `json:"style,omitempty"`
	// Why says where the flag came from.
	Why string `json:"why,omitempty"`
	// fromExample: the flag stands where the adapted example writes it
	// (its value may be the task's); flags the later passes add are not.
	fromExample bool
}

// ConfidenceThreshold is the confidence below which a command is
// uncertain: the fitted threshold of the confidence model
// (rules/weights.yaml).
var ConfidenceThreshold = rules.BuiltinWeights().Confidence.Threshold
