package engine

import (
	"testing"
)

// TestTaskOverlapCountsAsEveryRuleWould: taskOverlap, which evaluates only
// the intents rules that can give a task concept, counts what overlap of
// the text's full concepts with the task's counts, in English and Chinese.
func TestTaskOverlapCountsAsEveryRuleWould(t *testing.T) {
	texts := []string{"sort", "sort alignments by coordinate or read name", "index a coordinate-sorted BAM",
		"view", "filter reads", "对 bam 排序", "merge sorted files", "", "statistics of alignments", "faidx"}
	for _, task := range []string{"sort aln.bam by coordinate with 8 threads into aln.sorted.bam",
		"把 aln.bam 排序并建索引", "count reads", "x"} {
		m := newMapper(builtinRules, samRec, nil, nil, task)
		positive := 0
		for _, text := range texts {
			got := m.taskOverlap(text)
			full := newMapper(builtinRules, samRec, nil, nil, task)
			want := overlap(full.concepts(text), full.taskConcepts)
			if got != want {
				t.Errorf("task %q, text %q: taskOverlap %d, overlap of all concepts %d", task, text, got, want)
			}
			if got > 0 {
				positive++
			}
			if again := m.taskOverlap(text); again != got {
				t.Errorf("task %q, text %q: %d then %d", task, text, got, again)
			}
		}
		if len(m.taskConcepts) > 0 && positive == 0 {
			t.Errorf("task %q: no text shares a concept with it", task)
		}
	}
	// A text whose concepts were all worked out is counted from them.
	m := newMapper(builtinRules, samRec, nil, nil, "sort aln.bam")
	m.concepts("sort by name")
	if got := m.taskOverlap("sort by name"); got != 1 {
		t.Fatalf("taskOverlap from the cache = %d, want 1", got)
	}
}
