package engine

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
	"github.com/traitome/oxo-call/task"
)

// MapTask is Stage 3: it maps a task onto the tool's ToolDoc (doc may be
// nil) and skill (sk may be nil) and returns the fill with its confidence
// and evidence. The passes, each recording evidence: choose the candidate
// and its example, adapt the example (or build from the help), check that
// every value has a source, check that every task item is used, then
// weigh the evidence into a confidence.
func MapTask(rs *rules.Set, rec *ToolRecord, doc *ToolDoc, sk *skills.Skill, taskText string) *Fill {
	return mapTask(rs, rec, doc, sk, taskText, nil)
}

// mapTask is MapTask with the skill's example concepts read from and
// kept in cc (none when nil).
func mapTask(rs *rules.Set, rec *ToolRecord, doc *ToolDoc, sk *skills.Skill, taskText string, cc *ConceptCache) *Fill {
	m := newMapper(rs, rec, doc, sk, taskText)
	m.exConcepts = cc.forSkill(rs, sk)
	defer m.exConcepts.save()
	m.evidence = append(m.evidence, frameLine(&m.slots))
	c, choice := m.choose()
	m.chosen = c
	m.typedValues(c)
	m.slots.Values = append(m.slots.Values, m.flagWordValues(c)...)
	feat := map[string]float64{"margin": choice.margin, "no_signal": b2f(choice.noSignal)}
	var f *Fill
	ex := m.chooseExample(c)
	if ex != nil {
		f = m.adapt(c, *ex)
		feat["example_similarity"] = ex.score
	} else {
		f = m.fromDoc(c)
		feat["no_example"] = 1
	}
	m.placeMode(f, c)
	m.reviseOutputFlags(f, c)
	m.reviseCompressionFlags(f, c)
	m.placeByKind(f, c)
	m.placeByNamedKind(f, c)
	m.placeMates(f, c)
	if ex == nil {
		m.placeInputFlags(f, c)
		m.placeOperands(f, c)
		m.placeByBranch(f, c)
		m.placeByRole(f, c)
		m.placeNameOperand(f, c)
		m.leftInputAsOutput(f, c)
		// (the inputs those passes gave flags: a compressed file read
		// through the plain form's flag moves to the compressed form's)
		m.reviseCompressionFlags(f, c)
	}
	m.sharesInForm(f, c)
	m.loneMate(f, c)
	m.placeDirs(f, c)
	m.placeStdin(f, c)
	m.nameByPosition(f, c)
	if ex == nil {
		m.inputsFirst(f)
	} else {
		m.keepOutputLast(f, c)
	}
	m.setOutputFormats(f, c)
	if ex != nil {
		m.exampleSpelling(f, c)
	}
	feat["penalties"] = f.Confidence
	edits := len(m.evidence)
	m.checkSources(f, c)
	m.fillHole(f, c)
	if choice.sibling != "" {
		// The user typed one program; running another that no word of the
		// task names is a guess, however well its examples fit.
		m.missing(f, fmt.Sprintf("missing: a word of the task that names %s (the tool named is %s; only examples or concepts point to %s)", choice.sibling, m.rec.Executable, choice.sibling))
	}
	m.flagTie(f, c)
	for _, fv := range f.Flags {
		if msg, ok := m.rivalled[fv.Name]; ok && fv.fromExample {
			m.missing(f, msg)
		}
	}
	if choice.tie != "" {
		m.missing(f, fmt.Sprintf("missing: a word of the task that chooses between %s and %s (they score within %g of each other and no word names either)", c.command(), choice.tie, sc.Choose.CloseCall))
	}
	m.scaleLengths(f, c)
	m.carryMemoryUnits(f, c)
	f.Unused = m.unusedItems(f)
	f.Unused = append(f.Unused, m.unplacedValues(f, c, f.Unused)...)
	if len(f.Unused) > 0 {
		m.evidence = append(m.evidence, fmt.Sprintf("%s %s no place in `%s`", joinAnd(f.Unused), hasHave(len(f.Unused)), strings.Join(append([]string{f.Executable}, f.Subcommand...), " ")))
	}
	f.Mismatched = append(m.kindMismatches(f, c), m.slotMismatches(f, c)...)
	feat["value_kind_mismatches"] = float64(len(f.Mismatched))
	// Arguments past the usage and task values written twice make the
	// command uncertain whatever its confidence (not weighed: no feature).
	f.Mismatched = append(f.Mismatched, m.shapeMismatches(f, c)...)
	for _, l := range m.wrongEnds {
		m.evidence = append(m.evidence, "end: "+l)
		f.Mismatched = append(f.Mismatched, l)
	}
	for _, l := range m.inputsLeft {
		// a later pass may have found the file its place ("reads them
		// through its branch of --12")
		p, rest, _ := strings.Cut(l, " ")
		if !slices.Contains(f.Positionals, p) {
			continue
		}
		f.Mismatched = append(f.Mismatched, l)
		if !strings.HasPrefix(rest, "stays a positional, though the usage shows no operand") {
			// (placeOperands records its own)
			m.evidence = append(m.evidence, "place: "+l)
		}
	}
	uncovered := m.uncoveredWords(f, c, nil, false)
	unmet := append(m.unmetWords(f, c), m.unmetModes(f, c)...)
	unmet = append(unmet, m.unmetFormats(f, c)...)
	if ru := m.runnerUpWords(uncovered, c, choice.second); ru != "" {
		unmet = append(unmet, ru)
	}
	if none := m.nothingRead(); none != "" {
		unmet = append(unmet, none)
	}
	if nosub := m.noSubcommand(f, c, doc); nosub != "" {
		unmet = append(unmet, nosub)
	}
	for _, u := range unmet {
		m.evidence = append(m.evidence, "unmet: "+u)
	}
	f.Mismatched = append(f.Mismatched, unmet...)
	feat["unused_items"] = float64(len(f.Unused))
	feat["missing_values"] = float64(len(f.Missing))
	feat["no_doc"] = b2f(doc == nil)
	feat["uncovered_words"] = m.uncovered(f, c, ex)
	feat["command_uncovered"] = m.uncoveredByCommand(f, c)
	if ws := uncovered; len(ws) > 0 {
		m.evidence = append(m.evidence, "words of the task nothing in the command accounts for: "+strings.Join(m.asWritten(ws), ", "))
	}
	feat["uncovered_clauses"] = float64(m.uncoveredClauses(f, c))
	shapeFeatures(feat, f, doc)
	feat["candidate_examples"] = float64(len(c.examples)) / 10
	feat["edits"] = float64(countEdits(m.evidence[:edits]))
	feat["fitted_values"] = float64(countFitted(f))
	feat["unnamed_subcommand"] = b2f(!c.named && (len(c.sub) > 0 || c.exe != rec.Executable))
	exFlags, exValues := m.countFromExample(f, ex)
	feat["example_flags"] = float64(exFlags)
	feat["example_values"] = float64(exValues)
	feat["outputs_as_positionals"] = float64(countPrefix(m.evidence, "no output flag for "))
	feat["example_files_kept"] = float64(countPrefix(m.evidence, "kept the example's file "))
	feat["files_other_kind"] = float64(countPrefix(m.evidence, placedOtherKind))
	feat["derived_outputs"] = float64(m.countDerived(f))
	feat["unmet_switch"] = float64(m.unmetSwitches)
	feat["unmet_kind"] = float64(m.unmetKinds)
	feat["tied_values"] = float64(m.tiedValues)
	feat["unmet_phrase"] = float64(m.unmetPhrases)
	feat["kept_for_example"] = float64(countKeptForExample(m.evidence))
	feat["named_switches"] = float64(m.namedSwitches)
	feat["slot_names_fit"] = slotNamesFit(f, c)
	feat["unsupported_flags"] = float64(m.unsupportedFlags(f, c))
	feat["task_words"] = float64(len(contentWords(m.keywordText()))) / 10
	if ex != nil {
		feat["task_beyond_example"], feat["example_beyond_task"] = m.exampleGaps(ex)
	}
	model := rules.BuiltinWeights().Confidence
	f.Features = feat
	f.Frame = &m.slots
	f.Confidence = clamp01(model.Score(feat))
	f.settle()
	f.Evidence = append(m.evidence, "confidence "+featureLine(feat, f.Confidence))
	return f
}

// shapeFeatures adds the evidence a single command and a pipeline are
// both weighed by: the uncovered share squared (a task that leaves most of
// its words unaccounted for asks for more than the command does, beyond
// what the share alone says), a command that sets no flag at all, and how
// many subcommands the tool's help lists (log scale, /5).
func shapeFeatures(feat map[string]float64, f *Fill, doc *ToolDoc) {
	feat["uncovered_words_sq"] = feat["uncovered_words"] * feat["uncovered_words"]
	feat["no_flags"] = b2f(len(f.Flags) == 0)
	if doc != nil {
		feat["help_subcommands"] = math.Log1p(float64(len(doc.Subcommands))) / 5
	}
}

// chooseExample is the pass that picks the example to adapt: the
// candidate's most similar one, when its similarity reaches the floor;
// nil builds the command from the help alone.
func (m *mapper) chooseExample(c *candidate) *scoredExample {
	if len(c.examples) == 0 {
		m.evidence = append(m.evidence, "example: none for this candidate; built from the help")
		return nil
	}
	best := &c.examples[0]
	if best.score < sc.Fit.ExampleMin {
		m.evidence = append(m.evidence, fmt.Sprintf("example: the closest, %q, is too far from the task (similarity %.2f < %.2f); built from the help", best.ex.Task, best.score, sc.Fit.ExampleMin))
		return nil
	}
	m.evidence = append(m.evidence, fmt.Sprintf("example: adapted %q (similarity %.2f)%s", best.ex.Task, best.score, borrowedFrom(*best)))
	return best
}

// countEdits counts the changes made to the example: flags dropped or
// left out, arguments added.
func countEdits(ev []string) int {
	n := 0
	for _, e := range ev {
		if strings.HasPrefix(e, "dropped ") || strings.HasPrefix(e, "left out ") || strings.HasPrefix(e, "added ") {
			n++
		}
	}
	return n
}

// exampleGaps compares the adapted example's task with this one, word by
// word (files and given names left out): the share of this task's words
// the example's task lacks (the task asks for more than the example
// does), and the share of the example's words this task lacks (the
// example does more than asked).
func (m *mapper) exampleGaps(ex *scoredExample) (beyondExample, beyondTask float64) {
	tw := contentWords(m.keywordText())
	ew := contentWords(withoutFiles(ex.ex.Task))
	if len(tw) > 0 {
		beyondExample = float64(len(tw)-overlap(tw, ew)) / float64(len(tw))
	}
	if len(ew) > 0 {
		beyondTask = float64(len(ew)-overlap(ew, tw)) / float64(len(ew))
	}
	return beyondExample, beyondTask
}

// countFromExample counts the flags kept as the example wrote them:
// switches, and flags with the example's own (constant) value.
func (m *mapper) countFromExample(f *Fill, ex *scoredExample) (flags, values int) {
	for _, fv := range f.Flags {
		if fv.Why != "from the example" {
			continue
		}
		if fv.HasValue {
			if m.sourceOf(fv.Value) == "constant" {
				values++
			}
		} else {
			flags++
		}
	}
	// A positional the example wrote as a constant (tr's '\t' ,) that the
	// task never gives is the example's value too; words (a mode such as
	// sambamba depth's "window") and "." are not values.
	for _, v := range f.Positionals {
		if v != "" && v != "." && !isWordArg(v) && !strings.HasPrefix(v, "<") && !valueLike(v) && !m.taskValues()[v] && !m.spelledOut(v) && ex != nil && slices.Contains(ex.args, v) {
			values++
		}
		// A word the example wrote as an argument (xargs' "samtools
		// index", a mode) that the task does not say is the example's
		// too.
		if isWordArg(v) && ex != nil && slices.Contains(ex.args, v) && !slices.Contains(f.Subcommand, v) && !m.saysWord(v) {
			values++
		}
	}
	return flags, values
}

// saysWord reports a word the task says, itself or through a sense or a
// concept of the lexicon.
func (m *mapper) saysWord(v string) bool {
	for w := range contentWords(v) {
		if m.means(w) {
			return true
		}
	}
	return m.taskValues()[v]
}

// unsupportedFlags counts the flags of the command nothing in the task
// stands behind: the value is not the task's, and neither the flag's
// name, its help nor its value shares a word or a concept with the task
// (a switch or constant kept from the example for its own task).
func (m *mapper) unsupportedFlags(f *Fill, c *candidate) int {
	tw := contentWords(m.keywordText())
	tc := m.textConcepts
	n := 0
	for _, fv := range f.Flags {
		if fv.HasValue && (m.taskValues()[fv.Value] || m.sourceOf(fv.Value) == "task" || strings.HasPrefix(fv.Value, "<")) {
			continue
		}
		text := joinsToSpaces.Replace(strings.TrimLeft(fv.Name, "-") + " " + fv.Value)
		if fd, ok := LookupFlag(c.flags, fv.Name); ok {
			text += " " + fd.Name + " " + strings.Join(fd.Aliases, " ") + " " + fd.Description
		}
		if overlap(tw, contentWords(text)) > 0 || overlap(tc, m.concepts(text)) > 0 {
			continue
		}
		n++
	}
	return n
}

// isWordArg reports an argument of letters and dashes alone.
func isWordArg(v string) bool {
	for _, r := range v {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// countKeptForExample counts the example's flags kept on the example's
// task's words rather than on this task's fit to their help.
func countKeptForExample(ev []string) int {
	n := 0
	for _, e := range ev {
		if strings.HasPrefix(e, "kept ") && (strings.Contains(e, ": the task repeats the example's task") ||
			strings.Contains(e, ": the example's task asks for it in words this task repeats") ||
			strings.Contains(e, ": the words of the example's task no help explains") ||
			strings.Contains(e, ": the example's explanation ties it")) {
			n++
		}
	}
	return n
}

// countPrefix counts the evidence lines that start with p.
func countPrefix(ev []string, p string) int {
	n := 0
	for _, e := range ev {
		if strings.HasPrefix(e, p) {
			n++
		}
	}
	return n
}

// countDerived counts the outputs whose name the task does not give but
// a rule derived from a task value (aln.bam → aln.sorted.bam).
func (m *mapper) countDerived(f *Fill) int {
	n := 0
	for _, o := range f.Outputs {
		if strings.HasPrefix(m.sourceOf(o), "derived") {
			n++
		}
	}
	return n
}

// countFitted counts the flags whose value was placed by fitting the
// words around a task value to a flag's help, the least sure way a value
// gets its flag.
func countFitted(f *Fill) int {
	n := 0
	for _, fv := range f.Flags {
		if strings.HasPrefix(fv.Why, "the task's \"") {
			n++
		}
	}
	return n
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// featureLine shows the evidence the confidence was weighed from.
func featureLine(feat map[string]float64, conf float64) string {
	keys := make([]string, 0, len(feat))
	for k, v := range feat {
		if v != 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%.2g", k, feat[k])
	}
	return fmt.Sprintf("%.2f from %s", conf, strings.Join(parts, ", "))
}

func joinAnd(items []string) string {
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func hasHave(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}

func clamp01(x float64) float64 {
	x = float64(int(x*100+0.5)) / 100
	return max(0, min(1, x))
}

// frameLine says in one line what Stage 3 read in the task.
func frameLine(fr *task.Frame) string {
	var parts []string
	for _, f := range fr.Files {
		role := f.Role
		if role == "" {
			role = "input"
		}
		parts = append(parts, fmt.Sprintf("%s (%s %s)", f.Path, role, f.Type))
	}
	for _, n := range fr.Numbers {
		parts = append(parts, fmt.Sprintf("%s (%s)", n.Value, strings.Join(n.Context, " ")))
	}
	for _, col := range fr.Columns {
		what := "columns"
		if col.Complement {
			what = "columns to leave out"
		}
		parts = append(parts, fmt.Sprintf("%s (%s: %s)", col.Value, what, strings.Join(col.Context, " ")))
	}
	for _, sp := range fr.Separators {
		parts = append(parts, fmt.Sprintf("%q (separator: %s)", sp.Value, sp.Word))
	}
	for _, group := range []struct {
		what string
		vals []string
	}{{"name", fr.Names}, {"region", fr.Regions}, {"sequence", fr.Sequences}, {"quoted", fr.Quoted}} {
		for _, v := range group.vals {
			parts = append(parts, fmt.Sprintf("%s (%s)", v, group.what))
		}
	}
	for _, id := range fr.Idents {
		parts = append(parts, fmt.Sprintf("%s (identifier: %s)", id.Text, strings.Join(id.Context, " ")))
	}
	for _, kv := range append(append([]task.KV(nil), fr.KV...), fr.UserFlags...) {
		parts = append(parts, strings.TrimSpace(kv.Key+" "+kv.Value)+" (typed)")
	}
	if len(parts) == 0 {
		return "the task names no file, number or name"
	}
	return "the task gives: " + strings.Join(parts, ", ")
}

// noSubcommand returns a finding when the command runs the tool itself
// with arguments though its help lists subcommands: such a tool does its
// work through one ("kallisto transcripts.idx transcripts.fa.gz" is no
// kallisto command), so the task lacks the word that chooses it.
func (m *mapper) noSubcommand(f *Fill, c *candidate, doc *ToolDoc) string {
	if doc == nil || len(doc.Subcommands) == 0 || len(c.sub) > 0 || c.exe != m.rec.Executable || len(f.Positionals) == 0 {
		return ""
	}
	var names []string
	for _, s := range doc.Subcommands[:min(3, len(doc.Subcommands))] {
		names = append(names, s.Name)
	}
	return fmt.Sprintf("no word of the task names a subcommand of %s (its help lists %d: %s …)", c.exe, len(doc.Subcommands), strings.Join(names, ", "))
}
