package engine

import (
	"slices"
	"strings"

	"github.com/traitome/oxo-call/parsers"
	"github.com/traitome/oxo-call/task"
)

// ToolDoc is Stage 2's product: what the tool's own help (and, fused in,
// its skill) says about how to call it. Field names follow the design's
// snake_case JSON so other programs can read `docs show --json`.
type ToolDoc struct {
	Record ToolRecord `json:"record"`
	// CLIStyle orders arguments when assembling: subcommand, flags_first,
	// positional_first or hybrid.
	CLIStyle string `json:"cli_style"`
	// Framework is the help framework a rule detected (argparse, getopt…).
	Framework   string `json:"framework"`
	Description string `json:"description,omitempty"`
	// SchemaSource is the parser that read the root help, "user-docs" for
	// help added with `docs add`, or "none" when no help was found.
	SchemaSource string `json:"schema_source"`
	// DocQuality in [0,1] says how much of the help was understood.
	DocQuality    float64         `json:"doc_quality"`
	Subcommands   []SubcommandDoc `json:"subcommands"`
	Companions    []SubcommandDoc `json:"companions,omitempty"`
	GlobalFlags   []FlagDoc       `json:"global_flags"`
	Flags         []FlagDoc       `json:"flags"`
	Positionals   []PositionalDoc `json:"positionals"`
	UsagePatterns []string        `json:"usage_patterns"`
	// ReadsStdin: the usage shows the program reading its input from
	// standard input ("bam2bed < foo.bam", "cat file.vcf | vcf-sort").
	ReadsStdin bool `json:"reads_stdin,omitempty"`
	// Constraints are requires/conflicts facts read from the help; the
	// constraint rules (rules/constraints) apply on top at Stage 5.
	Constraints []string `json:"constraints"`
	// Examples, Concepts and Pitfalls are fused in from the skill (first)
	// and from usage examples in the help.
	Examples []Example `json:"examples,omitempty"`
	Concepts []string  `json:"concepts,omitempty"`
	Pitfalls []string  `json:"pitfalls,omitempty"`
	// Skill is the source of the fused skill, if any.
	Skill           string            `json:"skill,omitempty"`
	RawHelp         string            `json:"raw_help,omitempty"`
	SubcommandHelps map[string]string `json:"subcommand_helps,omitempty"`
	// Probes lists every help probe run, in order, for explain.
	Probes []Probe `json:"probes,omitempty"`
	// Messages say what went wrong while exploring (no help, budget spent).
	Messages []string `json:"messages,omitempty"`
	// FrameworkRule is the id of the rule that chose the parser.
	FrameworkRule string `json:"framework_rule,omitempty"`
	// Exploration says how many probes ran and what they cost.
	Exploration ProbeStats `json:"exploration"`
}

// ProbeStats compares the wall time of an exploration with the sum of its
// probe times (what running the probes one after another would take).
type ProbeStats struct {
	Probes   int     `json:"probes"`
	WallMS   float64 `json:"wall_ms"`
	SerialMS float64 `json:"serial_ms"`
}

// SubcommandDoc is one subcommand (or companion executable) and its own
// flags; Subcommands nest up to depth 3.
type SubcommandDoc struct {
	Name         string `json:"name"`
	Description  string `json:"description,omitempty"`
	UsagePattern string `json:"usage_pattern,omitempty"`
	// ReadsStdin: its usage shows it reading standard input.
	ReadsStdin   bool            `json:"reads_stdin,omitempty"`
	Flags        []FlagDoc       `json:"flags"`
	Positionals  []PositionalDoc `json:"positionals"`
	Subcommands  []SubcommandDoc `json:"subcommands,omitempty"`
	TaskKeywords []string        `json:"task_keywords,omitempty"`
	// Parser read this subcommand's help; empty when no help was found.
	Parser string `json:"parser,omitempty"`
	// NoHelp: probed again once Stage 3 chose it, and the tool printed no
	// help for it (no timeout either); it is not probed again from the
	// same cached ToolDoc.
	NoHelp bool `json:"no_help,omitempty"`
}

// FlagDoc is one flag. Name is canonical (the long form when there is one).
type FlagDoc struct {
	Name        string   `json:"name"`
	Aliases     []string `json:"aliases,omitempty"`
	ParamType   string   `json:"param_type"`
	Placeholder string   `json:"placeholder,omitempty"`
	Description string   `json:"description,omitempty"`
	Default     string   `json:"default,omitempty"`
	Required    bool     `json:"required,omitempty"`
	Category    string   `json:"category"`
	Choices     []string `json:"choices,omitempty"`
	Repeatable  bool     `json:"repeatable,omitempty"`
	// Style is "kv" for key=value arguments (BBTools in=reads.fq), "glued"
	// for a value written onto the flag (-Xmx4g).
	Style string `json:"style,omitempty"`
	// AttachedValue: the help shows the value as optional and joined
	// (--cs[=STR]), so a value must be attached with "=" (--cs long would
	// be another argument).
	AttachedValue bool `json:"attached_value,omitempty"`
	// OptionalValue: the help shows the flag's value in brackets
	// (--missing ['zs'] [{sample-only | variant-only}]): it may stand alone.
	OptionalValue bool `json:"optional_value,omitempty"`
	// ByPosition: the help writes the name in brackets (EMBOSS
	// "[-sequence]"); the value may be given by place instead.
	ByPosition bool `json:"by_position,omitempty"`
	// Excludes are the names of the flags the help says this one cannot
	// be used with (BLAST's "Incompatible with:  db, gilist"), as this
	// level's flags are named; a name the level lacks is left out.
	Excludes []string `json:"excludes,omitempty"`
	// Only names the subcommand a flag of the tool's own help belongs to
	// when the help lists it under a heading named for that subcommand
	// (diamond's "Makedb options:  --in  input reference file"): other
	// subcommands do not take it.
	Only string `json:"only,omitempty"`
	// Secondary: only a further help call lists the flag (EMBOSS's
	// associated and general qualifiers, under -help -verbose), when a
	// probes rule with detail_secondary read it. The command may carry it
	// and a finding may name it, but Stage 3 fills it only when asked.
	Secondary bool `json:"secondary,omitempty"`
	// Qualifies names the parameter flag an associated qualifier belongs
	// to (EMBOSS's -rformat qualifies -outfile); "" for any other flag.
	Qualifies string `json:"qualifies,omitempty"`
}

// PositionalDoc is one positional argument.
type PositionalDoc struct {
	Position    int    `json:"position"`
	Name        string `json:"name"`
	ParamType   string `json:"param_type"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required"`
	Repeatable  bool   `json:"repeatable,omitempty"`
	// Command: this positional is a command line the tool runs (xargs
	// COMMAND [INITIAL-ARGS]...); it and every word after it, flags
	// included, belong to that command, not to the tool.
	Command bool `json:"command,omitempty"`
	// Choices are the words the help allows in this place: argparse's
	// {a,b,c}, or the literal words of usage lines alike but for one word,
	// a mode ("maf-convert sam mafFile(s)").
	Choices []string `json:"choices,omitempty"`
	// Written: the description of the tool or subcommand says it writes
	// to this place ("Copy standard input to each FILE"); set when Stage
	// 3 lists the candidates, never read from or written to a ToolDoc.
	Written bool `json:"-"`
}

// Example is a worked example; Source is "skill" or "help".
type Example struct {
	Task        string `json:"task"`
	Args        string `json:"args"`
	Explanation string `json:"explanation,omitempty"`
	Source      string `json:"source"`
}

// Probe is one help probe: its arguments, whether its output was used and
// why (the validity rule that decided).
type Probe struct {
	// Program is the program run when it is not the tool itself ("man",
	// with the tool's name among Args).
	Program string   `json:"program,omitempty"`
	Args    []string `json:"args"`
	Valid   bool     `json:"valid"`
	Rule    string   `json:"rule,omitempty"`
	Reason  string   `json:"reason,omitempty"`
	Elapsed float64  `json:"elapsed_ms"`
	// TimedOut: the probe ran out of time, a state of the machine that
	// run, not of the tool (a loaded machine starts Python slowly).
	TimedOut bool `json:"timed_out,omitempty"`
}

// helpTimedOut reports a ToolDoc that holds no help because its probes
// ran out of time: caching it would keep a loaded moment's failure for
// good, so the next run probes again.
func helpTimedOut(doc *ToolDoc) bool {
	return doc.RawHelp == "" && slices.ContainsFunc(doc.Probes, func(p Probe) bool { return p.TimedOut })
}

// Words is the probe as typed: its arguments, after the program when
// that is not the tool ("man -P cat vcftools").
func (p Probe) Words() string {
	if p.Program != "" {
		return strings.Join(append([]string{p.Program}, p.Args...), " ")
	}
	return strings.Join(p.Args, " ")
}

// AllFlags returns the flags valid for a subcommand path (nil for the root
// level): the subcommand's own flags, then the global flags.
func (d *ToolDoc) AllFlags(sub *SubcommandDoc) []FlagDoc {
	if sub == nil {
		return append(append([]FlagDoc(nil), d.Flags...), d.GlobalFlags...)
	}
	out := append([]FlagDoc(nil), sub.Flags...)
	for _, g := range d.GlobalFlags {
		if g.Only == "" || g.Only == sub.Name {
			out = append(out, g)
		}
	}
	return out
}

// sectionOwners marks each flag of a help that lists subcommands with
// the subcommand its heading is named for: the heading is the
// subcommand's name and a word for options (lexicon
// options_heading_word: "Makedb options", "View options" of diamond; not
// "Cluster input options", which the cluster-reading commands share).
// parsed holds the flags as parsed, in the order of flags.
func sectionOwners(flags []FlagDoc, parsed []parsers.Flag, entries []parsers.Entry) {
	names := map[string]string{}
	for _, e := range entries {
		names[strings.ToLower(e.Name)] = e.Name
	}
	for i := range flags {
		if i >= len(parsed) || parsed[i].Name != flags[i].Name {
			return // not the flags parsed: no heading is known for them
		}
		if w := strings.Fields(strings.ToLower(parsed[i].Section)); len(w) == 2 && task.V().Word("options_heading_word", w[1]) {
			flags[i].Only = names[w[0]]
		}
	}
}

// FindSubcommand returns the subcommand with a name, searching one level.
func FindSubcommand(list []SubcommandDoc, name string) *SubcommandDoc {
	for i := range list {
		if list[i].Name == name {
			return &list[i]
		}
	}
	return nil
}

// LookupFlag finds a flag by its name or any alias, or reads a bundle of
// short switches written together (see bundleDoc).
func LookupFlag(flags []FlagDoc, name string) (FlagDoc, bool) {
	if f, ok := lookupExact(flags, name); ok {
		return f, true
	}
	return bundleDoc(flags, name)
}

// lookupExact finds a flag by its name or any alias.
func lookupExact(flags []FlagDoc, name string) (FlagDoc, bool) {
	for _, f := range flags {
		if f.Name == name {
			return f, true
		}
		for _, a := range f.Aliases {
			if a == name {
				return f, true
			}
		}
	}
	return FlagDoc{}, false
}

// flagDocs converts parsed flags.
func flagDocs(fs []parsers.Flag) []FlagDoc {
	out := make([]FlagDoc, 0, len(fs))
	for _, f := range fs {
		out = append(out, FlagDoc{Name: f.Name, Aliases: f.Aliases, ParamType: f.ParamType, Placeholder: f.Placeholder,
			Description: f.Description, Default: f.Default, Required: f.Required, Choices: f.Choices, Repeatable: f.Repeatable, Style: f.Style,
			AttachedValue: f.AttachedValue, OptionalValue: f.OptionalValue, ByPosition: f.ByPosition, Qualifies: f.Qualifies})
	}
	for i, f := range fs {
		out[i].Excludes = excludedFlags(out, f.Excludes, out[i].Name)
	}
	return out
}

// excludedFlags names the flags of a level that names (as the help writes
// them, with or without their dashes) stand for, self left out.
func excludedFlags(flags []FlagDoc, names []string, self string) []string {
	var out []string
	for _, n := range names {
		for _, spelled := range []string{n, "-" + n, "--" + n} {
			if fd, ok := lookupExact(flags, spelled); ok {
				if fd.Name != self && !slices.Contains(out, fd.Name) {
					out = append(out, fd.Name)
				}
				break
			}
		}
	}
	return out
}

// positionalDocs copies a level's positionals. A command placeholder
// ("COMMAND [ARGS]...") names another program only at a level that lists
// no subcommands; where it does (samtools <command>), the command is one
// of them.
func positionalDocs(ps []parsers.Positional, entries []parsers.Entry) []PositionalDoc {
	out := make([]PositionalDoc, 0, len(ps))
	for _, p := range ps {
		out = append(out, PositionalDoc{Position: p.Position, Name: p.Name, ParamType: p.ParamType, Description: p.Description, Required: p.Required, Repeatable: p.Repeatable,
			Command: p.Command && len(entries) == 0, Choices: p.Choices})
	}
	return out
}

// ScopeHelp returns the help text of a program: a companion's or a
// subcommand's own help, else the root help.
func (d *ToolDoc) ScopeHelp(rec *ToolRecord, exe string, sub []string) string {
	if exe != "" && rec != nil && exe != rec.Executable {
		return d.SubcommandHelps[exe]
	}
	if len(sub) > 0 {
		if h, ok := d.SubcommandHelps[strings.Join(sub, " ")]; ok {
			return h
		}
	}
	return d.RawHelp
}

// HelpLists reports whether help names flag as an exact token: preceded
// by the start of a line, a space or an opening bracket, and followed by
// the end, a space, "=", ",", ":", "<" or a closing bracket. A flag the
// parser missed is still real when the help lists it this way.
func HelpLists(help, flag string) bool {
	if flag == "" || help == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(help[i:], flag)
		if j < 0 {
			return false
		}
		at := i + j
		end := at + len(flag)
		before := at == 0 || strings.ContainsRune(" \t\n[(|,/", rune(help[at-1]))
		after := end == len(help) || strings.ContainsRune(" \t\n=,:<>[]()|;", rune(help[end]))
		if before && after && !inProseAside(help, at) {
			return true
		}
		i = at + 1
	}
}

// inProseAside reports a place inside a parenthesis of prose on its line,
// a word of three letters or more before it ("(suitable for IQ-TREE
// -fconst)"): a flag another program reads, named in passing, not one
// the help lists.
func inProseAside(help string, at int) bool {
	line := help[strings.LastIndexByte(help[:at], '\n')+1 : at]
	open := strings.LastIndexByte(line, '(')
	if open < 0 || strings.IndexByte(line[open:], ')') >= 0 {
		return false
	}
	for _, w := range strings.Fields(line[open+1:]) {
		if len(w) >= 3 && isLetters(w) {
			return true
		}
	}
	return false
}

// AttachOptional gives every flag of a fill whose help shows an optional
// value ("--cs[=STR]") the attached "=" form, the only one the tool reads
// as that flag's value.
func AttachOptional(rec *ToolRecord, doc *ToolDoc, f *Fill) {
	if doc == nil || f == nil {
		return
	}
	flags, _ := scope(rec, doc, f.Executable, f.Subcommand)
	for i := range f.Flags {
		fv := &f.Flags[i]
		if fd, ok := LookupFlag(flags, fv.Name); ok && fd.AttachedValue && fv.HasValue && fv.Style == "" && !strings.HasPrefix(fv.Value, "-") {
			fv.Style = "eq"
		}
	}
}
