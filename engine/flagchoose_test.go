package engine

import (
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// Without a skill, the words of the task that a subcommand's flags alone
// say choose it: "with 6 threads … a score of at least 40" is bwa mem's
// (-t, -T), not sampe's or samse's, which have neither.
func TestFlagHelpChooses(t *testing.T) {
	cmd, f := mapHelpOnly(t, "bwa", "align amplicon reads amp.fq to ref.fa with 6 threads, only outputting alignments with a score of at least 40, write amp.sam")
	if !strings.HasPrefix(cmd, "bwa mem") || !hasEvidence(f, "its flags' help says") {
		t.Errorf("%q\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
}

// The task's words that few subcommands' flags say are counted per
// subcommand, and only without a skill; fewer than three subcommands
// with flags give none.
func TestRareFlagTerms(t *testing.T) {
	c := func(key string, descs ...string) *candidate {
		cd := &candidate{key: key, sub: []string{key}}
		for _, d := range descs {
			cd.flags = append(cd.flags, FlagDoc{Name: "--some-flag", Description: d})
		}
		return cd
	}
	cands := []*candidate{c("a", "number of threads", "keep SNPs"), c("b", "number of threads"), c("c", "number of threads"), c("d", "number of threads"), c("e", "number of threads")}
	m := newMapper(builtinRules, &ToolRecord{Name: "t", Executable: "t"}, nil, nil, "keep only the snps with 4 threads")
	rare := m.rareFlagTerms(cands)
	if !rare["a"]["snp"] || !rare["a"]["keep"] || rare["a"]["thread"] || len(rare["b"]) != 0 {
		t.Errorf("rare %v", rare)
	}
	if got := m.flagHelpAsks(cands[0], rare); strings.Join(got, ",") != "keep,snp" {
		t.Errorf("asks %v", got)
	}
	if got := m.flagHelpAsks(&candidate{key: "keep", sub: []string{"keep"}}, map[string]map[string]bool{"keep": {"keep": true}}); len(got) != 0 {
		t.Errorf("the subcommand's own name counted: %v", got)
	}
	if r := m.rareFlagTerms(cands[:2]); r != nil {
		t.Errorf("two subcommands: %v", r)
	}
	m.skill = &skills.Skill{} // (its keywords choose)
	if r := m.rareFlagTerms(cands); r != nil {
		t.Errorf("with a skill: %v", r)
	}
	if saysTerm("read unpaired reads", "pair") || !saysTerm("read unpaired reads", "read") {
		t.Error("saysTerm reads word starts only")
	}
}
