package engine

import (
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
	"github.com/traitome/oxo-call/task"
)

// mapper is Stage 3 for one task: it chooses the executable and
// subcommand, then fills flags and positionals — by adapting the closest
// skill example when there is one, else from the ToolDoc alone.
type mapper struct {
	// openWord is the word the task's job opens on, read once (opensName).
	openWord *string
	// holeWas is the example's value each placeholder flag held
	// (checkSources), for fillHole to match kinds.
	holeWas map[string]string
	// senseMemo: the sense roots of each help text read (descSenses).
	senseMemo map[string]map[string]bool
	// numberFlags is the flag each of the task's numbers went to, by the
	// number's index (placeNumber), for placeRangePartners.
	numberFlags map[int]FlagDoc
	rules       *rules.Set
	rec         *ToolRecord
	doc         *ToolDoc      // nil when the tool's help is not used
	skill       *skills.Skill // nil when no skill is used
	task        string
	slots       Slots
	taskWords   map[string]bool
	// taskConcepts are the concepts of the task's job (jobText), which
	// choose a candidate; textConcepts those of the whole task, file
	// names included, which compare it with an example's task.
	taskConcepts map[string]bool
	textConcepts map[string]bool
	conceptCache map[string]map[string]bool
	// exConcepts are the skill's example concepts kept on disk (nil
	// without a ConceptCache).
	exConcepts *exampleConcepts
	// taskIntents are the intents rules that can give a task concept
	// (taskOverlap), found on first use.
	taskIntents map[*rules.Rule]bool
	evidence    []string
	wordList    []string
	// common are description words shared by many of the chosen
	// candidate's flags; they say nothing about one flag.
	common map[string]bool
	// once are the description terms one flag's help alone holds.
	once map[string]bool
	// namesUsed counts the task's names given to arguments so far.
	namesUsed int
	// cjkTask reports a task written (partly) in Chinese.
	cjkTask bool
	// senseWords are taskWords with the task's senses (taskSenseWords).
	senseWords map[string]bool
	kwText     string
	// modes and modesRead hold the task's mode names (modeNames), read
	// once: every cover test of the fill asks for them.
	modes     []modeName
	modesRead bool
	jText     string
	// jWords and jBigrams are the job's words and word pairs (choose.go).
	jWords  []string
	jJoined []joinedWord
	// jSeq is the job's words in order, exFlags the skill's example
	// flags (choose.go).
	jSeq     []string
	exFlags  []string
	jBigrams map[string]bool
	vWords   map[string]bool
	// values are the task's values as written (sourceOf).
	values map[string]bool
	// valued are the flags the skill's examples show taking a value (true)
	// or right before another flag, as a switch (false).
	valued map[string]bool
	// exWords are the content words of the adapted example's task.
	exWords map[string]bool
	// cand is the candidate being adapted.
	cand *candidate
	// taskSeq is the task's words in order, files left out (gluedParts
	// reads it for every flag).
	taskSeq []string
	// chosen is the candidate Stage 3 chose, whether an example or the
	// help alone builds its command.
	chosen *candidate
	// placedWords are task words a value was chosen for ("mouse" for
	// -g mm): the word has its place in the command.
	placedWords map[string]bool
	// onNamed are the switches the task names that are on by default
	// (addNamedSwitches leaves them out): their names account for the
	// task's words.
	onNamed []string
	// valueTaken are the task's values an example flag took; valueCand,
	// byWord and byShape the flags the candidate's examples give values
	// (valueMaps).
	valueTaken map[string]bool
	// scaled are the task's numbers written in base pairs (scaleLengths).
	scaled map[string]bool
	// meant are the task's numbers a listed value's meaning holds, the
	// value the command sets (numberMeant).
	meant map[string]bool
	// flagWordTarget is the flag of each value the task writes after the
	// flag's bare name (flagWordValues).
	flagWordTarget map[string]FlagDoc
	// byStem: task outputs the command writes as their stem (a prefix
	// the tool adds the extension to: mash paste's "combined").
	byStem          map[string]bool
	valueCand       *candidate
	byWord, byShape map[string]valueTarget
	// asks are the task's terms, exTerms the adapted example task's, and
	// commonTerms the description terms many of the candidate's flags
	// share (switches.go).
	asks, exTerms map[string]bool
	// exOwned are the terms of the example task's words that spell an
	// example flag's name ("e-value" for -evalue): those words asked for
	// that flag, and say nothing against another.
	exOwned   map[string]bool
	candCache *candTermsCache
	// unmetSwitches counts the switches that fit the task's uncovered
	// words fairly well but not enough to add.
	unmetSwitches int
	// rivalled are the example's switches kept on words another switch
	// of the help fits as well, each as the finding that says so
	// (rivalSwitch).
	rivalled map[string]string
	// unmetKinds counts the kinds the task asks for that two flags of
	// the help name alike (addKindFlags).
	unmetKinds int
	// tiedValues counts task values two flags fit alike (bestFlagTied).
	tiedValues int
	// bound is the bound ("low", "high") of the range the number being
	// fitted to a flag stands for, if any (fitFlag).
	bound string
	// boundSaid are the words of the comparison a number's limit was
	// read from ("shorter than"), which a help may say the bound with
	// (fitFlag, with bound).
	boundSaid string
	// boundRemoves: the clause of that comparison removes what it names;
	// a help's same comparison counts only when the help removes too.
	boundRemoves bool
	// posWords, posConcepts and posSenseWords are the task's words,
	// concepts and words with senses, what it does not want left out
	// (positiveText), read once for exampleScore.
	posWords, posConcepts, posSenseWords map[string]bool
	// noun is the number being fitted, for the word right after it
	// ("identity" of "97% identity"): a flag whose name says it fits
	// (fitFlag).
	noun NumberSlot
	// inputsLeft are the files placeInputFlags left in a place the usage
	// does not show (Fill.Mismatched).
	inputsLeft []string
	// wrongEnds are example flags that kept a task's sequence though
	// their help names the other end of the strand than the task does
	// and no flag of the task's end fits alone: each makes the command
	// uncertain.
	wrongEnds []string
	// unmetPhrases counts the runs of a switch's help words the task says
	// that another switch's help says as well.
	unmetPhrases int
	// namedSwitches counts the switches added because the task names them
	// outright (addNamedSwitches).
	namedSwitches int
	// dropQuiet: asked has already said why it drops a flag.
	dropQuiet bool
	// readers are kindReaders of the candidate readersOf.
	readers   map[string][]string
	readersOf *candidate
	// unasked are the example's flags dropped because the task does not
	// ask for them: the words of the example's task they stood for
	// account for nothing in this command (coverWords).
	unasked []exToken
	// noFileFlags are the example's file flags left out because the task
	// has no file for them (-2 for a task with one reads file).
	noFileFlags []string
	// exExplain is the adapted example's explanation.
	exExplain string
	// senseCache holds the sense classes each text of a value mentions
	// (sensesOf).
	senseCache map[string][]string
}

// candidate is one way to run the task: the tool, a subcommand or a companion.
type candidate struct {
	exe   string
	sub   []string
	key   string
	desc  string
	flags []FlagDoc
	// extra are the secondary flags (FlagDoc.Secondary): kept out of
	// flags, so no pass fills them unasked, but read by the checks that
	// find what the task asks for and the command lacks.
	extra       []FlagDoc
	positionals []PositionalDoc
	usage       string
	known       bool // its flags come from real help
	stdin       bool // its usage reads standard input
	score       float64
	why         []string
	// named: a task word names it (its name, a companion name part or a
	// skill keyword), not only concepts or examples.
	named bool
	// byName: the task names it by its name or a part of it, not only
	// by a skill keyword or a description phrase.
	byName bool
	// parts are the task words that name it as a part of its name
	// ("search" of hmmsearch), when that is all that names it by name.
	parts []string
	// toolBonus ranks the tool the user named above a companion in a
	// close call; it is not part of the score (nor of the margin).
	toolBonus float64
	examples  []scoredExample
}

// marginOf puts a score gap to the runner-up on the confidence model's
// scale: 0 for a tie or worse, 1 from choose.margin_scale up.
func marginOf(gap float64) float64 {
	return min(1, max(0, gap)/sc.Choose.MarginScale)
}

type scoredExample struct {
	ex    skills.Example
	args  []string
	score float64
	// from is the companion whose example the typed program borrows
	// (borrowExamples), "" for its own.
	from string
}

func newMapper(rs *rules.Set, rec *ToolRecord, doc *ToolDoc, sk *skills.Skill, tk string) *mapper {
	m := &mapper{rules: rs, rec: rec, doc: doc, skill: sk, task: tk, conceptCache: map[string]map[string]bool{}, placedWords: map[string]bool{}, valueTaken: map[string]bool{}, scaled: map[string]bool{}, meant: map[string]bool{}}
	m.slots = ExtractSlots(tk)
	m.slots.Names = slices.DeleteFunc(m.slots.Names, func(n string) bool { return namesTheTool(rec, n) })
	m.slots.Idents = slices.DeleteFunc(m.slots.Idents, func(id task.Ident) bool { return namesTheTool(rec, id.Text) })
	// "with reformat.sh": a file named as the program is the program, no
	// file the command reads or writes.
	m.slots.Files = slices.DeleteFunc(m.slots.Files, func(f task.File) bool { return isTheProgram(rec, f.Path) })
	// "zip the data directory": a place the tool's help names ("-z
	// Compress the data directory") is the tool's own, no directory of
	// the user's.
	m.slots.Files = slices.DeleteFunc(m.slots.Files, func(f task.File) bool { return f.Type == "dir" && helpNamesPlace(doc, tk, f.Path) })
	// "a Bowtie 2 index": the number ends the tool's name, it is no value;
	// nor is the word before it a name ("PLINK 2 binary format").
	toolHead := map[string]bool{}
	for _, n := range m.slots.Numbers {
		if endsToolName(rec, n) {
			toolHead[n.After] = true
		}
	}
	m.slots.Names = slices.DeleteFunc(m.slots.Names, func(n string) bool { return toolHead[strings.ToLower(n)] })
	m.slots.Numbers = slices.DeleteFunc(m.slots.Numbers, func(n task.Number) bool { return endsToolName(rec, n) })
	m.taskWords = contentWords(withoutFiles(tk))
	m.taskConcepts = m.concepts(withoutSettings(m.jobText()))
	m.textConcepts = m.concepts(tk)
	m.cjkTask = isCJK(tk)
	return m
}

// candidates lists every executable/subcommand the task could mean.
func (m *mapper) candidates() []*candidate {
	var out []*candidate
	seen := map[string]bool{}
	add := func(c *candidate) {
		if !seen[c.key] {
			seen[c.key] = true
			c.flags, c.extra = splitSecondary(c.flags)
			c.positionals = writtenPositionals(c.desc, c.positionals)
			out = append(out, c)
		}
	}
	exe := m.rec.Executable
	if m.doc != nil {
		root := &candidate{exe: exe, key: exe, desc: m.doc.Description, flags: m.doc.AllFlags(nil), positionals: m.doc.Positionals, known: true, stdin: m.doc.ReadsStdin}
		if len(m.doc.UsagePatterns) > 0 {
			root.usage = m.doc.UsagePatterns[0]
		}
		add(root)
		var walk func(list []SubcommandDoc, path []string)
		walk = func(list []SubcommandDoc, path []string) {
			for i := range list {
				s := &list[i]
				p := append(append([]string(nil), path...), s.Name)
				// A subcommand with no help of its own whose flags are the
				// tool's global ones (diamond's one help for all its
				// commands) is known by that help.
				known := s.Parser != "" || len(s.Flags) == 0 && len(s.Subcommands) == 0 && len(m.doc.GlobalFlags) > 0
				add(&candidate{exe: exe, sub: p, key: strings.Join(p, " "), desc: s.Description, flags: m.doc.AllFlags(s),
					positionals: s.Positionals, usage: s.UsagePattern, known: known, stdin: s.ReadsStdin})
				walk(s.Subcommands, p)
			}
		}
		walk(m.doc.Subcommands, nil)
		for i := range m.doc.Companions {
			c := &m.doc.Companions[i]
			add(&candidate{exe: c.Name, key: c.Name, desc: c.Description, flags: c.Flags, positionals: c.Positionals, usage: c.UsagePattern, known: c.Parser != "", stdin: c.ReadsStdin})
		}
	}
	for _, c := range m.rec.CompanionTools {
		add(&candidate{exe: c.Name, key: c.Name})
	}
	if m.skill != nil {
		for _, c := range m.skill.Companions {
			add(&candidate{exe: c, key: c})
		}
		add(&candidate{exe: exe, key: exe})
		// Without a subcommand listing (no help, or one that could not be
		// read, like PicardCommandLine's), the skill's first words are the
		// subcommands.
		noListing := m.doc == nil || len(m.doc.Subcommands) == 0
		for k := range m.skill.Keywords {
			if !seen[k] && m.doc == nil {
				add(&candidate{exe: exe, sub: strings.Fields(k), key: k})
			}
		}
		for _, ex := range m.skill.Examples {
			args, err := skills.SplitArgs(ex.Args)
			if err != nil || len(args) == 0 || !noListing || !looksLikeSub(args[0]) {
				continue
			}
			if !seen[args[0]] && !strings.Contains(args[0], "=") {
				add(&candidate{exe: exe, sub: []string{args[0]}, key: args[0]})
			}
		}
	}
	if len(out) == 0 {
		add(&candidate{exe: exe, key: exe})
	}
	return out
}

// exampleKey returns which candidate an example belongs to.
func (m *mapper) exampleKey(args []string, cands []*candidate) (string, int) {
	if len(args) == 0 {
		return m.rec.Executable, 0
	}
	best, n := m.rec.Executable, 0
	for _, c := range cands {
		parts := strings.Fields(c.key)
		if c.exe != m.rec.Executable && args[0] == c.exe {
			return c.key, 1
		}
		if len(c.sub) > 0 && len(args) >= len(parts) && strings.Join(args[:len(parts)], " ") == c.key && len(parts) > n {
			best, n = c.key, len(parts)
		}
	}
	if n == 0 && args[0] == m.rec.Executable {
		return best, 1
	}
	return best, n
}

// score rates each candidate for the task and keeps its examples.
func (m *mapper) score(cands []*candidate) {
	byKey := map[string]*candidate{}
	for _, c := range cands {
		byKey[c.key] = c
	}
	if m.skill != nil {
		for _, ex := range m.skill.Examples {
			args, err := skills.SplitArgs(ex.Args)
			if err != nil {
				continue
			}
			key, n := m.exampleKey(args, cands)
			c := byKey[key]
			if c == nil {
				continue
			}
			c.examples = append(c.examples, scoredExample{ex: ex, args: args[n:], score: m.exampleScore(ex, args[n:])})
		}
		m.borrowExamples(cands)
	}
	spans := m.keywordSpans(cands)
	rare := m.rareDescriptionTerms(cands)
	rareFlags := m.rareFlagTerms(cands)
	names := map[string]bool{}
	for _, c := range cands {
		names[strings.ToLower(c.key)] = true
	}
	for _, c := range cands {
		name := strings.ToLower(c.key)
		// "a hisat2 index" asked of hisat2-build names the family the
		// user's own program belongs to, not the companion hisat2.
		family := c.exe != m.rec.Executable && strings.HasPrefix(strings.ToLower(m.rec.Executable), name)
		if m.mentions(name) && !family && !m.modifiesOther(name, names) && !(c.exe == m.rec.Executable && len(c.sub) == 0 && len(cands) > 1 && m.attributive(name)) {
			c.score += sc.Choose.NameMentioned
			c.named, c.byName = true, true
			c.why = append(c.why, fmt.Sprintf("the task names %q", c.key))
			// Not the user's own program ("the HISAT2 index" asked of
			// hisat2 names the tool, not a mode of it).
			if typedName(name) && (len(c.sub) > 0 || c.exe != m.rec.Executable) && !examplesRun(cands, c, name) {
				c.score += sc.Choose.NameIdentifier
			}
		} else {
			m.scoreNaming(c, names)
		}
		if why := m.conversionFit(c); why != "" {
			c.score += sc.Choose.NameConversion
			c.named, c.byName = true, true
			c.why = append(c.why, why)
		}
		if n := m.taskOverlap(joinsToSpaces.Replace(name)); n > 0 {
			c.score += sc.Choose.NameConcept * float64(n)
			c.why = append(c.why, fmt.Sprintf("%d task concepts match its name", n))
		}
		if c.desc != "" {
			if n := m.taskOverlap(c.desc); n > 0 {
				c.score += sc.Choose.DescriptionConcept * float64(n)
				c.why = append(c.why, fmt.Sprintf("%d task concepts match its description", n))
			}
			ws, ks, other := m.descriptionTerms(c, rare)
			if len(ws)+len(ks) > 0 {
				c.score += sc.Choose.DescriptionWord*float64(len(ws)) + sc.Choose.DescriptionKind*float64(len(ks))
				c.why = append(c.why, fmt.Sprintf("its description says %s, which few others' say", quoteJoin(append(ws, ks...))))
			}
			if other != "" {
				c.score += sc.Choose.DescriptionOtherKind
				c.why = append(c.why, fmt.Sprintf("its description names %s, none of the task's inputs' kinds", other))
			}
		}
		if ws := m.flagHelpAsks(c, rareFlags); len(ws) > 0 {
			c.score += sc.Choose.FlagWord * math.Min(float64(len(ws)), sc.Choose.FlagWordMost)
			c.why = append(c.why, fmt.Sprintf("its flags' help says %s, which few others' say", quoteJoin(ws)))
		}
		if m.skill != nil {
			for _, kw := range m.skill.Keywords[c.key] {
				k := strings.ToLower(kw)
				if k == name {
					continue // already counted as a mention of the name
				}
				kwWords := contentWords(k)
				if start, end := m.phraseAt(k); start >= 0 {
					if other := shadowed(spans, c.key, start, end); other != "" {
						c.why = append(c.why, fmt.Sprintf("skill keyword %q, inside %q's longer one", kw, other))
						continue
					}
					c.score += sc.Choose.KeywordPhrase + sc.Choose.KeywordPhraseWord*float64(strings.Count(k, " "))
					c.named = true
					c.why = append(c.why, fmt.Sprintf("skill keyword %q", kw))
				} else if (len(kwWords) > 1 || len(kwWords) == 1 && m.cjkTask && !isCJK(k)) && overlap(kwWords, m.verbWords()) == len(kwWords) {
					// A Chinese task says an English keyword through its
					// senses ("延长" for "extend"), as its words would.
					c.score += sc.Choose.KeywordWords + sc.Choose.KeywordWordsExtra*float64(len(kwWords)-1)
					c.named = true
					c.why = append(c.why, fmt.Sprintf("the words of skill keyword %q", kw))
				} else if (isCJK(k) || m.cjkTask) && len(m.taskConcepts) > 0 {
					// Across languages (排序 vs sort) words cannot meet;
					// concepts can. Same-language keywords were matched by
					// their words above, so their concepts are not worked out
					// (it is most of Stage 3's time).
					if n := m.taskOverlap(k); n > 0 && len(m.concepts(k)) == n {
						c.score += sc.Choose.KeywordConcepts
					}
				}
			}
		}
		sort.SliceStable(c.examples, func(i, j int) bool { return c.examples[i].score > c.examples[j].score })
		if len(c.examples) > 0 && len(m.taskTypes()) > 0 && !m.typesFit(c) {
			c.score += sc.Choose.OtherFileKinds
			c.why = append(c.why, "its examples work on other file types")
		}
		if len(c.examples) > 0 {
			c.score += sc.Choose.BestExample * c.examples[0].score
		}
		if m.doc != nil && len(c.sub) == 0 && c.exe == m.rec.Executable && len(m.doc.Subcommands) > 0 {
			c.score += sc.Choose.SubcommandNeeded // a tool with subcommands needs one
		}
		if len(c.sub) == 0 && c.exe == m.rec.Executable && (m.doc == nil || len(m.doc.Subcommands) == 0) {
			c.toolBonus = sc.Choose.NamedTool
		}
	}
}

// phraseAt returns where a keyword phrase stands in the task's job
// (jobText) as whole words, not right after an article or preposition
// ("to the index genome_idx" does not use "index genome"), or -1. Chinese
// phrases match as substrings.
func (m *mapper) phraseAt(k string) (int, int) {
	text := m.jobText()
	if isCJK(k) {
		if j := strings.Index(text, k); j >= 0 {
			return j, j + len(k)
		}
		return -1, -1
	}
	for i := 0; ; {
		j := strings.Index(text[i:], k)
		if j < 0 {
			return -1, -1
		}
		j += i
		end := j + len(k)
		okStart := j == 0 || !isWordByte(text[j-1])
		okEnd := end == len(text) || !isWordByte(text[end])
		if okStart && okEnd {
			before := strings.Fields(text[:j])
			if len(before) == 0 || !task.V().Word("noun_before", before[len(before)-1]) {
				return j, end
			}
		}
		i = j + 1
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

// keywordText is the task lower-cased without file names and given names.
func (m *mapper) keywordText() string {
	if m.kwText == "" {
		var keep []string
		ws, dropped := m.keywordWords()
		for i, w := range ws {
			if !dropped[i] {
				keep = append(keep, w)
			}
		}
		m.kwText = " " + strings.Join(keep, " ") + " "
	}
	return m.kwText
}

// keywordWords are the words of the task lower-cased, and which of them
// keywordText leaves out: file names, given names and the marker nouns
// that only say what a name is.
func (m *mapper) keywordWords() ([]string, []bool) {
	names := m.lowerNames()
	ws := strings.Fields(strings.ToLower(m.task))
	dropped := make([]bool, len(ws))
	for i, w := range ws {
		t := strings.Trim(w, ",;()[]'\"")
		dropped[i] = task.FileWord(w) != "" || names[t] || markerNoun(ws, i, names)
	}
	for _, span := range stateAsides(ws) {
		for i := span[0]; i < span[1]; i++ {
			dropped[i] = true
		}
	}
	return ws, dropped
}

// stateAsides are the spans [from, to) of ws that a parenthesis holds
// and that say what the user's files already are (lexicon class
// state_word: "(it is tabix-indexed)", "(bam 已经建好索引了)"): the state
// of the input, not what the command is to do, so none of its words asks
// for a subcommand or a flag. A word the parenthesis opens inside
// ("数(bam") keeps its place: only the words after it are the aside's.
func stateAsides(ws []string) [][2]int {
	var out [][2]int
	for i := 0; i < len(ws); i++ {
		k := strings.Index(ws[i], "(")
		if k < 0 {
			continue
		}
		j := i
		for j < len(ws) && !strings.Contains(ws[j][min(len(ws[j]), b2i(j == i)*(k+1)):], ")") {
			j++
		}
		if j == len(ws) {
			break
		}
		inside := append([]string{ws[i][k+1:]}, ws[i+1:j+1]...)
		state := false
		for _, w := range inside {
			for _, part := range strings.Split(strings.Trim(w, ",;()[]'\"?!."), "-") {
				state = state || part != "" && task.V().Mentions("state_word", part)
			}
		}
		if state {
			from := i
			if k > 0 {
				from = i + 1
			}
			out = append(out, [2]int{from, j + 1})
		}
		i = j
	}
	return out
}

// markerNoun reports a word of ws that only says what the value next to
// it is: a name marker before the name it marks ("the index tx_idx",
// "索引 hs_idx"), or before a file of the kind it names ("the kallisto
// index mm.idx"), and a word that names the name right before it ("the
// hg38 index"). It names a thing the command uses, not what the command
// does: "quantify … with the index tx_idx" asks for no index to be built.
// The words are lower-cased; names holds the task's names lower-cased.
func markerNoun(ws []string, i int, names map[string]bool) bool {
	trim := func(w string) string { return strings.Trim(w, ",;:()[]'\"") }
	w := trim(ws[i])
	if w != ws[i] && i+1 < len(ws) {
		return false // "index," ends its clause
	}
	v := task.V()
	if i+1 < len(ws) && v.Word("name_marker", w) {
		next := trim(ws[i+1])
		if names[next] && identLike(next) {
			return true
		}
		if typ := FileType(next); typ != "" && typ != "file" {
			if k, ok := task.KindOfWord(w); typ == w || ok && family(typ) == family(k) {
				return true
			}
		}
	}
	return i > 0 && v.Word("name_marker_before", w) && names[trim(ws[i-1])] && identLike(trim(ws[i-1]))
}

// identLike reports a name written as an identifier, not a word: it holds
// a digit or a character other than a letter (tx_idx, hg38, GRCh38.p14).
// A plain word after a marker ("the index built") may be prose.
func identLike(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0
}

// verbWords are the words of the task's job (jobText); a Chinese job's
// with the English of its senses ("线性聚类": linear, cluster), as an
// English task writes them.
func (m *mapper) verbWords() map[string]bool {
	if m.vWords == nil {
		m.vWords = contentWords(m.jobText())
		if m.cjkTask {
			m.vWords = withSenses(m.vWords, m.jobText())
		}
	}
	return m.vWords
}

// jobText is the task as it says what to do: keywordText less the words
// that only describe the state of a file the task already has — a
// participle after a determiner ("the indexed file", "the name-sorted
// BAM", lexicon classes state_determiner and state_ending) and a Chinese
// run ending in an attributive particle ("压缩的 BED 文件"). "show the
// reads of the indexed file" asks for no index.
func (m *mapper) jobText() string {
	if m.jText != "" {
		return m.jText
	}
	v := task.V()
	var keep []string
	state := false // the previous word opens a state description
	for _, w := range strings.Fields(m.keywordText()) {
		t := strings.Trim(w, ",;:()[]'\"")
		if state && isStateWord(t) {
			continue // "the sorted indexed BAM": both describe it
		}
		state = v.Word("state_determiner", t)
		if r := []rune(t); len(r) > 1 && isCJK(t) && v.Is("attributive_particle", t) && len(r) <= task.MaxAttributiveRunes {
			continue
		}
		keep = append(keep, w)
	}
	m.jText = " " + strings.Join(keep, " ") + " "
	return m.jText
}

// withoutSettings leaves out of a text each bound and the noun after it
// ("requiring a minimum depth of 5"): a setting of the job, not the job,
// so neither its words nor its concepts choose a subcommand. Skill
// keywords still meet them ("minimum contig length").
func withoutSettings(text string) string {
	var keep []string
	setting := false // the previous word makes this one a setting
	for _, w := range strings.Fields(text) {
		t := strings.Trim(w, ",;:()[]'\"")
		if setting && isLetters(t) && !task.Stopword(t) {
			setting = false
			continue
		}
		if setting = task.V().Word("setting_word", t); setting {
			continue
		}
		keep = append(keep, w)
	}
	return " " + strings.Join(keep, " ") + " "
}

// isStateWord reports a participle ("indexed") or a compound ending in
// one ("name-sorted", "bgzip-compressed").
func isStateWord(t string) bool {
	parts := strings.Split(t, "-")
	last := parts[len(parts)-1]
	return task.V().Word("state_ending", last) || len(last) > 4 && task.V().Is("state_ending", last)
}

// mentions reports whether the task names s as a word used as a command:
// "index sorted.bam" mentions index; "align reads to the index idx" does
// not (after an article or preposition the word is a noun).
func (m *mapper) mentions(s string) bool {
	// The task's tokens part full-width punctuation and Chinese runs
	// from the words beside them ("比对情况（flagstat）").
	ws := strings.FieldsFunc(strings.Join(tokens(strings.ToLower(m.task)), " "), func(r rune) bool {
		return r == ' ' || r == ',' || r == ';' || r == '(' || r == ')' || r == '"' || r == '\''
	})
	var names map[string]bool
	for i, w := range ws {
		if w != s {
			continue
		}
		// "align to the index": a name that is a plain word reads as a
		// noun after these; a name no prose writes ("with easy-linclust",
		// "run split2") is always the name, but for the program typed ("the
		// HISAT2 index" names whose index, not a mode).
		if i > 0 && task.V().Word("noun_before", ws[i-1]) && (!typedName(s) || s == strings.ToLower(m.rec.Executable)) {
			continue
		}
		// "a minimum depth of 5": a bound's noun is a setting.
		if i > 0 && task.V().Word("setting_word", ws[i-1]) && !typedName(s) {
			continue
		}
		if names == nil {
			names = m.lowerNames()
		}
		if markerNoun(ws, i, names) {
			continue
		}
		return true
	}
	return false
}

// modifiesOther reports a candidate's name the task writes only right
// before a word that names another candidate, whole or as the word built
// on it ("a k-mer count histogram": count qualifies the histogram, and
// histo is the subcommand asked for).
func (m *mapper) modifiesOther(name string, names map[string]bool) bool {
	return m.onlyBefore(name, func(next string) bool {
		if next == name {
			return false
		}
		for o := range names {
			if o == next || o != name && beginsWithName(next, o) {
				return true
			}
		}
		return false
	})
}

// attributive reports a name the task writes only right before a word of
// the lexicon class name_marker ("build a HISAT2 index", "the BLAST
// database"): it says whose index, not which program runs, so the tool
// typed gains nothing over its companions by it.
func (m *mapper) attributive(name string) bool {
	return m.onlyBefore(name, func(next string) bool { return task.V().Word("name_marker", next) })
}

// onlyBefore reports a name the task (its files left out) writes at least
// once, and every time right before a word, in the same clause, that
// next accepts.
func (m *mapper) onlyBefore(name string, next func(string) bool) bool {
	ws := strings.Fields(strings.ToLower(withoutFiles(m.task)))
	seen := false
	for i, w := range ws {
		if strings.Trim(w, "()'\"") != name {
			continue
		}
		seen = true
		if strings.ContainsAny(w[len(w)-1:], ",;:.)") || i+1 >= len(ws) || !next(strings.Trim(ws[i+1], ",;:.()'\"")) {
			return false
		}
	}
	return seen
}

// typedName reports a name no prose writes: it holds a '-', '_' or digit
// (easy-linclust, split2), so a task that says it typed it.
func typedName(s string) bool { return strings.ContainsAny(s, "-_0123456789") }

// examplesRun reports another candidate whose skill examples run the
// subcommand name ("computeMatrix scale-regions …" filed under the tool):
// naming the subcommand does not set the two apart.
func examplesRun(cands []*candidate, c *candidate, name string) bool {
	for _, o := range cands {
		if o == c {
			continue
		}
		for _, se := range o.examples {
			if len(se.args) > 0 && strings.EqualFold(se.args[0], name) {
				return true
			}
		}
	}
	return false
}

// lowerNames are the task's names, lower-cased.
func (m *mapper) lowerNames() map[string]bool {
	names := map[string]bool{}
	for _, n := range m.slots.Names {
		names[strings.ToLower(n)] = true
	}
	return names
}

// exampleScore is the similarity of an example to the task.
func (m *mapper) exampleScore(ex skills.Example, args []string) float64 {
	if m.posWords == nil {
		// What the task says it does not want is no likeness.
		pos := positiveText(m.task)
		m.posWords, m.posConcepts = contentWords(withoutFiles(pos)), m.concepts(pos)
		m.posSenseWords = withSenses(m.posWords, withoutFiles(pos))
		for w := range m.posWords {
			if isCJK(w) && len(senseRoots(w)) > 0 {
				delete(m.posSenseWords, w)
			}
		}
	}
	exWords, taskWords := contentWords(withoutFiles(ex.Task)), m.posWords
	if m.cjkTask {
		// A Chinese task meets an example's words through its senses
		// ("按读段名称排序" holds read and name: "sort by read name").
		exWords, taskWords = withSenses(exWords, ex.Task), m.posSenseWords
	}
	s := jaccard(exWords, taskWords) + sc.Examples.ConceptOverlap*jaccard(m.concepts(ex.Task), m.posConcepts)
	var exTypes []string
	hasRegion := false
	for _, a := range args {
		if t := FileType(a); t != "" {
			exTypes = append(exTypes, family(t))
		}
		if regionRE.MatchString(a) && strings.Contains(a, ":") {
			hasRegion = true
		}
	}
	s += sc.Examples.FlagNamed * float64(len(m.namedFlags(args)))
	taskTypes := m.taskTypes()
	if len(exTypes) > 0 && len(taskTypes) > 0 {
		hit := 0
		for _, t := range exTypes {
			if taskTypes[t] {
				hit++
			}
		}
		s += sc.Examples.FileKindShare * float64(hit) / float64(len(exTypes))
	}
	if hasRegion != (len(m.slots.Regions) > 0) {
		s += sc.Examples.RegionMismatch
	}
	// An example that reads as many files as the task names fits better.
	exIn := 0
	for i, a := range args {
		if FileType(a) != "" && (i == 0 || !isOutputName(args[i-1])) {
			exIn++
		}
	}
	if d := exIn - len(m.slots.Inputs()); d != 0 && len(m.slots.Files) > 0 {
		s += sc.Examples.InputCountGap * float64(min(3, max(d, -d)))
	}
	return s
}

// withSenses is words with the words of the senses (lexicon
// sense_<word>) text mentions, as contentWords reads them.
func withSenses(words map[string]bool, text string) map[string]bool {
	out := maps.Clone(words)
	for _, c := range mentionedSenses(text) {
		maps.Copy(out, contentWords(strings.TrimPrefix(c, "sense_")))
	}
	return out
}

// taskSenseWords are the task's words with its senses, read once.
func (m *mapper) taskSenseWords() map[string]bool {
	if m.senseWords == nil {
		m.senseWords = withSenses(m.taskWords, withoutFiles(m.task))
		// A run its senses stand for is those words: it is no word an
		// example's task shares besides them.
		for w := range m.taskWords {
			if isCJK(w) && len(senseRoots(w)) > 0 {
				delete(m.senseWords, w)
			}
		}
	}
	return m.senseWords
}

// taskTypes are the file kinds the task names: its files' kinds and kind
// words ("the fasta", "a BAM").
func (m *mapper) taskTypes() map[string]bool {
	out := map[string]bool{}
	for _, f := range m.slots.Files {
		out[family(f.Type)] = true
	}
	for w := range m.taskWords {
		if t, ok := task.KindOfWord(w); ok && len(w) > 2 {
			out[family(t)] = true
		}
	}
	return out
}

// withoutFiles drops file names from a text, and the words that name the
// current directory (the value "."): their words ("ref", "aln")
// are the user's naming, not what the task asks.
func withoutFiles(s string) string {
	f := strings.Fields(s)
	out := f[:0]
	for i := 0; i < len(f); i++ {
		w := f[i]
		if i+1 < len(f) && task.CurrentPlace(w, f[i+1]) {
			i++ // "the current directory" is the value "."
			continue
		}
		if task.FileWord(w) == "" {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// typesFit reports whether any example of the candidate uses a file of a
// kind the task names ("index ref.fa" fits faidx, not index).
func (m *mapper) typesFit(c *candidate) bool {
	task := m.taskTypes()
	anyFiles := false
	for _, e := range c.examples {
		for _, a := range e.args {
			if t := FileType(a); t != "" {
				anyFiles = true
				if task[family(t)] {
					return true
				}
			}
		}
	}
	return !anyFiles
}

// isOutputName reports flags that conventionally name an output.
func isOutputName(a string) bool {
	n := strings.ToLower(strings.TrimLeft(a, "-"))
	return task.V().Is("output_flag_name", n) || task.V().Word("output_flag_spelling", a)
}

// command is how the candidate is written on the command line: the
// executable and its subcommand ("seqkit faidx").
func (c *candidate) command() string {
	return strings.Join(append([]string{c.exe}, c.sub...), " ")
}

// choice is what choose learned besides the candidate: how clearly it won.
type choice struct {
	// margin is the score gap to the runner-up, divided by 5 and capped at
	// 1 (1 when there is no runner-up with a positive score).
	margin float64
	// noSignal: nothing in the task points to any candidate.
	noSignal bool
	// sibling is the companion executable chosen in place of the one the
	// user named, though no word of the task names it ("" otherwise).
	sibling string
	// tie names the runner-up when it came within scoring.choose.close_call
	// of the choice and no task word names either ("" otherwise): nothing
	// in the task chooses between them.
	tie string
	// second is the runner-up when it scored above 0 (nil otherwise).
	second *candidate
}

// samePartsOnly reports two candidates of one score named by the same
// parts of their names and nothing else by name.
func samePartsOnly(a, b *candidate) bool {
	return a.score == b.score && len(a.parts) > 0 && slices.Equal(a.parts, b.parts)
}

// choose picks the best candidate and says how clearly it won.
func (m *mapper) choose() (*candidate, choice) {
	cands := m.candidates()
	m.score(cands)
	var stranger *candidate
	if slices.ContainsFunc(cands, func(c *candidate) bool { return c.exe == m.rec.Executable && len(c.sub) == 0 }) {
		// (strangerCompanion: only a companion the task names as a
		// program)
		cands = slices.DeleteFunc(cands, func(c *candidate) bool {
			drop := m.strangerCompanion(c) && !m.namesProgram(c.key)
			if drop && (stranger == nil || c.score > stranger.score) {
				stranger = c
			}
			return drop
		})
	}
	// The tool the user named wins a close call against its companions
	// (named_tool), but the margin stays the scores' own: preferring it
	// is no evidence that it is right.
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score+cands[i].toolBonus > cands[j].score+cands[j].toolBonus })
	kept := m.keepTyped(cands)
	if cands[0].score <= 0 && !kept {
		// Nothing points to any candidate: the program itself, not the
		// subcommand its help happens to list first ("print the salmon
		// version" is salmon -v, not salmon index -v).
		// (the root's score holds scoring.choose.subcommand_needed, which
		// only weighs it against a subcommand the task points to)
		if i := slices.IndexFunc(cands, func(c *candidate) bool { return c.exe == m.rec.Executable && len(c.sub) == 0 && c.known }); i > 0 && cands[i].score-sc.Choose.SubcommandNeeded >= cands[0].score {
			root := cands[i]
			copy(cands[1:i+1], cands[0:i])
			cands[0] = root
		}
	}
	best := cands[0]
	if best.toolBonus > 0 && len(cands) > 1 && cands[1].score > best.score {
		best.why = append(best.why, fmt.Sprintf("the tool named, in a close call with %q", cands[1].key))
	}
	ch := choice{margin: 1}
	if best.score <= 0 {
		ch.noSignal = true
		m.evidence = append(m.evidence, "nothing in the task points to a subcommand or companion")
	}
	if len(cands) > 1 && cands[1].score > 0 {
		ch.second = cands[1]
		ch.margin = marginOf(best.score - cands[1].score)
		if best.score-cands[1].score < sc.Choose.CloseCall && !kept {
			m.evidence = append(m.evidence, fmt.Sprintf("close call between %q (%.1f) and %q (%.1f)", best.key, best.score, cands[1].key, cands[1].score))
			// The tool the user typed is the default choice among its
			// companions; anything else is a guess between two: two
			// candidates no word names, or two named only by the same
			// parts of their names, at the same score ("read" and "group"
			// of "加 read group" in CalculateReadGroupChecksum and
			// AddOrReplaceReadGroups).
			// So is a candidate at the very same score, unless the task
			// names both by name (samtools consensus and fasta for "a
			// consensus … as FASTA", where other passes weigh the two):
			// the order of the help's listing picks it, not the task
			// (diamond's cluster and linclust, 3.0 each, for "linear-time
			// clustering").
			if best.toolBonus == 0 && (!best.named && !cands[1].named || samePartsOnly(best, cands[1]) || best.score == cands[1].score && !(best.byName && cands[1].byName)) {
				ch.tie = cands[1].command()
			}
		}
	}
	if stranger != nil && stranger.score > 0 {
		// Another program of the package fits the task's words too: it
		// is not chosen, but the choice won by no more than it leads it
		// (a task about lengths asked of fastasort fits fastalength).
		if g := marginOf(best.score - stranger.score); g < ch.margin {
			ch.margin = g
			how := "as well"
			switch {
			case stranger.score > best.score:
				how = "better"
			case stranger.score < best.score:
				how = "nearly as well"
			}
			m.evidence = append(m.evidence, fmt.Sprintf("%s, of the same package, fits the task %s (score %.1f vs %.1f); the task does not name it as the program to run", stranger.key, how, stranger.score, best.score))
		}
	}
	if best.exe != m.rec.Executable && len(best.sub) == 0 && !best.named && slices.ContainsFunc(cands, func(c *candidate) bool {
		return c.exe == m.rec.Executable && len(c.sub) == 0
	}) {
		ch.sibling = best.exe
	}
	what := "the tool itself"
	if len(best.sub) > 0 {
		what = "subcommand " + strings.Join(best.sub, " ")
	} else if best.exe != m.rec.Executable {
		what = "companion " + best.exe
	}
	m.evidence = append(m.evidence, fmt.Sprintf("chose %s (score %.1f): %s", what, best.score, strings.Join(best.why, "; ")))
	if len(cands) > 1 {
		line := fmt.Sprintf("runner-up: %s (score %.1f vs %.1f)", cands[1].key, cands[1].score, best.score)
		if len(cands[1].why) > 0 {
			line += ": " + strings.Join(cands[1].why, "; ")
		}
		m.evidence = append(m.evidence, line)
	}
	return best, ch
}

// namesTheTool reports a bare word of the task that is the tool's own name
// or a companion's ("比对到 bowtie2 索引 mm10"): it says which program,
// not a value for it.
// endsToolName reports whether a number is the end of the tool's name
// written apart ("Bowtie 2" for bowtie2, "HISAT 2" for hisat2).
func endsToolName(rec *ToolRecord, n task.Number) bool {
	return n.After != "" && namesTheTool(rec, n.After+n.Value)
}

// isTheProgram reports a path that is the program itself as the task
// writes it: its executable, the name the user typed, or a companion's,
// spelled in full ("reformat.sh", "spades.py").
func isTheProgram(rec *ToolRecord, p string) bool {
	if rec == nil || p == "" {
		return false
	}
	if p == rec.Executable || p == rec.Name || p == filepath.Base(rec.Name) {
		return true
	}
	return slices.ContainsFunc(rec.CompanionTools, func(c Companion) bool { return p == c.Name })
}

func namesTheTool(rec *ToolRecord, n string) bool {
	if rec == nil {
		return false
	}
	if strings.EqualFold(n, rec.Executable) {
		return true
	}
	// "a HISAT2 index" for hisat2-build: the program the companion serves.
	if base, _, ok := strings.Cut(rec.Executable, "-"); ok && strings.EqualFold(n, base) {
		return true
	}
	for _, c := range rec.CompanionTools {
		if strings.EqualFold(n, c.Name) {
			return true
		}
	}
	return false
}

// helpNamesPlace reports a directory the task names in words ("the data
// directory") whose words, with the same place word, a flag's help of the
// tool says as well.
func helpNamesPlace(doc *ToolDoc, tk, dir string) bool {
	if doc == nil {
		return false
	}
	low := strings.ToLower(tk)
	var phrases []string
	for _, w := range task.V().Words("place_word") {
		if p := strings.ToLower(dir) + " " + w; strings.Contains(low, p) {
			phrases = append(phrases, p)
		}
	}
	if len(phrases) == 0 {
		return false
	}
	says := func(fds []FlagDoc) bool {
		return slices.ContainsFunc(fds, func(fd FlagDoc) bool {
			d := strings.ToLower(fd.Description)
			return slices.ContainsFunc(phrases, func(p string) bool { return strings.Contains(d, p) })
		})
	}
	if says(doc.Flags) || says(doc.GlobalFlags) {
		return true
	}
	return slices.ContainsFunc(doc.Subcommands, func(sd SubcommandDoc) bool { return says(sd.Flags) })
}

// splitSecondary parts a level's flags into those Stage 3 fills and the
// secondary ones (FlagDoc.Secondary).
func splitSecondary(fs []FlagDoc) (primary, extra []FlagDoc) {
	if !slices.ContainsFunc(fs, func(f FlagDoc) bool { return f.Secondary }) {
		return fs, nil
	}
	for _, f := range fs {
		if f.Secondary {
			extra = append(extra, f)
		} else {
			primary = append(primary, f)
		}
	}
	return primary, extra
}

// allFlags is the candidate's flags with its secondary ones after them.
func (c *candidate) allFlags() []FlagDoc {
	if len(c.extra) == 0 {
		return c.flags
	}
	return append(slices.Clip(c.flags), c.extra...)
}
