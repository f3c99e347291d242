package engine

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Command is Stage 4's product.
type Command struct {
	// Argv is what runs: interpreter and script, or the resolved program,
	// then the arguments.
	Argv []string `json:"argv"`
	// Executable is the program as shown ("samtools", "hisat2-build").
	Executable string `json:"executable"`
	// Args are the arguments after the executable.
	Args []string `json:"args"`
	// Display is the command quoted for a POSIX shell; parsing it back
	// gives exactly DisplayArgv.
	Display string `json:"command"`
	// DisplayArgv is Argv as shown (bare names stay bare).
	DisplayArgv []string `json:"-"`
	// Stdout is the file standard output is written to, if any.
	Stdout string `json:"stdout,omitempty"`
	// Append: standard output is added to the end of Stdout (">>").
	Append bool `json:"append,omitempty"`
	// Stdin is the file read on standard input, if any ("< file").
	Stdin string `json:"stdin,omitempty"`
}

// Assemble builds argv from a fill: the executable (companion or tool,
// through its interpreter when it needs one), the subcommand path, then
// flags and positionals in the fill's order (or flags first).
func Assemble(rec *ToolRecord, f *Fill) Command {
	var args []string
	args = append(args, f.Subcommand...)
	flagToks := func(fv FlagValue) []string {
		switch {
		case fv.Style == "kv":
			return []string{fv.Name + "=" + fv.Value}
		case fv.Style == "eq" && fv.HasValue:
			return []string{fv.Name + "=" + fv.Value}
		case fv.Style == "glued" && fv.HasValue:
			// "-#" is the number itself written as a flag (-19)
			return []string{strings.TrimSuffix(fv.Name, "#") + fv.Value}
		case fv.HasValue:
			return []string{fv.Name, fv.Value}
		}
		return []string{fv.Name}
	}
	if len(f.Order) == len(f.Flags)+len(f.Positionals) && len(f.Order) > 0 {
		for _, o := range f.Order {
			i, _ := strconv.Atoi(o[1:])
			if o[0] == 'f' {
				args = append(args, flagToks(f.Flags[i])...)
			} else {
				args = append(args, protectDash(f.Positionals[i]))
			}
		}
	} else {
		for _, fv := range f.Flags {
			args = append(args, flagToks(fv)...)
		}
		for _, p := range f.Positionals {
			args = append(args, protectDash(p))
		}
	}
	cmd := Command{Executable: f.Executable, Args: args}
	var run, shown []string
	switch {
	case f.Executable == "" || f.Executable == rec.Executable:
		run, shown = rec.Argv0(), rec.DisplayArgv0()
		cmd.Executable = rec.Executable
	default:
		shown = []string{f.Executable}
		run = []string{f.Executable}
		if c, ok := rec.Companion(f.Executable); ok && c.Path != "" {
			run = []string{c.Path}
		}
	}
	cmd.Argv = append(append([]string(nil), run...), args...)
	cmd.DisplayArgv = append(append([]string(nil), shown...), args...)
	cmd.Display = QuoteArgv(cmd.DisplayArgv)
	if f.Stdin != "" {
		cmd.Stdin = f.Stdin
		cmd.Display += " < " + QuoteArgv([]string{f.Stdin})
	}
	if f.Stdout != "" {
		cmd.Stdout, cmd.Append = f.Stdout, f.Append
		op := " > "
		if f.Append {
			op = " >> "
		}
		cmd.Display += op + QuoteArgv([]string{f.Stdout})
	}
	return cmd
}

// protectDash makes a file name that starts with "-" unmistakable as a
// file ("-x.bam" → "./-x.bam"); "-" (standard input) stays.
func protectDash(p string) string {
	if len(p) > 1 && p[0] == '-' && FileType(p) != "" {
		return "./" + p
	}
	return p
}

// QuoteArgv renders argv for a POSIX shell; each word round-trips exactly.
// A word holding a control character other than tab or newline (a
// carriage return) is written as bash's $'…', since a POSIX shell has no
// escape for it and shell parsers differ on a raw one.
func QuoteArgv(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		lang := syntax.LangPOSIX
		if strings.IndexFunc(a, func(r rune) bool { return r < 0x20 && r != '\n' || r == 0x7f }) >= 0 {
			lang = syntax.LangBash
		}
		q, err := syntax.Quote(a, lang)
		if err != nil {
			// Only NUL cannot be quoted; argv cannot carry it anyway.
			q = "'" + strings.ReplaceAll(strings.ReplaceAll(a, "\x00", ""), "'", `'\''`) + "'"
		}
		parts[i] = q
	}
	return strings.Join(parts, " ")
}
