package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

// Finding is one problem Stage 5 found. Rule is a constraint rule's id or
// the id of a built-in check (check.*).
type Finding struct {
	Severity string `json:"severity"`
	Rule     string `json:"rule"`
	Where    string `json:"where,omitempty"`
	Message  string `json:"message"`
	Flag     string `json:"flag,omitempty"`
	// Dangerous findings make `run` ask before executing.
	Dangerous bool `json:"dangerous,omitempty"`
}

var (
	intRE   = lazyre.New(`^-?\d+([kKmMgGtT][bB]?)?$`)
	floatRE = lazyre.New(`^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?%?$`)
)

// validator checks one assembled command.
type validator struct {
	rules *rules.Set
	rec   *ToolRecord
	doc   *ToolDoc
	cwd   string
	out   []Finding
}

func (v *validator) add(sev, rule, flag, format string, a ...any) {
	v.out = append(v.out, Finding{Severity: sev, Rule: rule, Flag: flag, Message: fmt.Sprintf(format, a...)})
}

// Validate runs Stage 5 on a fill and its command. cwd is where relative
// paths are checked.
func Validate(rs *rules.Set, rec *ToolRecord, doc *ToolDoc, f *Fill, cmd Command, cwd string) []Finding {
	v := &validator{rules: rs, rec: rec, doc: doc, cwd: cwd}
	flags := v.schema(f)
	if flags != nil {
		v.flags(f, flags)
		v.switchWords(cmd, flags)
	}
	v.files(f)
	v.constraints(f, cmd, flags)
	return v.out
}

// schema returns the flags the fill may use, or nil when there is no help
// to check against (the fill is then reported as unchecked).
func (v *validator) schema(f *Fill) []FlagDoc {
	if v.doc == nil {
		v.add("info", "check.unchecked", "", "not checked against %s's help (the tool is not installed here or its help was not used)", v.rec.Executable)
		return nil
	}
	if f.Executable != "" && f.Executable != v.rec.Executable {
		for _, c := range v.doc.Companions {
			if c.Name == f.Executable {
				if c.Parser == "" {
					v.add("info", "check.unchecked", "", "%s has no readable help; its flags are not checked", c.Name)
					return nil
				}
				return c.Flags
			}
		}
		if _, ok := v.rec.Companion(f.Executable); !ok {
			v.add("warning", "check.unknown_executable", "", "%s is not a companion found with %s", f.Executable, v.rec.Executable)
		}
		return nil
	}
	if len(f.Subcommand) == 0 {
		if len(v.doc.Subcommands) > 0 && len(v.doc.GlobalFlags)+len(v.doc.Flags) == 0 {
			v.add("warning", "check.missing_subcommand", "", "%s expects a subcommand", v.rec.Executable)
		}
		return v.doc.AllFlags(nil)
	}
	list := v.doc.Subcommands
	var sub *SubcommandDoc
	for _, name := range f.Subcommand {
		sub = FindSubcommand(list, name)
		if sub == nil {
			var names []string
			for _, s := range list {
				names = append(names, s.Name)
			}
			msg := fmt.Sprintf("unknown subcommand %q", name)
			if c := Closest(name, names, 1); len(c) > 0 {
				msg += fmt.Sprintf("; did you mean %q?", c[0])
			}
			v.add("error", "check.unknown_subcommand", "", "%s", msg)
			return nil
		}
		list = sub.Subcommands
	}
	if sub.Parser == "" {
		v.add("info", "check.unchecked", "", "subcommand %s has no readable help; its flags are not checked", strings.Join(f.Subcommand, " "))
		return nil
	}
	return v.doc.AllFlags(sub)
}

// incompatible reports each pair of the command's flags the help says
// cannot be used together (blastn's -subject "Incompatible with: db"),
// once per pair.
func (v *validator) incompatible(f *Fill, flags []FlagDoc, present map[string]bool) {
	seen := map[string]bool{}
	for _, fv := range f.Flags {
		fd, ok := LookupFlag(flags, fv.Name)
		if !ok {
			continue
		}
		for _, x := range fd.Excludes {
			if !present[x] || seen[x+" "+fd.Name] {
				continue
			}
			seen[fd.Name+" "+x] = true
			v.add("error", "check.incompatible", fv.Name, "%s cannot be used with %s (the help of %s says so)", fv.Name, x, fd.Name)
		}
	}
}

// flags checks names, values, types, choices and required flags.
func (v *validator) flags(f *Fill, flags []FlagDoc) {
	var names []string
	for _, fd := range flags {
		names = append(names, fd.Name)
		names = append(names, fd.Aliases...)
	}
	present := map[string]bool{}
	for _, fv := range f.Flags {
		fd, ok := LookupFlag(flags, fv.Name)
		if !ok && v.unparsed(f, fv.Name) {
			continue
		}
		if !ok {
			exe := f.Executable
			if exe == "" {
				exe = v.rec.Executable
			}
			msg := fmt.Sprintf("%s is not a flag of %s", fv.Name, strings.Join(append([]string{exe}, f.Subcommand...), " "))
			if c := Closest(fv.Name, names, 1); len(c) > 0 {
				msg += fmt.Sprintf("; did you mean %s?", c[0])
			}
			v.add("error", "check.unknown_flag", fv.Name, "%s", msg)
			continue
		}
		present[fd.Name] = true
		switch {
		case fd.ParamType == "bool" && fv.HasValue && !namesAValue(fd) && FileType(fv.Value) != "" && namesAFile(fd):
			// The help shows no placeholder but is about a file ("-ibam
			// The input file is in BAM format"): it may take one.
			v.add("warning", "check.unexpected_value", fv.Name, "%s reads as a switch in the help, which shows no value for it, but was given %q", fv.Name, fv.Value)
		case fd.ParamType == "bool" && fv.HasValue && !namesAValue(fd):
			v.add("error", "check.unexpected_value", fv.Name, "%s takes no value but was given %q", fv.Name, fv.Value)
		case fd.ParamType != "bool" && !fv.HasValue && !fd.AttachedValue && !fd.OptionalValue:
			v.add("error", "check.missing_value", fv.Name, "%s needs a value (%s)", fv.Name, orDash(fd.Placeholder))
		case fd.AttachedValue && !fv.HasValue:
			// an optional value left out (tail -f for --follow[={name|descriptor}])
		case fd.ParamType == "int" && !intRE.MatchString(fv.Value):
			v.add("warning", "check.bad_type", fv.Name, "%s expects an integer, got %q", fv.Name, fv.Value)
		case fd.ParamType == "float" && !floatRE.MatchString(fv.Value):
			v.add("warning", "check.bad_type", fv.Name, "%s expects a number, got %q", fv.Name, fv.Value)
		case !choiceOK(fd, fv.Value):
			v.add("error", "check.bad_choice", fv.Name, "%s must be one of %s, got %q", fv.Name, strings.Join(fd.Choices, ", "), fv.Value)
		}
	}
	v.incompatible(f, flags, present)
	// A lone switch with nothing else (-version, --help, --citation) asks
	// the program about itself; the flags a run requires do not apply.
	query := len(f.Flags) == 1 && !f.Flags[0].HasValue && len(f.Positionals) == 0
	// Qualifiers whose names the help writes in brackets take the
	// positionals in order when not named (EMBOSS: "einverted in.fa
	// -outfile x out.fa" gives -sequence and -outseq by place).
	byPlace := 0
	for _, fd := range flags {
		if fd.ByPosition && !present[fd.Name] {
			byPlace++
			if byPlace <= len(f.Positionals) {
				continue
			}
		}
		if fd.Required && !present[fd.Name] && !query && !alternativeGiven(fd, flags, present) {
			v.add("error", "check.required_missing", fd.Name, "%s is required (%s)", fd.Name, fd.Description)
		}
	}
}

// switchWords reports a switch that also reads an optional yes/no word
// (a switch the help shows with an optional value) written right before a
// plain word: the program takes the word as the switch's value ("-E
// a.fa": Cannot parse boolean "a.fa"), not as the file it is.
func (v *validator) switchWords(cmd Command, flags []FlagDoc) {
	for i := 0; i+1 < len(cmd.Args); i++ {
		fd, ok := LookupFlag(flags, cmd.Args[i])
		next := cmd.Args[i+1]
		if !ok || fd.ParamType != "bool" || !fd.OptionalValue || strings.HasPrefix(next, "-") || task.V().Word("switch_value_word", strings.ToLower(next)) {
			continue
		}
		v.add("error", "check.switch_reads_word", fd.Name, "%s reads the word after it as its yes/no value, so %q would not be read as meant: write %s yes", cmd.Args[i], next, cmd.Args[i])
	}
}

// unparsed reports, with a doc.unparsed_flag note, a flag the ToolDoc
// lacks but the program's raw help lists as an exact token: a parser gap,
// not an invention.
func (v *validator) unparsed(f *Fill, name string) bool {
	n, _, _ := strings.Cut(name, "=")
	if !HelpLists(v.doc.ScopeHelp(v.rec, f.Executable, f.Subcommand), n) {
		return false
	}
	v.add("info", "doc.unparsed_flag", name, "%s is not in the parsed help but the help lists it (a parser gap); accepted with its value as written", n)
	return true
}

func orDash(s string) string {
	if s == "" {
		return "a value"
	}
	return s
}

func hasFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// files warns about inputs that do not exist.
func (v *validator) files(f *Fill) {
	outs := map[string]bool{}
	for _, o := range f.Outputs {
		outs[o] = true
	}
	for _, p := range inputsOf(f) {
		if outs[p] {
			continue
		}
		if _, err := os.Stat(v.abs(p)); err != nil {
			v.add("warning", "check.input_missing", "", "input %s does not exist in %s", p, v.cwd)
		}
	}
}

// inputsOf returns the file-like values the command reads.
func inputsOf(f *Fill) []string {
	outs := map[string]bool{}
	for _, o := range f.Outputs {
		outs[o] = true
	}
	var in []string
	if f.Stdin != "" && !outs[f.Stdin] {
		in = append(in, f.Stdin)
	}
	for _, p := range f.Positionals {
		if FileType(p) != "" && !outs[p] {
			in = append(in, p)
		}
	}
	for _, fv := range f.Flags {
		if fv.HasValue && FileType(fv.Value) != "" && !outs[fv.Value] {
			in = append(in, fv.Value)
		}
	}
	return in
}

func (v *validator) abs(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(v.cwd, p)
}

// constraints runs the constraint rules.
func (v *validator) constraints(f *Fill, cmd Command, flags []FlagDoc) {
	inputs := inputsOf(f)
	for _, in := range append(append([]string(nil), f.Inputs...), f.Stdin) {
		if in == "" {
			continue
		}
		if !slices.Contains(inputs, in) {
			inputs = append(inputs, in) // also an output: the case the rules must see
		}
	}
	env := &rules.ConstraintEnv{Tool: v.rec.Name, Executable: filepath.Base(cmd.Executable), Subcommand: strings.Join(f.Subcommand, " "),
		Args: cmd.Args, Positionals: f.Positionals, Outputs: f.Outputs, Inputs: inputs, Values: map[string]string{}}
	env.Categories = map[string]string{}
	for _, fv := range f.Flags {
		env.Flags = append(env.Flags, fv.Name)
		env.Values[fv.Name] = fv.Value
		if fd, ok := LookupFlag(flags, fv.Name); ok && fd.Category != "" {
			env.Categories[fv.Name] = strings.ToLower(fd.Category)
		}
	}
	for _, o := range f.Outputs {
		if f.Append && o == f.Stdout {
			continue // ">>" adds to the file; it does not overwrite it
		}
		if FileType(o) == "dir" {
			// "-o ." writes into the current directory, as the tool
			// does with no output flag: naming it overwrites nothing.
			continue
		}
		if _, err := os.Stat(v.abs(o)); err == nil {
			env.Existing = append(env.Existing, o)
		}
	}
	cwd := v.cwd
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	env.Cwd = ResolvePath("/", cwd)
	env.OutputPaths, env.InputPaths = []string{}, []string{}
	for _, o := range f.Outputs {
		r := ResolvePath(cwd, o)
		env.OutputPaths = append(env.OutputPaths, r)
		if o != "-" && !rules.Within(env.Cwd, r) {
			env.Outside = append(env.Outside, o)
		}
	}
	for _, in := range inputs {
		env.InputPaths = append(env.InputPaths, ResolvePath(cwd, in))
	}
	ms, err := v.rules.Eval("constraints", env)
	for _, m := range ms {
		t := m.Then.(*rules.ConstraintThen)
		v.out = append(v.out, Finding{Severity: t.Severity, Rule: m.Rule.ID, Where: m.Rule.Where(), Message: t.Message, Dangerous: t.Dangerous})
	}
	if err != nil {
		v.add("warning", "check.rule_error", "", "a constraint rule failed: %v", err)
	}
}

// ResolvePath returns p (relative to cwd) as an absolute path with every
// symlink resolved, the way the kernel walks it: "link/../x" leaves the
// link's target, and a dangling link leads to where it points. The part
// of the path that does not exist yet is kept as written, cleaned. Two
// spellings of one file ("./aln.bam", "aln.bam", a link to it) give the
// same result.
func ResolvePath(cwd, p string) string {
	return resolvePath(cwd, p, 0)
}

func resolvePath(cwd, p string, depth int) string {
	if !filepath.IsAbs(p) {
		p = cwd + string(filepath.Separator) + p
	}
	parts := strings.Split(p, string(filepath.Separator))
	cur := string(filepath.Separator)
	for i, c := range parts {
		switch c {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, c)
		if r, err := filepath.EvalSymlinks(next); err == nil {
			cur = r
			continue
		}
		rest := filepath.Join(parts[i+1:]...)
		// A dangling link: follow where it points (bounded, as the kernel
		// gives up on loops).
		if fi, err := os.Lstat(next); err == nil && fi.Mode()&os.ModeSymlink != 0 && depth < 40 {
			if t, err := os.Readlink(next); err == nil {
				return resolvePath(cur, filepath.Join(t, rest), depth+1)
			}
		}
		return filepath.Join(next, rest)
	}
	return cur
}

// Check assembles a fill made for res's tool and runs Stage 5 on it in
// cwd. A batch calls it once per item, with that item's values filled in,
// so every command that runs has been checked, not only its template.
func (e *Engine) Check(res *Result, f *Fill, cwd string) (Command, []Finding) {
	cmd := Assemble(res.Record, f)
	return cmd, Validate(e.opts.Rules, res.Record, res.Doc, f, cmd, cwd)
}

// alternativeGiven reports a required flag whose alternative is given:
// another required flag that is present, where each one's help names the
// other (macs2 randsample: -p "can't be used at the same time with
// -n/--num. REQUIRED", and -n the same of -p/--percent). Two flags that
// both say REQUIRED and point at each other are one requirement.
func alternativeGiven(fd FlagDoc, flags []FlagDoc, present map[string]bool) bool {
	for _, o := range flags {
		if o.Name != fd.Name && o.Required && present[o.Name] && namesFlag(fd.Description, o) && namesFlag(o.Description, fd) {
			return true
		}
		// "-ibam" for "-i": the flag's name with a file kind after it
		// reads the same input in that format.
		if kind, ok := strings.CutPrefix(o.Name, fd.Name); ok && present[o.Name] && len(kind) > 1 {
			if _, isKind := task.KindOfWord(kind); isKind {
				return true
			}
		}
	}
	return false
}

var descFlagRE = lazyre.New(`(?:^|[\s/(,'"])(--?[A-Za-z][A-Za-z0-9_-]*)`)

// namesFlag reports whether a help text names the flag: one of its
// spellings, or an abbreviation of its long name (--percent for
// --percentage, as argparse accepts).
func namesFlag(text string, fd FlagDoc) bool {
	for _, m := range descFlagRE.FindAllStringSubmatch(text, -1) {
		tok := strings.TrimRight(m[1], "-")
		for _, n := range append([]string{fd.Name}, fd.Aliases...) {
			if tok == n || strings.HasPrefix(tok, "--") && len(tok) > 3 && strings.HasPrefix(n, tok) {
				return true
			}
		}
	}
	return false
}

// namesAFile reports a flag whose help, in its first words, says it is
// about a file ("The input file is in BAM format", "GTF file for ..."),
// though it shows no placeholder: the file after it may be its value.
func namesAFile(fd FlagDoc) bool {
	ws := strings.Fields(strings.ToLower(fd.Description))
	for i := 0; i < len(ws) && i < 3; i++ {
		if task.V().Is("file_noun", strings.Trim(ws[i], ".,;:()")) {
			return true
		}
	}
	return false
}
