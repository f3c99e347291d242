package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// A Chinese run's senses (lexicon sense_<word>) are its words when a task
// number is fitted to a flag's help: "标准差 20" is kallisto's "-s,
// --sd: Estimated standard deviation", which "片段长度 180" is not.
func TestChineseSensesFitNumbers(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	sk, _ := store.Get("kallisto")
	rec := &ToolRecord{Name: "kallisto", Executable: "kallisto"}
	f := MapTask(builtinRules, rec, goldenDoc(t, "kallisto"), sk, "用索引 tx.idx 对单端 s.fq.gz 定量，片段长度 180，标准差 20，输出到 q_out")
	got := Assemble(rec, f).Display
	if !strings.Contains(got, "-s 20") || !strings.Contains(got, "-l 180") {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// Senses meet a help's words as roots and count once each.
	help := contentWords("Replicates for ultrafast bootstrap")
	if h := senseHits("次超快自举重复次数", help, nil); !slices.Equal(h, []string{"bootstrap", "replicat", "ultrafast"}) {
		t.Errorf("senseHits = %v", h)
	}
	if h := senseHits("超快自举", help, map[string]bool{"bootstrap": true}); !slices.Equal(h, []string{"ultrafast"}) {
		t.Errorf("senseHits with bootstrap had = %v", h)
	}
	if h := senseHits("排序", help, nil); len(h) != 0 {
		t.Errorf("senseHits of a run with no sense = %v", h)
	}
	m := &mapper{rules: builtinRules, conceptCache: map[string]map[string]bool{}}
	fd := FlagDoc{Name: "--sd", Aliases: []string{"-s"}, Description: "Estimated standard deviation of fragment length"}
	if a, b := m.fitFlag("--sd", &fd, []string{"标准差"}), m.fitFlag("--sd", &fd, []string{"平均值"}); a <= b {
		t.Errorf("fit of 标准差 %v, of 平均值 %v", a, b)
	}
}
