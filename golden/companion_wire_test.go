package golden

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/llm"
	"github.com/traitome/oxo-call/skills"
)

// withCompanion is a golden capture with one companion added, its help
// taken from the real output captured in testdata/companions (<name><args>.txt).
func withCompanion(t *testing.T, tool, companion string, probes ...string) *Capture {
	t.Helper()
	c, err := Read(filepath.Join(tool, "capture.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if companion == "" {
		return c
	}
	c.Meta.Companions = append(c.Meta.Companions, companion)
	for _, p := range probes {
		b, err := os.ReadFile(filepath.Join("testdata", "companions", companion+p+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		c.Outputs[companion+" "+p] = string(b)
	}
	return c
}

// oracleAnswer runs one task through the oracle model (a loopback
// OpenAI-compatible server that answers with want) and returns what the
// user gets.
func oracleAnswer(t *testing.T, c *Capture, task, want string) (*engine.Result, *oracleServer) {
	t.Helper()
	s := loadRules(t)
	st, errs := skills.Load(nil, skills.Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	srv := &oracleServer{answers: map[string]string{task: want}, asked: map[string]int{}}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	p, err := llm.New(llm.Config{Provider: "openai-compatible", APIBase: hs.URL, Model: "oracle", MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	e := engine.New(engine.Options{Rules: s, Skills: st}).WithLLM(&engine.LLMOptions{Filler: &llm.Filler{P: p, Model: "gpt-4.1"}, Mode: engine.LLMAlways, Model: "oracle"})
	res, err := e.GenerateFrom(context.Background(), engine.Request{Tool: c.Meta.Tool, Task: task, Cwd: t.TempDir()}, c.Record(), explore(s, c), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res, srv
}

// A model's answer that runs a companion the tool's package ships reaches
// the user intact once the companion is known (issue: `hmmpress Pfam-A.hmm`
// asked of hmmsearch became `hmmsearch hmmpress Pfam-A.hmm`).
func TestOracleCompanionAnswersReachTheUser(t *testing.T) {
	cases := []struct {
		tool, companion string
		probes          []string
		task, want      string
	}{
		{"hmmsearch", "hmmpress", []string{"--help", "-h"}, "prepare Pfam-A.hmm for hmmscan searches", "hmmpress Pfam-A.hmm"},
		{"tabix", "bgzip", []string{"--help"}, "compress variants.vcf with bgzip so it can be indexed", "bgzip variants.vcf"},
	}
	for _, tc := range cases {
		t.Run(tc.tool, func(t *testing.T) {
			res, srv := oracleAnswer(t, withCompanion(t, tc.tool, tc.companion, tc.probes...), tc.task, tc.want)
			if srv.asked[tc.task] == 0 {
				t.Fatal("the model was never asked")
			}
			if got := res.Command.Display; got != tc.want {
				t.Errorf("user got %q, the model said %q; findings %+v", got, tc.want, res.Findings)
			}
			if res.Fill == nil || res.Fill.Executable != tc.companion {
				t.Errorf("fill = %+v", res.Fill)
			}
			// The companion's own help was read (hmmpress answers -h, as
			// hmmsearch does, not --help).
			found := false
			for _, cd := range res.Doc.Companions {
				found = found || cd.Name == tc.companion && cd.Parser != "" && len(cd.Flags) > 0
			}
			if !found {
				t.Errorf("companion %s has no parsed help: %+v", tc.companion, res.Doc.Companions)
			}
			// Without the companion the same answer does not reach the user:
			// the test measures the companion, not a lucky parse.
			res, _ = oracleAnswer(t, withCompanion(t, tc.tool, ""), tc.task, tc.want)
			if strings.TrimSpace(res.Command.Display) == tc.want {
				t.Errorf("%q reached the user without the companion known", tc.want)
			}
		})
	}
}

// kallisto index answers --help with its usage behind "unrecognized
// option", and `kallisto help index` with kallisto's own listing behind
// another error line: that listing is the parent's help, so the usage of
// the rejected probe is kept and its three flags are read (real capture).
func TestKallistoIndexFlagsAreRead(t *testing.T) {
	c, err := Read(filepath.Join("kallisto", "capture.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	doc := explore(loadRules(t), c)
	sd := engine.FindSubcommand(doc.Subcommands, "index")
	if sd == nil {
		t.Fatal("no index subcommand")
	}
	for _, f := range []string{"-i", "-k", "--make-unique"} {
		if _, ok := engine.LookupFlag(sd.Flags, f); !ok {
			t.Errorf("kallisto index lacks %s: %+v", f, sd.Flags)
		}
	}
	if !strings.Contains(sd.UsagePattern, "kallisto index") {
		t.Errorf("usage = %q, the parent's", sd.UsagePattern)
	}
}

// Issue 12's table, through the oracle model on samtools' real captured
// help: a file name is not cut (NA12878.sorted.bam stayed sorted.bam),
// and the user's flag spelling is kept (-F, not --exclude-flags).
func TestOracleAnswersKeepNamesAndSpelling(t *testing.T) {
	c, err := Read(filepath.Join("samtools", "capture.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for task, want := range map[string]string{
		"index NA12878.sorted.bam":                                  "samtools index NA12878.sorted.bam",
		"keep mapped reads of aln.bam (-F 4) with 8 threads as BAM": "samtools view -F 4 -@ 8 -b -o aln.mapped.bam aln.bam",
	} {
		res, srv := oracleAnswer(t, c, task, want)
		if srv.asked[task] == 0 {
			t.Fatalf("%q: the model was never asked", task)
		}
		if got := res.Command.Display; got != want {
			t.Errorf("%q: user got %q, the model said %q", task, got, want)
		}
	}
}

// Short flags bundled the getopt way with a value last (tar -czf
// ARCHIVE), on tar's real captured help: the model's answer reaches the
// user, and it is the same command as its flags written apart. On wget's
// help, which has single-dash names of two letters (-np, -nc), "-cO" is
// not read as a bundle.
func TestOracleBundleWithValueLast(t *testing.T) {
	c, err := Read(filepath.Join("tar", "capture.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	const task, want = "pack the folder results into results.tar.gz", "tar -czf results.tar.gz results"
	res, srv := oracleAnswer(t, c, task, want)
	if srv.asked[task] == 0 {
		t.Fatalf("the model was never asked")
	}
	rec, doc := c.Record(), res.Doc
	if got := res.Command.Display; !sameCommand(rec, doc, want, got) {
		t.Errorf("user got %q, the model said %q", got, want)
	}
	for other, same := range map[string]bool{
		"tar -c -z -f results.tar.gz results":               true,
		"tar --create --gzip --file results.tar.gz results": true,
		"tar -czf other.tar.gz results":                     false,
		"tar -cz results.tar.gz results":                    false,
	} {
		if got := sameCommand(rec, doc, want, other); got != same {
			t.Errorf("sameCommand(%q, %q) = %v", want, other, got)
		}
	}
	w, err := Read(filepath.Join("wget", "capture.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	wdoc := explore(loadRules(t), w)
	if b := bundle(wdoc.Flags, "-cO"); b != nil {
		t.Errorf("wget -cO read as a bundle: %+v", b)
	}
	if sameCommand(w.Record(), wdoc, "wget -cO a.bam https://x/a.bam", "wget -c -O a.bam https://x/a.bam") {
		t.Error("wget -cO is -c -O")
	}
}
