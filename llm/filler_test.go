package llm

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/llm/llmtest"
)

// fakeProvider answers from a list of canned results, recording requests.
type fakeProvider struct {
	replies []string
	errs    []error
	reqs    []Request
}

func (p *fakeProvider) Name() string { return "fake" }

func (p *fakeProvider) Complete(_ context.Context, r Request) (Response, error) {
	i := len(p.reqs)
	p.reqs = append(p.reqs, r)
	if i < len(p.errs) && p.errs[i] != nil {
		return Response{}, p.errs[i]
	}
	return Response{Text: p.replies[i], PromptTokens: 3, CompletionTokens: 2}, nil
}

func TestFillProviderErrors(t *testing.T) {
	boom := errors.New("boom")
	p := &fakeProvider{errs: []error{boom}}
	if _, st, err := (&Filler{P: p}).Fill(context.Background(), samForm()); !errors.Is(err, boom) || st.Calls != 0 {
		t.Errorf("err = %v st = %+v", err, st)
	}
	p = &fakeProvider{replies: []string{"junk", ""}, errs: []error{nil, boom}}
	if _, st, err := (&Filler{P: p}).Fill(context.Background(), samForm()); !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "repair call: ") || st.Calls != 1 {
		t.Errorf("err = %v st = %+v", err, st)
	}
	if _, _, err := (&Filler{}).Fill(context.Background(), samForm()); err == nil || !strings.Contains(err.Error(), "no provider") {
		t.Errorf("err = %v", err)
	}
}

func TestFillPassesSettingsAndTier(t *testing.T) {
	p := &fakeProvider{replies: []string{goodFill, goodFill}}
	var deltas []string
	x := &Filler{P: p, Model: "qwen2.5:3b", MaxTokens: 300, Temperature: 0.2, Stream: true, OnDelta: func(s string) { deltas = append(deltas, s) }}
	f := bigForm(100)
	f.Task = "sort"
	if _, _, err := x.Fill(context.Background(), f); err == nil {
		t.Fatal("samtools fill accepted for bigtool form")
	}
	r := p.reqs[0]
	if r.Model != "qwen2.5:3b" || r.MaxTokens != 300 || r.Temperature != 0.2 || !r.Stream || r.OnDelta == nil || r.SchemaName != "fill_form" || r.Schema == nil {
		t.Errorf("request = %+v", r)
	}
	if n := flagLines(r.Messages[0].Content); n > limits[TierSmall].flags {
		t.Errorf("small model shown %d flags", n)
	}
}

func TestRepairPrompt(t *testing.T) {
	perr := errors.New("bad thing")
	got := repairPrompt(perr, samForm())
	for _, want := range []string{"Your reply was invalid: bad thing.", "Allowed flag names of sort: -n -@ -o -l -O --threads --output-fmt", "Allowed subcommands: view sort index", "one corrected JSON object"} {
		if !strings.Contains(got, want) {
			t.Errorf("repair prompt lacks %q:\n%s", want, got)
		}
	}
	if got := repairPrompt(perr, Form{Tool: "true"}); !strings.Contains(got, "This tool has no flags.") || strings.Contains(got, "subcommands") {
		t.Errorf("repair prompt = %q", got)
	}
}

func TestReview(t *testing.T) {
	reg, p, _ := setup(t, kinds[0], nil)
	reg.Register("ok", llmtest.REST(http.MethodPost, "/chat/completions"), llmtest.OpenAI.Reply("**CORRECT**"))
	reg.Register("issue", llmtest.REST(http.MethodPost, "/chat/completions"), llmtest.OpenAI.Reply("Issue: -n sorts by name, the task wants coordinates."))
	x := &Filler{P: p}
	ok, issue, st, err := x.Review(context.Background(), "sort in.bam", "samtools sort -o out.bam in.bam", []string{"output exists", "multi\nline"})
	if err != nil || !ok || issue != "" || st.Calls != 1 || st.PromptTokens != llmtest.PromptTokens {
		t.Errorf("ok=%v issue=%q st=%+v err=%v", ok, issue, st, err)
	}
	body := string(reg.Requests()[0].Body)
	if !strings.Contains(body, `Automatic checks found:\n- output exists\n- multi line`) || strings.Contains(body, "response_format") {
		t.Errorf("review request = %s", body)
	}
	ok, issue, _, err = x.Review(context.Background(), "sort by coordinate", "samtools sort -n in.bam", nil)
	if err != nil || ok || issue != "-n sorts by name, the task wants coordinates." {
		t.Errorf("ok=%v issue=%q err=%v", ok, issue, err)
	}
	reg.Verify(t)
	if _, _, _, err := (&Filler{P: &fakeProvider{errs: []error{errors.New("down")}}}).Review(context.Background(), "t", "c", nil); err == nil {
		t.Error("provider error lost")
	}
}

func TestParseReview(t *testing.T) {
	cases := []struct {
		in    string
		ok    bool
		issue string
		err   bool
	}{
		{"CORRECT", true, "", false},
		{"  correct.\n", true, "", false},
		{"`CORRECT`", true, "", false},
		{"ISSUE: wrong output flag", false, "wrong output flag", false},
		{"**ISSUE:** missing -o **", false, "missing -o", false},
		{"The command has an issue: it drops reads", false, "it drops reads", false},
		{"ISSUE:", false, "unspecified issue", false},
		{"INCORRECT", false, "", true},
		{"looks fine to me", false, "", true},
		{"İİİ ıı", false, "", true},
	}
	for _, c := range cases {
		ok, issue, err := parseReview(c.in)
		if ok != c.ok || issue != c.issue || (err != nil) != c.err {
			t.Errorf("parseReview(%q) = %v %q %v", c.in, ok, issue, err)
		}
	}
}

func TestPatch(t *testing.T) {
	flags := []FormFlag{{Name: "-o", Aliases: []string{"--out"}}, {Name: "-x"}}
	reg, p, _ := setup(t, kinds[2], nil)
	reply := `{"patches":[{"flag":"--out","type":"FILE","description":"output\n path"},{"flag":"-o","type":"int","description":"dup"},{"flag":"--made-up","type":"bool","description":"x"},{"flag":"-x","type":"weird","description":"` + strings.Repeat("d", 300) + `"}]}`
	reg.Register("patch", llmtest.REST(http.MethodPost, "/api/chat"), llmtest.Ollama.Reply(reply))
	got, st, err := (&Filler{P: p}).Patch(context.Background(), "Usage: tool [-o F] [-x]", flags)
	if err != nil || st.Calls != 1 {
		t.Fatalf("err = %v st = %+v", err, st)
	}
	want := []FlagPatch{{Flag: "-o", Type: "file", Description: "output path"}, {Flag: "-x", Type: "", Description: strings.Repeat("d", maxPatchDescRunes-1) + "…"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("patches = %+v", got)
	}
	schema := llmtest.Ollama.Schema(reg.Requests()[0].Body)
	enum := schema["properties"].(map[string]any)["patches"].(map[string]any)["items"].(map[string]any)["properties"].(map[string]any)["flag"].(map[string]any)["enum"]
	if !reflect.DeepEqual(enum, []any{"-o", "-x", "--out"}) {
		t.Errorf("enum = %v", enum)
	}
	if !strings.Contains(string(reg.Requests()[0].Body), "Flags to document: -o -x") {
		t.Errorf("body = %s", reg.Requests()[0].Body)
	}
	reg.Verify(t)

	if got, st, err := (&Filler{P: p}).Patch(context.Background(), "help", nil); got != nil || st.Calls != 0 || err != nil {
		t.Error("patch without flags made a call")
	}
	for reply, want := range map[string]string{"no json here": "patch reply: reply has no JSON object", `{"patches":{}}`: "patch reply: json"} {
		fp := &fakeProvider{replies: []string{reply}}
		if _, _, err := (&Filler{P: fp}).Patch(context.Background(), "h", flags); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want %q", err, want)
		}
	}
	if _, _, err := (&Filler{P: &fakeProvider{errs: []error{errors.New("down")}}}).Patch(context.Background(), "h", flags); err == nil {
		t.Error("provider error lost")
	}
}

func TestVerify(t *testing.T) {
	reg, p, _ := setup(t, kinds[1], nil)
	reg.Register("verdict", llmtest.REST(http.MethodPost, "/messages"),
		llmtest.Anthropic.Reply(`{"success":false,"summary":" index missing ","issues":["no .bai"],"suggestions":["run samtools index"]}`))
	stderr := "START" + strings.Repeat("noise ", 2000) + "[E::main] fatal: index missing"
	outputs := make([]string, 35)
	for i := range outputs {
		outputs[i] = "out.bam (1 MB)"
	}
	v, st, err := (&Filler{P: p}).Verify(context.Background(), "samtools view -b in.bam chr1", 1, stderr, outputs)
	if err != nil || st.Calls != 1 {
		t.Fatalf("err = %v", err)
	}
	want := Verdict{Summary: "index missing", Issues: []string{"no .bai"}, Suggestions: []string{"run samtools index"}}
	if !reflect.DeepEqual(v, want) {
		t.Errorf("verdict = %+v", v)
	}
	body := string(reg.Requests()[0].Body)
	if strings.Contains(body, "START") || !strings.Contains(body, "fatal: index missing") || !strings.Contains(body, "Exit code: 1") || !strings.Contains(body, "- … 5 more") {
		t.Errorf("verify request = %.500s", body)
	}
	if llmtest.Anthropic.Schema(reg.Requests()[0].Body)["required"] == nil {
		t.Error("no verdict schema sent")
	}
	reg.Verify(t)

	fp := &fakeProvider{replies: []string{`{"success":true,"summary":"ok","issues":[],"suggestions":[]}`}}
	v, _, err = (&Filler{P: fp}).Verify(context.Background(), "true", 0, "", nil)
	if err != nil || !v.Success || !strings.Contains(fp.reqs[0].Messages[0].Content, "Stderr: (empty)\n") || !strings.Contains(fp.reqs[0].Messages[0].Content, "Outputs: none found") {
		t.Errorf("v = %+v err = %v", v, err)
	}
	for reply, want := range map[string]string{"fine": "verdict: reply has no JSON object", `{"summary":"x"}`: "no success field", `{"success":"yes"}`: "verdict: json"} {
		fp := &fakeProvider{replies: []string{reply}}
		if _, _, err := (&Filler{P: fp}).Verify(context.Background(), "c", 0, "", nil); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want %q", err, want)
		}
	}
	if _, _, err := (&Filler{P: &fakeProvider{errs: []error{errors.New("down")}}}).Verify(context.Background(), "c", 0, "", nil); err == nil {
		t.Error("provider error lost")
	}
}
