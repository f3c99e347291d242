package llm

import (
	"fmt"
	"strings"
	"testing"
)

func TestEstimateTokensHandCounted(t *testing.T) {
	cases := []struct {
		s    string
		want int
	}{
		{"", 0},
		{"abcd", 1},                            // 4 ASCII chars
		{"abcde", 2},                           // 5 chars round up
		{"hello world", 3},                     // 11 chars
		{"samtools sort -o out.bam in.bam", 8}, // 31 chars
		{"你好世界", 4},                            // 4 Han characters
		{"ソート。", 4},                            // katakana + CJK full stop
		{"排序 in.bam", 2 + 2},                   // 2 Han + 7 ASCII
		{"naïve", 1 + 1},                       // 4 ASCII + 1 other
		{"Привет", 3},                          // 6 Cyrillic letters, 2 per token
		{"ＡＢ", 2},                              // full-width forms
	}
	for _, c := range cases {
		if got := EstimateTokens(c.s); got != c.want {
			t.Errorf("EstimateTokens(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}

func TestTruncateHelpers(t *testing.T) {
	if s := truncateTokens("short", 10); s != "short" {
		t.Error(s)
	}
	s := truncateTokens(strings.Repeat("abcd", 100), 10)
	if EstimateTokens(s) > 10 || !strings.HasSuffix(s, "…") || len(s) < 30 {
		t.Errorf("%q (%d tokens)", s, EstimateTokens(s))
	}
	if s := truncateRunes("héllo", 3); s != "hé…" {
		t.Error(s)
	}
	if s := tailTokens(strings.Repeat("x", 100)+"END", 5); !strings.HasSuffix(s, "END") || EstimateTokens(s) > 5 || !strings.HasPrefix(s, "…") {
		t.Errorf("%q", s)
	}
	if s := tailTokens("tiny", 5); s != "tiny" {
		t.Error(s)
	}
}

func TestTier(t *testing.T) {
	for m, want := range map[string]string{
		"qwen2.5:3b": TierSmall, "llama3.1:8b": TierMedium, "gpt-4.1": TierLarge,
		"qwen2.5-coder:1.5b-instruct": TierSmall, "phi3:3.8b": TierMedium, "Qwen/Qwen2.5-7B-Instruct": TierMedium,
		"llama-3.1-70b-instruct": TierLarge, "mixtral:8x7b": TierLarge, "gemma3n:e4b": TierMedium,
		"smollm2:360m": TierSmall, "llama3.2": TierSmall, "llama3.2:latest": TierSmall, "library/qwen2.5": TierMedium,
		"gemma2": TierLarge, "claude-sonnet-4-5": TierLarge, "": TierLarge, "o4-mini": TierLarge,
	} {
		if got := Tier(m); got != want {
			t.Errorf("Tier(%q) = %s, want %s", m, got, want)
		}
	}
}

// bigForm has n flags with long descriptions; flag 250 is about threads.
func bigForm(n int) Form {
	f := Form{Tool: "bigtool", Task: "align reads with 8 threads and write the report to out.txt",
		Positionals: []FormPositional{{Name: "reads", Type: "file", Required: true, Description: "input reads"}}}
	for i := 0; i < n; i++ {
		desc := fmt.Sprintf("Option number %d controls an obscure heuristic parameter of the internal scoring engine; ", i) + strings.Repeat("lorem ipsum dolor sit amet ", 20)
		f.Flags = append(f.Flags, FormFlag{Name: fmt.Sprintf("--option-%03d", i), Type: "int", Default: "17", Description: desc, Aliases: []string{fmt.Sprintf("-o%d", i)}})
	}
	if n > 250 {
		f.Flags[250] = FormFlag{Name: "--threads", Aliases: []string{"-t"}, Type: "int", Description: "number of worker threads to use"}
	}
	for i := 0; i < 5; i++ {
		f.Examples = append(f.Examples, FormExample{Task: fmt.Sprintf("example task %d with threads", i), Args: strings.Repeat("--option-001 3 ", 10)})
	}
	return f
}

// flagLines counts the rendered flag lines.
func flagLines(user string) int {
	_, rest, _ := strings.Cut(user, "Flags:\n")
	n := 0
	for _, l := range strings.Split(rest, "\n") {
		if strings.HasPrefix(l, "-") && !strings.HasPrefix(l, "- ") {
			n++
		}
	}
	return n
}

func TestPromptWith300FlagsStaysUnderCap(t *testing.T) {
	for _, c := range []struct{ tier, task string }{
		{TierSmall, ""}, {TierMedium, ""}, {TierLarge, ""},
		// Every flag matches this task, so the token cap has to trim.
		{TierSmall, "tune the heuristic scoring parameter with threads"},
		{TierMedium, "tune the heuristic scoring parameter with threads"},
		{TierLarge, "tune the heuristic scoring parameter with threads"},
	} {
		tier := c.tier
		f := bigForm(300)
		f.ModelTier = tier
		if c.task != "" {
			f.Task = c.task
		}
		sys, user := BuildPrompt(f)
		total := EstimateTokens(sys) + EstimateTokens(user)
		t.Logf("tier %-6s all-relevant=%-5v: system %d + user %d = %d estimated tokens, %d flags and %d examples shown",
			tier, c.task != "", EstimateTokens(sys), EstimateTokens(user), total, flagLines(user), strings.Count(user, "\n- example"))
		if total > MaxPromptTokens {
			t.Errorf("tier %s: %d tokens > %d", tier, total, MaxPromptTokens)
		}
		if !strings.Contains(user, "--threads, -t <int>: number of worker threads") {
			t.Errorf("tier %s: relevant flag missing", tier)
		}
		if EstimateTokens(sys) > 60 {
			t.Errorf("system prompt is %d tokens", EstimateTokens(sys))
		}
	}
}

func TestPromptTierLimits(t *testing.T) {
	// Short flags that all match the task so only the tier limits bind.
	f := Form{Tool: "t", Task: "fast mode please"}
	for i := 0; i < 80; i++ {
		f.Flags = append(f.Flags, FormFlag{Name: fmt.Sprintf("--f%d", i), Type: "bool", Description: "fast mode"})
	}
	// A few long descriptions show the per-tier truncation.
	long := Form{Tool: "t", Task: "fast", Flags: []FormFlag{{Name: "--f0", Type: "bool", Description: "fast " + strings.Repeat("x", 300)}}}
	for i := 0; i < 5; i++ {
		f.Examples = append(f.Examples, FormExample{Task: "fast", Args: fmt.Sprintf("--f%d", i)})
	}
	for tier, lim := range limits {
		f.ModelTier = tier
		_, user := BuildPrompt(f)
		if n := flagLines(user); n != lim.flags {
			t.Errorf("tier %s: %d flags, want %d", tier, n, lim.flags)
		}
		if n := strings.Count(user, "\n- fast => "); n != lim.examples {
			t.Errorf("tier %s: %d examples, want %d", tier, n, lim.examples)
		}
		long.ModelTier = tier
		_, user = BuildPrompt(long)
		line := user[strings.Index(user, "--f0 <bool>: "):]
		line = line[:strings.IndexByte(line, '\n')]
		if got := len([]rune(strings.TrimPrefix(line, "--f0 <bool>: "))); got != lim.desc {
			t.Errorf("tier %s: description %d runes, want %d", tier, got, lim.desc)
		}
	}
	f.ModelTier = "weird"
	if _, user := BuildPrompt(f); flagLines(user) != limits[TierLarge].flags {
		t.Error("unknown tier should use large limits")
	}
}

func TestPromptRelevanceChosenTypedAndPadding(t *testing.T) {
	f := bigForm(100)
	f.ModelTier = TierSmall
	f.Task = "trim adapters, keep quality above 20 with -q and sort"
	f.Flags = append(f.Flags,
		FormFlag{Name: "-q", Type: "int", Description: "minimum base quality"},
		FormFlag{Name: "--adapter", Aliases: []string{"-a"}, Type: "string", Description: "adapter sequence to trim"},
		FormFlag{Name: "--zzz", Type: "bool", Description: "irrelevant"})
	f.Chosen = []FlagValue{{Name: "--zzz"}, {Name: "--unknown", Value: "1"}}
	_, user := BuildPrompt(f)
	for _, want := range []string{"-q <int>: minimum base quality", "--adapter, -a <string>", "--zzz <bool>", "Already chosen: --zzz, --unknown 1"} {
		if !strings.Contains(user, want) {
			t.Errorf("prompt lacks %q:\n%s", want, user)
		}
	}
	// Nothing matches: the first flags of the help pad to half the limit.
	g := bigForm(40)
	g.ModelTier = TierMedium
	g.Task = "日本語のタスク"
	g.Examples = nil
	_, user = BuildPrompt(g)
	if n := flagLines(user); n != limits[TierMedium].flags/2 || !strings.Contains(user, "--option-000") {
		t.Errorf("padding: %d flags", n)
	}
}

func TestPromptSections(t *testing.T) {
	f := hisatForm()
	f.Task = "align reads.fq"
	f.Subcommands = []string{"a", "b"}
	f.Positionals = []FormPositional{{Name: "reads"}, {Name: "out", Type: "file", Description: "output\nfile"}}
	for i := 0; i < 25; i++ {
		f.Positionals = append(f.Positionals, FormPositional{Name: fmt.Sprintf("p%d", i)})
	}
	f.Flags = append(f.Flags, FormFlag{Name: "--fmt", Default: "very\ndefault", Choices: strings.Split("a b c d e f g h i j k l m n", " ")})
	_, user := BuildPrompt(f)
	for _, want := range []string{
		"Tool: hisat2\nTask: align reads.fq\n",
		"Executables: hisat2, hisat2-build (default hisat2)\n",
		`Subcommands, most likely first (pick the one the task needs, or "" for none): a, b` + "\n",
		"reads\nout (file): output file\n",
		"--fmt [default very default] {a|b|c|d|e|f|g|h|i|j|k|l|…}",
		`Reply as {"executable":"…","subcommand":"…","flags":[{"name":"…","value":"…"}],"positionals":["…"],"explanation":"…"}; value is "" for switches.`,
	} {
		if !strings.Contains(user, want) {
			t.Errorf("prompt lacks %q:\n%s", want, user)
		}
	}
	if !strings.Contains(user, "p17\n… 7 more\n") || strings.Contains(user, "p18") {
		// 2 named + p0..p17 = 20 positionals shown
		t.Errorf("positionals not capped at %d:\n%s", maxPositionals, user)
	}
	g := samForm()
	g.Positionals[0].Required = true
	_, user = BuildPrompt(g)
	// The suggested subcommand comes first, but every subcommand is
	// offered: the model decides.
	if !strings.Contains(user, "Suggested subcommand: sort (") || !strings.Contains(user, "most likely first (pick the one the task needs, or \"\" for none): sort, view, index\n") || !strings.Contains(user, "in.bam (file, required): input alignments") {
		t.Errorf("chosen subcommand prompt:\n%s", user)
	}
	_, user = BuildPrompt(Form{Tool: "true", Task: "x"})
	if !strings.HasSuffix(user, `Reply as {"positionals":["…"],"explanation":"…"}.`) {
		t.Errorf("no-flag hint: %q", user)
	}
}

func TestPromptTrimsExamplesSubcommandsAndTask(t *testing.T) {
	f := Form{Tool: "t", Task: strings.Repeat("word ", 5000), ModelTier: TierLarge}
	for i := 0; i < 400; i++ {
		f.Subcommands = append(f.Subcommands, fmt.Sprintf("subcommand-with-a-very-long-name-number-%d", i))
	}
	for i := 0; i < 3; i++ {
		f.Examples = append(f.Examples, FormExample{Task: strings.Repeat("e", 300), Args: strings.Repeat("a", 300)})
	}
	f.Flags = []FormFlag{{Name: "-x", Description: "word"}}
	sys, user := BuildPrompt(f)
	if total := EstimateTokens(sys) + EstimateTokens(user); total > MaxPromptTokens {
		t.Errorf("%d tokens", total)
	}
	if !strings.Contains(user, ", …\n") || !strings.Contains(user, "Task: word word") {
		t.Errorf("subcommand list not marked as cut:\n%.300s", user)
	}
	// A tool name alone over budget: the prompt is cut hard.
	sys, user = BuildPrompt(Form{Tool: strings.Repeat("T", 20000), Task: "x"})
	if total := EstimateTokens(sys) + EstimateTokens(user); total > MaxPromptTokens {
		t.Errorf("hard cut failed: %d tokens", total)
	}
}

func TestRankHelpers(t *testing.T) {
	if w := words("Sorting the reads, using 4 threads!"); !w["sort"] || !w["read"] || !w["thread"] || w["the"] || w["using"] || w["4"] {
		t.Errorf("words = %v", w)
	}
	if m := mentioned("use -q=20, (--fast) and x-y"); !m["-q"] || !m["--fast"] || m["x-y"] {
		t.Errorf("mentioned = %v", m)
	}
	f := Form{Task: "fast align", Examples: []FormExample{{Task: "slow"}, {Task: "fast align"}, {Task: "align"}}}
	ex := rankExamples(f)
	if ex[0].Task != "fast align" || ex[1].Task != "align" || ex[2].Task != "slow" {
		t.Errorf("examples = %v", ex)
	}
}

func TestBuildSchema(t *testing.T) {
	s := BuildSchema(hisatForm())
	props := s["properties"].(map[string]any)
	if s["additionalProperties"] != false || fmt.Sprint(s["required"]) != "[executable flags positionals explanation]" {
		t.Errorf("schema = %v", s)
	}
	if fmt.Sprint(props["executable"].(map[string]any)["enum"]) != "[hisat2 hisat2-build]" {
		t.Errorf("executable = %v", props["executable"])
	}
	if _, ok := props["subcommand"]; ok {
		t.Error("subcommand without subcommands")
	}
	s = BuildSchema(Form{Tool: "x", Subcommands: []string{"a", "b", "a"}})
	props = s["properties"].(map[string]any)
	if fmt.Sprint(props["subcommand"].(map[string]any)["enum"]) != "[a b ]" {
		t.Errorf("subcommand enum = %v", props["subcommand"])
	}
	if _, ok := props["flags"]; ok {
		t.Error("flags property with no flags would have an empty enum")
	}
	if _, ok := props["executable"]; ok {
		t.Error("executable without companions")
	}
}

// A flag the usage requires (bowtie's "-x <ebwt>", no description) stays
// in a trimmed prompt though the task shares no word with it.
func TestPromptKeepsRequiredFlags(t *testing.T) {
	f := bigForm(100)
	f.ModelTier = TierSmall
	f.Task = "align reads allowing one mismatch"
	f.Flags = append(f.Flags, FormFlag{Name: "-x", Type: "string", Required: true})
	_, user := BuildPrompt(f)
	if !strings.Contains(user, "-x <string>") {
		t.Errorf("prompt lacks -x:\n%s", user)
	}
	f.Flags[len(f.Flags)-1].Required = false
	if _, user = BuildPrompt(f); strings.Contains(user, "-x <string>") {
		t.Errorf("an optional -x with no matching words was listed")
	}
}

func TestPromptStdin(t *testing.T) {
	// a program that reads standard input: the prompt says where the
	// file goes; without it, nothing is said
	f := Form{Tool: "bam2bed", Task: "convert in.bam to out.bed", Stdin: "in.bam"}
	_, user := BuildPrompt(f)
	if !strings.Contains(user, `end the positionals with "<" and in.bam`) {
		t.Errorf("no standard input line:\n%s", user)
	}
	f.Stdin = ""
	if _, user = BuildPrompt(f); strings.Contains(user, "Standard input:") {
		t.Errorf("standard input line without one:\n%s", user)
	}
}
