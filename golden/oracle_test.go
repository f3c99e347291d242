package golden

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/llm"
	"github.com/traitome/oxo-call/skills"
)

// The oracle scenario: a loopback OpenAI-compatible server plays a perfect
// model. For every fill prompt it answers with the golden case's expected
// command (found by the prompt's Task line), and every review with
// CORRECT. The pipeline then runs with the model always asked; what the
// user gets must equal the answer, flag spellings from the same help line
// counted as equal.

var oracleReport = flag.String("oracle-report", "", "write the oracle scenario's markdown section to this file")

// oracleFloor and recallFloor are what the oracle scenario must reach
// (baseline 2026-12-01: oracle 499/583 = 0.856, recall 1376/1418 = 0.970;
// then 579/583 = 0.993; now 626/626 = 1.000 and 1377/1377 = 1.000 over
// the flags the ToolDoc lists; only ever raised for the same case set;
// with the cases of the bioinformatics tools of the built-in skills
// 719/723 = 0.994: sortmerna's usage spells -ref/-reads where its table has
// --ref/--reads, so the usage makes "-ref" a separate required flag, and
// snpEff --help shows only its default command, not the list (build,
// download) that -h shows; once those, and the command parallel and xargs
// run, are read right, 845/845 = 1.000). With the cases of rsync
// (2026-12-02) the prompt flag recall is 1960/1962 = 0.999: the prompt for
// "upload the results directory ... but leave out every .bam file" does
// not list --archive (-a), which the task does not name, and the one for
// "试运行：把 raw 目录同步到 mirror ..." does not list --dry-run (no
// Chinese word of the task reads as "trial run"), so the recall floor is
// set again from the new measure. With those of grep, find, wget,
// snakemake and tar, and tar's "-czf ARCHIVE" read as -c -z -f ARCHIVE:
// oracle 930/934 = 0.996, recall 1976/1983 = 0.996 (the prompts of the
// three tar tasks do not list --file, "use archive file or device
// ARCHIVE", nor two of them --bzip2 or --gzip). With find's help rows
// that list several options read one by one (-name, -type, -size, -empty
// and -delete were missing from its ToolDoc, so they were not counted):
// recall 1980/1988 = 0.996 rounded, 0.99598, with one of find's five
// new flags missing from its prompt; the floor is 0.995. With the 150
// tasks of the held-out set ho3 (2026-12-02, 1098 cases): oracle
// 1085/1098 = 0.988, recall 2523/2537 = 0.994. The nine new misses are
// faults of the help reading or of the model path, kept visible: bowtie's
// and htseq-count's --help list no options (Debian's bowtie wrapper
// prints its own argparse help; the real one comes without arguments),
// multiBamSummary's argparse "commands:" group is read as a subcommand
// named "subcommands", minimap2's --secondary=yes|no is only in its
// manual page, zstd's "-T#" does not accept -T8, bamtools split's
// "< -mapped | -paired | -reference ... >" makes -mapped required, and
// the fill cannot carry the "< file" that gff2bed and vcf2bed read.
// With the 300 tasks of the held-out sets ho4 and ho5 (2026-12-02, 1398
// cases): oracle 1378/1398 = 0.986, recall 3436/3459 = 0.993. The eleven
// new misses, kept visible: bioawk prints its usage only when run bare,
// so its ToolDoc has no flags; aragorn's "-gc<num>" and kmc's "-ci<value>"
// do not admit -gc11 and -ci3; Picard's legacy I=/O=/H= spelling (which
// Picard 2.27 still runs) is not read as -I/-O/-H, so --Histogram_FILE
// seems missing; seqprep's required -1/-2 are not matched;
// plotFingerprint's -b and --labels take several values; hmmalign's
// --outformat is read as one of the four formats its help names, where
// it also writes afa; mafft's ToolDoc lists no flags (--add); bbmap.sh's
// command with the bare keyword "nodisk" differs; and the fill cannot
// carry filtlong's "| gzip" nor the "< file" of another gff2bed task. The
// new tasks' prompts lack -max_target_seqs (blastn), -query_gencode
// (blastx), -F (freebayes), --no-softclip (hisat2), -num_iterations
// (psiblast), -n and -# (raxmlHPC) and -outfmt (tblastx).
const (
	oracleFloor = 0.985
	recallFloor = 0.993
)

// oracleServer answers fill prompts with the expected command of the task
// it names, in the two-line ARGS reply a model without a schema gives.
type oracleServer struct {
	mu      sync.Mutex
	answers map[string]string // task (one line) → expected command
	asked   map[string]int
}

func (o *oracleServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req struct {
		Messages []struct{ Role, Content string } `json:"messages"`
	}
	_ = json.Unmarshal(body, &req)
	text := "CORRECT"
	for _, m := range req.Messages {
		if m.Role != "user" {
			continue
		}
		if task, ok := taskLine(m.Content); ok && strings.Contains(m.Content, "Reply as {") {
			o.mu.Lock()
			want, known := o.answers[task]
			o.asked[task]++
			o.mu.Unlock()
			if known {
				text = "ARGS: " + want + "\nEXPLANATION: the expected command"
			}
		}
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "oracle", "object": "chat.completion", "model": "oracle",
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": text}, "finish_reason": "stop"}},
		"usage":   map[string]any{"prompt_tokens": 10, "completion_tokens": 10},
	})
}

// taskLine finds the "Task: …" line of a fill prompt.
func taskLine(prompt string) (string, bool) {
	for _, l := range strings.Split(prompt, "\n") {
		if t, ok := strings.CutPrefix(l, "Task: "); ok {
			return t, true
		}
	}
	return "", false
}

// oracleCase is one golden case through the oracle.
type oracleCase struct {
	tool, task, want, got string
	why                   string // why the model's fill was not used
	same                  bool
	flags, inPrompt       int
	missing               []string
	gaps                  []string // expected flags the ToolDoc lacks
	unparsed              int
}

// runOracle runs every golden case with the oracle model and measures the
// prompt's flag recall for the large-model prompt.
func runOracle(t testing.TB) []oracleCase {
	s := loadRules(t)
	st, errs := skills.Load(nil, skills.Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	srv := &oracleServer{answers: map[string]string{}, asked: map[string]int{}}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	p, err := llm.New(llm.Config{Provider: "openai-compatible", APIBase: hs.URL, Model: "oracle", MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	lo := &engine.LLMOptions{Filler: &llm.Filler{P: p, Model: "gpt-4.1"}, Mode: engine.LLMAlways, Model: "oracle"}
	plain := engine.New(engine.Options{Rules: s, Skills: st})
	e := plain.WithLLM(lo)
	cwd := t.TempDir()
	var out []oracleCase
	dirs, _ := filepath.Glob("*/cases.yaml")
	sort.Strings(dirs)
	for _, path := range dirs {
		tool := filepath.Dir(path)
		cases, err := ReadCases(path)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Read(filepath.Join(tool, "capture.txtar"))
		if err != nil {
			t.Fatal(err)
		}
		doc, rec := explore(s, c), c.Record()
		sk, _ := st.Get(tool)
		for _, cs := range cases {
			srv.mu.Lock()
			srv.answers[strings.Join(strings.Fields(cs.Task), " ")] = cs.Expect
			srv.mu.Unlock()
			oc := oracleCase{tool: tool, task: cs.Task, want: cs.Expect}
			res, err := e.GenerateFrom(context.Background(), engine.Request{Tool: tool, Task: cs.Task, Cwd: cwd}, rec, doc, nil)
			if err == nil {
				oc.got = res.Command.Display
				for _, f := range res.Findings {
					if f.Rule == "doc.unparsed_flag" {
						oc.unparsed++
					}
					if f.Rule == "llm.rejected" || f.Rule == "llm.error" {
						oc.why = f.Message
					}
				}
			}
			oc.same = sameCommand(rec, res.Doc, cs.Expect, oc.got)
			sh, _ := readShape(rec, doc, cs.Expect)
			exe, sub := sh.program(rec)
			_, user := plain.ScopedPrompt(cs.Task, rec, doc, sk, "gpt-4.1", exe, sub)
			for i, fl := range sh.flags {
				if !sh.known[i] {
					oc.gaps = append(oc.gaps, fl[0])
					continue
				}
				oc.flags++
				if inPrompt(user, fl) {
					oc.inPrompt++
				} else {
					oc.missing = append(oc.missing, fl[0])
				}
			}
			out = append(out, oc)
		}
	}
	return out
}

// shape is a command read against its ToolDoc: the executable and
// subcommand path, then flags (canonical name, "=value" kept attached)
// grouped with their values, and positionals in order.
type shape struct {
	head        []string
	groups      []string
	positionals []string
	flags       [][]string // every spelling of each flag used
	known       []bool     // whether the ToolDoc lists each flag
	companion   bool
}

// program is the executable ("" for a companion-less head) and subcommand
// path of the shape.
func (sh shape) program(rec *engine.ToolRecord) (string, []string) {
	if sh.companion {
		return sh.head[0], nil
	}
	return rec.Executable, sh.head[1:]
}

func readShape(rec *engine.ToolRecord, doc *engine.ToolDoc, cmd string) (shape, bool) {
	ws, err := skills.SplitArgs(cmd)
	if err != nil || len(ws) == 0 {
		return shape{}, false
	}
	var sh shape
	sh.head = []string{ws[0]}
	i := 1
	var flags []engine.FlagDoc
	var sd *engine.SubcommandDoc
	if doc != nil {
		companion := false
		for _, c := range doc.Companions {
			if c.Name == ws[0] && c.Name != rec.Executable {
				flags, companion = c.Flags, true
				sh.companion = true
			}
		}
		if !companion {
			list := doc.Subcommands
			for i < len(ws) {
				s := engine.FindSubcommand(list, ws[i])
				if s == nil {
					break
				}
				sd, list = s, s.Subcommands
				sh.head = append(sh.head, ws[i])
				i++
			}
			flags = doc.AllFlags(sd)
		}
	}
	for ; i < len(ws); i++ {
		w := ws[i]
		if len(w) < 2 || w[0] != '-' || isNumeric(w) {
			sh.positionals = append(sh.positionals, w)
			continue
		}
		if b := bundle(flags, w); b != nil {
			// "-cd": short switches behind one dash; "-czf out.tar.gz":
			// the last takes the next word
			for j, f := range b {
				sh.flags = append(sh.flags, append([]string{f.Name}, f.Aliases...))
				sh.known = append(sh.known, true)
				if j == len(b)-1 && f.ParamType != "bool" && i+1 < len(ws) {
					sh.groups = append(sh.groups, f.Name+" "+ws[i+1])
					i++
					continue
				}
				sh.groups = append(sh.groups, f.Name)
			}
			continue
		}
		name, val, eq := strings.Cut(w, "=")
		fd, known := engine.LookupFlag(flags, name)
		if !known && !eq && len(w) > 2 && w[1] != '-' {
			// "-k1,1": a short flag with its value attached
			if f, ok := engine.LookupFlag(flags, w[:2]); ok && f.ParamType != "bool" {
				name, val, eq, fd, known = w[:2], w[2:], true, f, true
			}
		}
		canon := name
		spellings := []string{name}
		if known {
			canon = fd.Name
			spellings = append([]string{fd.Name}, fd.Aliases...)
		}
		sh.flags = append(sh.flags, spellings)
		sh.known = append(sh.known, known)
		switch {
		case eq && known && fd.ParamType != "bool":
			sh.groups = append(sh.groups, canon+" "+val) // --x=v is --x v
		case eq:
			sh.groups = append(sh.groups, canon+"="+val)
		case known && fd.ParamType == "bool":
			sh.groups = append(sh.groups, canon)
		case i+1 < len(ws) && (known && fd.ParamType != "" || len(ws[i+1]) < 2 || ws[i+1][0] != '-' || isNumeric(ws[i+1])):
			sh.groups = append(sh.groups, canon+" "+ws[i+1])
			i++
		default:
			sh.groups = append(sh.groups, canon)
		}
	}
	return sh, true
}

var numRE = regexp.MustCompile(`^-?[0-9.]+$`)

func isNumeric(s string) bool { return numRE.MatchString(s) }

// bundle reads "-cd" as the switches -c and -d, and "-czf" as -c -z and
// -f, whose value is the next word (getopt: only the last letter may take
// a value; not for a tool with single-dash names such as -name, where
// "-abc" may be one flag), or returns nil.
func bundle(flags []engine.FlagDoc, w string) []engine.FlagDoc {
	if len(w) < 3 || w[1] == '-' || strings.Contains(w, "=") {
		return nil
	}
	dashLong := false
	for _, f := range flags {
		if f.Name == w || slices.Contains(f.Aliases, w) {
			return nil
		}
		for _, n := range append([]string{f.Name}, f.Aliases...) {
			dashLong = dashLong || len(n) > 2 && n[0] == '-' && n[1] != '-'
		}
	}
	var out []engine.FlagDoc
	rs := []rune(w[1:])
	for i, r := range rs {
		f, ok := engine.LookupFlag(flags, "-"+string(r))
		if !ok || f.ParamType != "bool" && (i < len(rs)-1 || dashLong) {
			return nil
		}
		out = append(out, f)
	}
	return out
}

// sameCommand reports whether got is want: the same executable and
// subcommand, the same flag groups (any order; spellings of one help line
// are equal) and the same positionals in order.
func sameCommand(rec *engine.ToolRecord, doc *engine.ToolDoc, want, got string) bool {
	if squash(want) == squash(got) {
		return true
	}
	a, ok1 := readShape(rec, doc, want)
	b, ok2 := readShape(rec, doc, got)
	if !ok1 || !ok2 {
		return false
	}
	eq := func(x, y []string) bool { return strings.Join(x, "\x00") == strings.Join(y, "\x00") }
	ga, gb := append([]string(nil), a.groups...), append([]string(nil), b.groups...)
	sort.Strings(ga)
	sort.Strings(gb)
	return eq(a.head, b.head) && eq(ga, gb) && eq(a.positionals, b.positionals)
}

// inPrompt reports whether the prompt lists one of a flag's spellings.
func inPrompt(prompt string, spellings []string) bool {
	for _, s := range spellings {
		re := regexp.MustCompile(`(^|[\s,])` + regexp.QuoteMeta(s) + `($|[\s,:<=\[])`)
		if re.MatchString(prompt) {
			return true
		}
	}
	return false
}

func TestOracle(t *testing.T) {
	res := runOracle(t)
	if len(res) == 0 {
		t.Skip("no cases")
	}
	type agg struct{ n, same, flags, inPrompt, unparsed, gaps int }
	per := map[string]*agg{}
	var all agg
	var misses, lost []string
	for _, r := range res {
		a := per[r.tool]
		if a == nil {
			a = &agg{}
			per[r.tool] = a
		}
		for _, x := range []*agg{a, &all} {
			x.n++
			x.flags += r.flags
			x.inPrompt += r.inPrompt
			x.unparsed += r.unparsed
			x.gaps += len(r.gaps)
			if r.same {
				x.same++
			}
		}
		if !r.same {
			misses = append(misses, fmt.Sprintf("%s: %q\n    model said %s\n    user got   %s\n    %s", r.tool, r.task, r.want, r.got, r.why))
		}
		if len(r.missing) > 0 {
			lost = append(lost, fmt.Sprintf("%s: %q: prompt lacks %s", r.tool, r.task, strings.Join(r.missing, " ")))
		}
	}
	ratio := func(k, n int) float64 {
		if n == 0 {
			return 1
		}
		return float64(k) / float64(n)
	}
	var tools []string
	for k := range per {
		tools = append(tools, k)
	}
	sort.Strings(tools)
	var b strings.Builder
	b.WriteString("| tool | tasks | oracle | prompt flag recall | flags the ToolDoc lacks | unparsed flags accepted |\n|---|--:|--:|--:|--:|--:|\n")
	for _, k := range tools {
		a := per[k]
		fmt.Fprintf(&b, "| %s | %d | %.3f (%d) | %.3f (%d/%d) | %d | %d |\n", k, a.n, ratio(a.same, a.n), a.same, ratio(a.inPrompt, a.flags), a.inPrompt, a.flags, a.gaps, a.unparsed)
	}
	oracle, recall := ratio(all.same, all.n), ratio(all.inPrompt, all.flags)
	fmt.Fprintf(&b, "| **all** | %d | **%.3f** (%d) | **%.3f** (%d/%d) | %d | %d |\n", all.n, oracle, all.same, recall, all.inPrompt, all.flags, all.gaps, all.unparsed)
	t.Log("\n" + b.String())
	if os.Getenv("OXO_SHOW_MISSES") != "" {
		t.Log("\n" + strings.Join(misses, "\n") + "\n" + strings.Join(lost, "\n"))
	}
	if *oracleReport != "" {
		if err := os.WriteFile(*oracleReport, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if oracle < oracleFloor {
		t.Errorf("oracle share %.3f fell below the floor %.3f", oracle, oracleFloor)
	}
	if recall < recallFloor {
		t.Errorf("prompt flag recall %.3f fell below the floor %.3f", recall, recallFloor)
	}
}
