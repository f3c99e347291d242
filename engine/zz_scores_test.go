package engine

import (
	"fmt"
	"os"
	"sort"
	"testing"
)

func TestZZScores(t *testing.T) {
	tool, tk := os.Getenv("DBG_TOOL"), os.Getenv("DBG_TASK")
	if tool == "" {
		t.Skip()
	}
	m := capturedMapper(t, tool, tk)
	m.skill = nil
	cands := m.candidates()
	m.score(cands)
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	for i, c := range cands {
		if i > 8 {
			break
		}
		fmt.Println(c.key, c.score, c.why)
	}
}
