package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
)

func builtinSkill(t testing.TB, tool string) *skills.Skill {
	t.Helper()
	st, errs := skills.Load(nil, skills.Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	sk, ok := st.Get(tool)
	if !ok {
		t.Fatalf("no skill %s", tool)
	}
	return sk
}

func conceptFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	return files
}

// With the cache cold, warm, or none at all, Stage 3 fills the same
// command: the kept concepts are the ones the rules find.
func TestConceptCacheSameFill(t *testing.T) {
	for _, c := range []struct{ tool, task string }{
		{"samtools", "sort aln.bam by coordinate with 8 threads into aln.sorted.bam"},
		{"samtools", "index sorted.bam"},
		{"bcftools", "call variants from calls.bcf with the multiallelic caller into out.vcf.gz"},
		{"bwa", "对 reads.fq 比对到 ref.fa，使用 4 个线程"},
	} {
		doc, sk := goldenDoc(t, c.tool), builtinSkill(t, c.tool)
		want := MapTask(builtinRules, &doc.Record, doc, sk, c.task)
		dir := t.TempDir()
		cold := mapTask(builtinRules, &doc.Record, doc, sk, c.task, NewConceptCache(dir))
		files := conceptFiles(t, dir)
		if len(files) != 1 || !strings.HasPrefix(filepath.Base(files[0]), c.tool+"-") {
			t.Fatalf("%s: files %v", c.tool, files)
		}
		st, _ := os.Stat(files[0])
		warm := mapTask(builtinRules, &doc.Record, doc, sk, c.task, NewConceptCache(dir))
		if !reflect.DeepEqual(cold, want) || !reflect.DeepEqual(warm, want) {
			t.Fatalf("%s %q: fills differ\nnone %+v\ncold %+v\nwarm %+v", c.tool, c.task, want, cold, warm)
		}
		// The warm command found every example's concepts in the file:
		// it did not write it again.
		if st2, _ := os.Stat(files[0]); !st2.ModTime().Equal(st.ModTime()) || st2.Size() != st.Size() {
			t.Errorf("%s: the file was rewritten by a warm command", c.tool)
		}
	}
}

// The file holds the concepts the rules find for each example task, and
// only for example tasks.
func TestConceptCacheHoldsTheRulesConcepts(t *testing.T) {
	doc, sk := goldenDoc(t, "samtools"), builtinSkill(t, "samtools")
	dir := t.TempDir()
	cc := NewConceptCache(dir)
	mapTask(builtinRules, &doc.Record, doc, sk, "sort aln.bam by name", cc)
	ec := cc.forSkill(builtinRules, sk)
	if len(ec.known) == 0 || ec.added {
		t.Fatalf("read %d tasks, added %v", len(ec.known), ec.added)
	}
	m := newMapper(builtinRules, &doc.Record, doc, nil, "x")
	for text, list := range ec.known {
		if !ec.tasks[text] {
			t.Errorf("%q is not an example task", text)
		}
		got, _ := ec.get(text)
		if want := m.concepts(text); !reflect.DeepEqual(got, want) || len(list) != len(want) {
			t.Errorf("%q: kept %v, the rules find %v", text, got, want)
		}
	}
	if _, ok := ec.get("sort aln.bam by name"); ok {
		t.Error("the task's own concepts were kept")
	}
	var none *exampleConcepts
	if _, ok := none.get("x"); ok {
		t.Error("a nil cache answered")
	}
	none.put("x", nil)
	none.save()
}

// A corrupt, truncated, foreign or special file is ignored and written
// anew; the fill is the same.
func TestConceptCacheCorruptFile(t *testing.T) {
	doc, sk := goldenDoc(t, "samtools"), builtinSkill(t, "samtools")
	task := "sort aln.bam by coordinate with 8 threads into aln.sorted.bam"
	want := MapTask(builtinRules, &doc.Record, doc, sk, task)
	dir := t.TempDir()
	mapTask(builtinRules, &doc.Record, doc, sk, task, NewConceptCache(dir))
	file := conceptFiles(t, dir)[0]
	good, _ := os.ReadFile(file)
	// A file for this key naming a text that is no example task.
	foreign, err := func() ([]byte, error) {
		ec := NewConceptCache(dir).forSkill(builtinRules, sk)
		ec.known["not an example"] = []string{"sort"}
		ec.added = true
		ec.save()
		return os.ReadFile(file)
	}()
	if err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string][]byte{
		"truncated":   good[:len(good)-2],
		"garbage":     []byte("\x00\x01\x02"),
		"empty":       nil,
		"other key":   []byte(strings.Replace(string(good), filepath.Base(file)[len("samtools-"):len("samtools-")+20], strings.Repeat("0", 20), 1)),
		"foreign":     foreign,
		"wrong lists": []byte(conceptsHeader + filepath.Base(file)[len("samtools-"):len("samtools-")+20] + "\n\x02\x05"),
	} {
		if err := os.WriteFile(file, body, 0o644); err != nil {
			t.Fatal(err)
		}
		got := mapTask(builtinRules, &doc.Record, doc, sk, task, NewConceptCache(dir))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the fill differs", name)
		}
		if b, _ := os.ReadFile(file); string(b) != string(good) {
			t.Errorf("%s: the file was not written anew", name)
		}
	}
	// A directory where the file should be: no cache, the same fill.
	os.Remove(file)
	os.Mkdir(file, 0o755)
	if got := mapTask(builtinRules, &doc.Record, doc, sk, task, NewConceptCache(dir)); !reflect.DeepEqual(got, want) {
		t.Fatal("the fill differs with an unreadable file")
	}
	// A cache directory that cannot be made: no error, the same fill.
	blocker := filepath.Join(t.TempDir(), "f")
	os.WriteFile(blocker, nil, 0o644)
	if got := mapTask(builtinRules, &doc.Record, doc, sk, task, NewConceptCache(filepath.Join(blocker, "sub"))); !reflect.DeepEqual(got, want) {
		t.Fatal("the fill differs with an unwritable cache")
	}
}

// An edited skill or other rules read another file; the skill's file of
// the old key is removed when the new one is written.
func TestConceptCacheKey(t *testing.T) {
	doc, sk := goldenDoc(t, "samtools"), builtinSkill(t, "samtools")
	dir := t.TempDir()
	cc := NewConceptCache(dir)
	mapTask(builtinRules, &doc.Record, doc, sk, "index sorted.bam", cc)
	first := conceptFiles(t, dir)
	edited := *sk
	edited.Examples = append([]skills.Example{{Task: "an example added to the skill", Args: "flagstat in.bam"}}, sk.Examples...)
	mapTask(builtinRules, &doc.Record, doc, &edited, "index sorted.bam", cc)
	second := conceptFiles(t, dir)
	if len(first) != 1 || len(second) != 1 || first[0] == second[0] {
		t.Fatalf("files %v then %v", first, second)
	}
	if ec := cc.forSkill(builtinRules, &edited); ec == nil || len(ec.known) == 0 || !ec.tasks["an example added to the skill"] {
		t.Fatal("the edited skill's concepts were not kept")
	}
	userDir := t.TempDir()
	os.MkdirAll(filepath.Join(userDir, "intents"), 0o755)
	os.WriteFile(filepath.Join(userDir, "intents", "mine.yaml"), []byte("- id: intents.mine\n  when: 'hasAny(words, [\"tally\"])'\n  then: {concepts: [count]}\n"), 0o644)
	mine, errs := rules.Load(rules.Options{UserDir: userDir})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if a, b := cc.forSkill(builtinRules, sk), cc.forSkill(mine, sk); a.key == b.key {
		t.Fatal("a user rule does not change the key")
	}
	if cc.forSkill(builtinRules, nil) != nil || cc.forSkill(builtinRules, &skills.Skill{Name: "x"}) != nil {
		t.Fatal("a cache for no skill or no examples")
	}
	var none *ConceptCache
	if none.forSkill(builtinRules, sk) != nil {
		t.Fatal("a nil cache")
	}
}

// An example task on which a rule fails to evaluate is not kept, so the
// failure is met (and warned about) again at the next command.
func TestConceptCacheSkipsFailures(t *testing.T) {
	userDir := t.TempDir()
	os.MkdirAll(filepath.Join(userDir, "intents"), 0o755)
	os.WriteFile(filepath.Join(userDir, "intents", "boom.yaml"), []byte("- id: intents.boom\n  when: 'int(task) > 0'\n  then: {concepts: [boom]}\n"), 0o644)
	rs, errs := rules.Load(rules.Options{UserDir: userDir})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	doc, sk := goldenDoc(t, "samtools"), builtinSkill(t, "samtools")
	dir := t.TempDir()
	mapTask(rs, &doc.Record, doc, sk, "index sorted.bam", NewConceptCache(dir))
	if len(rs.Failures()) == 0 {
		t.Fatal("the rule did not fail: the test does not test anything")
	}
	if files := conceptFiles(t, dir); len(files) != 0 {
		t.Fatalf("concepts kept despite the failure: %v", files)
	}
}

// NoCache leaves the concepts cache alone.
func TestConceptCacheNoCache(t *testing.T) {
	cc := NewConceptCache(t.TempDir())
	if (&Engine{opts: Options{Concepts: cc}}).concepts() != cc || (&Engine{opts: Options{Concepts: cc, NoCache: true}}).concepts() != nil {
		t.Fatal("wrong cache")
	}
}

// BenchmarkMapTaskConcepts is Stage 3 on the samtools skill with its
// example concepts cached (a warm command); BenchmarkMapTaskNoConcepts
// finds them with the rules, as before.
func BenchmarkMapTaskConcepts(b *testing.B) {
	benchMapSkill(b, NewConceptCache(b.TempDir()))
}

func BenchmarkMapTaskNoConcepts(b *testing.B) { benchMapSkill(b, nil) }

func benchMapSkill(b *testing.B, cc *ConceptCache) {
	data, err := os.ReadFile("../golden/samtools/tooldoc.golden.json")
	if err != nil {
		b.Fatal(err)
	}
	var doc ToolDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		b.Fatal(err)
	}
	sk := builtinSkill(b, "samtools")
	task := "sort aln.bam by coordinate with 8 threads into aln.sorted.bam"
	mapTask(builtinRules, &doc.Record, &doc, sk, task, cc)
	for b.Loop() {
		mapTask(builtinRules, &doc.Record, &doc, sk, task, cc)
	}
}
