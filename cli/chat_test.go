package cli

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/llm/llmtest"
	"github.com/traitome/oxo-call/skills"
)

const mySkill = `---
name: mytool
category: test
description: filters records
---
## Concepts
- mytool keeps records above a quality.

## Pitfalls
- --fast skips the index.

## Examples
### filter in.txt fast
**Args:** ` + "`--fast in.txt`" + `
**Explanation:** fast mode
`

// chatEnv is modelEnv with a user skill for mytool.
func chatEnv(t *testing.T) (*llmHome, *llmtest.Registry, map[string]string) {
	h, reg, env := modelEnv(t)
	dir := filepath.Join(h.env["XDG_CONFIG_HOME"], "oxo-call", "skills")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "mytool.md"), []byte(mySkill), 0o644)
	return h, reg, env
}

// systemOf returns the system prompt of a recorded OpenAI request.
func systemOf(t *testing.T, r llmtest.Request) (string, int) {
	t.Helper()
	var body struct {
		Messages []struct{ Role, Content string } `json:"messages"`
	}
	if err := r.Decode(&body); err != nil || len(body.Messages) == 0 || body.Messages[0].Role != "system" {
		t.Fatalf("request: %v %s", err, r.Body)
	}
	return body.Messages[0].Content, len(body.Messages)
}

func TestChatOneShot(t *testing.T) {
	h, reg, env := chatEnv(t)
	reg.Register("streamed", llmtest.BodyContains(chatReq, `"stream":true`), llmtest.OpenAI.Stream("Use ", "--fast", "."))
	out, errOut, code := h.run(t, "", env, "c", "mytool", "how do I filter quickly?")
	if code != 0 || out != "Use --fast.\n" {
		t.Fatalf("%d %q %s", code, out, errOut)
	}
	sys, n := systemOf(t, reg.Requests()[0])
	for _, s := range []string{"The user asks about the tool mytool.", "Version: 1.0", "Flags of mytool (from its help):", "--min-quality, -q INT  minimum quality",
		"Concepts:\n- mytool keeps records above a quality.", "Pitfalls:\n- --fast skips the index.", "Examples (task → arguments):\n- filter in.txt fast → --fast in.txt"} {
		if !strings.Contains(sys, s) {
			t.Errorf("system prompt lacks %q:\n%s", s, sys)
		}
	}
	if n != 2 {
		t.Fatalf("%d messages", n)
	}
	reg.Verify(t)
	// doc: the help without the skill; bare: no context; --no-stream.
	reg.Register("doc", chatReq, llmtest.OpenAI.Reply("doc answer"))
	reg.Register("bare", chatReq, llmtest.OpenAI.Reply("bare answer"))
	reg.Register("general", chatReq, llmtest.OpenAI.Reply("general answer"))
	if out, _, code := h.run(t, "", env, "chat", "--no-stream", "--scenario", "doc", "mytool", "what is -q?"); code != 0 || out != "doc answer\n" {
		t.Fatalf("doc: %d %q", code, out)
	}
	if out, _, code := h.run(t, "", env, "chat", "--no-stream", "--scenario", "bare", "--model", "m-2", "mytool", "what is -q?"); code != 0 || out != "bare answer\n" {
		t.Fatalf("bare: %d %q", code, out)
	}
	if out, _, code := h.run(t, "", env, "chat", "--no-stream", "what is a BAM file?"); code != 0 || out != "general answer\n" {
		t.Fatalf("general: %d %q", code, out)
	}
	// A tool named by its path finds its skill by the executable's name.
	reg.Register("by path", llmtest.BodyContains(chatReq, "Concepts:"), llmtest.OpenAI.Reply("path answer"))
	if out, _, code := h.run(t, "", env, "chat", "--no-stream", filepath.Join(h.bin, "mytool"), "what is -q?"); code != 0 || out != "path answer\n" {
		t.Fatalf("by path: %d %q", code, out)
	}
	reqs := reg.Requests()
	doc, _ := systemOf(t, reqs[1])
	bare, _ := systemOf(t, reqs[2])
	general, _ := systemOf(t, reqs[3])
	if !strings.Contains(doc, "Flags of mytool") || strings.Contains(doc, "Concepts:") {
		t.Fatalf("doc prompt: %s", doc)
	}
	if strings.Contains(bare, "Flags of") || !strings.Contains(bare, "about the tool mytool") || !strings.Contains(string(reqs[2].Body), `"model":"m-2"`) {
		t.Fatalf("bare prompt: %s", bare)
	}
	if general != chatSystem {
		t.Fatalf("general prompt: %s", general)
	}
	reg.Verify(t)
}

func TestChatInteractive(t *testing.T) {
	h, reg, env := chatEnv(t)
	reg.RegisterPersistent("answer", chatReq, llmtest.OpenAI.Reply("an answer"))
	var in strings.Builder
	in.WriteString("\n/tool\n/help\n")
	for i := 0; i < 11; i++ {
		fmt.Fprintf(&in, "question %d\n", i)
	}
	in.WriteString("/tool notinstalledtool\nwhat now?\n/tool bad\x01name\n/quit\nnever asked\n")
	out, errOut, code := h.run(t, in.String(), env, "chat", "-i", "--no-stream", "mytool")
	if code != 0 || strings.Count(out, "an answer\n") != 12 {
		t.Fatalf("%d %q %s", code, out, errOut)
	}
	for _, s := range []string{"chat about mytool: ask a question", "asking about mytool", "commands: /tool NAME, /quit", "now asking about notinstalledtool", "error: "} {
		if !strings.Contains(errOut, s) {
			t.Errorf("stderr lacks %q:\n%s", s, errOut)
		}
	}
	reqs := reg.Requests()
	if len(reqs) != 12 {
		t.Fatalf("%d requests", len(reqs))
	}
	// The conversation keeps the last turns only.
	if _, n := systemOf(t, reqs[10]); n != 1+2*chatMaxTurns-1 {
		t.Fatalf("11th request has %d messages", n)
	}
	// /tool starts over with the new tool's context.
	sys, n := systemOf(t, reqs[11])
	if n != 2 || !strings.Contains(sys, "notinstalledtool. It is not installed here") {
		t.Fatalf("after /tool: %d %s", n, sys)
	}
	// EOF ends; no tool at all; an ask error is reported and the loop goes on.
	h.interactive = true
	reg2 := llmtest.New(t)
	reg2.Register("fails", chatReq, llmtest.Status(http.StatusBadRequest, `{"error":{"message":"bad request `+testToken+`"}}`))
	reg2.Register("ok", chatReq, llmtest.OpenAI.Reply("fine"))
	env2 := h.with("OXO_CALL_LLM_PROVIDER", "openai", "OXO_CALL_LLM_API_BASE", reg2.URL(), "OPENAI_API_KEY", testToken)
	out, errOut, code = h.run(t, "q1\nq2\n", env2, "chat", "-i", "--no-stream")
	if code != 0 || out != "fine\n" || !strings.Contains(errOut, "chat about any tool") || strings.Count(errOut, "> ") != 3 || !strings.Contains(errOut, "error: openai: HTTP 400") || strings.Contains(errOut, testToken) {
		t.Fatalf("eof: %d %q %s", code, out, errOut)
	}
	reg2.Verify(t)
}

func TestChatErrors(t *testing.T) {
	h, reg, env := chatEnv(t)
	_, errOut, code := h.run(t, "", nil, "chat", "mytool", "how?")
	if code != ExitError || !strings.Contains(errOut, "chat needs a model; no model is configured: run oxo-call config set llm.provider") {
		t.Fatalf("unconfigured: %d %s", code, errOut)
	}
	for _, args := range [][]string{{"chat"}, {"chat", "mytool"}, {"chat", "a", "b", "c"}, {"chat", "--scenario", "x", "mytool", "q?"}} {
		if _, errOut, code := h.run(t, "", env, args...); code != ExitUsage {
			t.Errorf("%v: %d %s", args, code, errOut)
		}
	}
	_, errOut, code = h.run(t, "", h.with("OXO_CALL_LLM_PROVIDER", "vllm", "OXO_CALL_LLM_API_TOKEN", testToken), "chat", "mytool", "q?")
	if code != ExitError || !strings.Contains(errOut, "vllm") {
		t.Fatalf("vllm: %d %s", code, errOut)
	}
	_, errOut, code = h.run(t, "", env, "chat", "bad\x01name", "q?")
	if code != ExitError || !strings.Contains(errOut, "control character") {
		t.Fatalf("bad name: %d %s", code, errOut)
	}
	// A reply that breaks off after streaming part of it.
	reg.Register("broken stream", chatReq, llmtest.Func(func(w http.ResponseWriter, r *http.Request, _ []byte) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		fmt.Fprint(w, `data: {"choices":[{"index":0,"delta":{"content":"partial"}}]}`+"\n\n")
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler)
	}))
	out, errOut, code := h.run(t, "", env, "chat", "mytool", "q?")
	if code != ExitError || out != "partial\n" {
		t.Fatalf("broken stream: %d %q %s", code, out, errOut)
	}
	reg.Verify(t)
}

func TestChatDocSummary(t *testing.T) {
	h := newHome(t)
	a := &app{d: &Deps{Getenv: func(k string) string { return h.env[k] }}}
	rec := &engine.ToolRecord{Name: "kit", Executable: "kit", Installed: true}
	doc := &engine.ToolDoc{Record: *rec, Description: "a kit",
		Companions: []engine.SubcommandDoc{{Name: "kit-build", Description: "build an index", Flags: []engine.FlagDoc{{Name: "--kmer", ParamType: "int", Placeholder: "K", Description: "k-mer size"}}}}}
	for i := 0; i < chatMaxSubs+2; i++ {
		doc.Subcommands = append(doc.Subcommands, engine.SubcommandDoc{Name: fmt.Sprintf("sub%d", i)})
	}
	sortSub := engine.SubcommandDoc{Name: "sort", Description: "sort alignments", Subcommands: []engine.SubcommandDoc{{Name: "deep", Description: "sort deeply", Parser: "x"}}}
	for i := 0; i < chatMaxFlags+1; i++ {
		sortSub.Flags = append(sortSub.Flags, engine.FlagDoc{Name: fmt.Sprintf("--f%d", i), ParamType: "choice", Choices: []string{"a", "b"}})
	}
	doc.Subcommands = append([]engine.SubcommandDoc{sortSub}, doc.Subcommands...)
	c := &chat{a: a, scenario: "full", tool: "kit", rec: rec, doc: doc}
	sys := c.system("sort the alignments")
	for _, s := range []string{"Description: a kit", "Subcommands: sort, sub0", "… 3 more", "Companion executable: kit-build", "Flags of kit sort (from its help):", "--f0 (one of a, b)", "… 1 more"} {
		if !strings.Contains(sys, s) {
			t.Errorf("lacks %q:\n%s", s, sys)
		}
	}
	if sys := c.system("build an index with kit-build"); !strings.Contains(sys, "Flags of kit-build (from its help):\n  --kmer K  k-mer size") {
		t.Errorf("companion:\n%s", sys)
	}
	// No flags at all: no flag section.
	c.doc = &engine.ToolDoc{Record: *rec}
	if sys := c.system("x"); strings.Contains(sys, "Flags of") {
		t.Errorf("flagless:\n%s", sys)
	}
	var b strings.Builder
	sk := &skills.Skill{}
	for i := 0; i < chatMaxExamples+2; i++ {
		sk.Examples = append(sk.Examples, skills.Example{Task: fmt.Sprintf("t%d", i), Args: "a"})
	}
	writeSkill(&b, sk)
	if strings.Count(b.String(), "\n- ") != chatMaxExamples {
		t.Fatal(b.String())
	}
	if orWord("", "x") != "x" || orWord("y", "x") != "y" {
		t.Fatal("orWord")
	}
}
