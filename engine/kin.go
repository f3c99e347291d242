package engine

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

// A companion of another name than the program the user typed is another
// program, whatever words of its description or parts of its name the
// task says: EMBOSS ships seqretsplit beside splitter, exonerate
// fastalength beside fastasort, coreutils cut beside csplit, and on the
// golden and development tasks every such choice made by description,
// by a part of the name ("length") or by an English verb that is also a
// program's name ("cut run_report.txt into two pieces") was wrong. It is
// a candidate only when the task names it as a program (namesProgram); a
// companion whose name holds the tool's or is held by it (hisat2-build
// beside hisat2, hisat2 beside hisat2-build, seqretsplit beside seqret)
// or one the skill lists stays one as before.

// strangerCompanion reports a companion of the tool that the skill does
// not list and whose name is not akin to the tool's.
func (m *mapper) strangerCompanion(c *candidate) bool {
	if c.exe == m.rec.Executable || len(c.sub) > 0 || m.skill != nil && slices.Contains(m.skill.Companions, c.exe) {
		return false
	}
	return !namesAkin(m.rec.Executable, c.exe)
}

// namesAkin reports two program names (extensions and case aside) one of
// which holds the other (hisat2, hisat2-build; spades.py, metaspades.py).
// Names that only open alike (fastasort, fastalength; hmmsearch,
// hmmpress) are two programs of one package.
func namesAkin(a, b string) bool {
	bare := func(n string) string {
		n = strings.ToLower(filepath.Base(n))
		return strings.TrimSuffix(n, filepath.Ext(n))
	}
	a, b = bare(a), bare(b)
	if a == "" || b == "" {
		return false
	}
	return strings.Contains(a, b) || strings.Contains(b, a)
}

// namesProgram reports a task that names the program name as one to run:
// after a word of the lexicon class program_lead ("use seqretsplit",
// "用 seqretsplit"), or written as no prose writes it (vcf-to-tab,
// split2). A plain word elsewhere ("cut x.txt into pieces", "sort by
// length") is the task's verb or noun, not a program.
func (m *mapper) namesProgram(name string) bool {
	name = strings.ToLower(name)
	if typedName(name) && m.mentions(name) {
		return true
	}
	ws := rules.Words(strings.ToLower(m.task))
	v := task.V()
	for i := 1; i < len(ws); i++ {
		if ws[i] == name && v.Is("program_lead", ws[i-1]) {
			return true
		}
	}
	return false
}
