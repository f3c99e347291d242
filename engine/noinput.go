package engine

import (
	"fmt"

	"github.com/traitome/oxo-call/task"
)

// A task that names two files or more and reads every one of them as an
// output leaves the command nothing to read: one of them is surely its
// input, read as an output because of the words before it ("the bwa
// output grp_raw.sam" is what samblaster reads). The command is
// uncertain, and the finding names the files. A task that says the
// command reads its standard input (lexicon class standard_input: "write
// standard input to a.txt and b.txt" for tee) has its input.

// nothingRead returns that finding, "" when the task gives a file to read
// or fewer than two files.
func (m *mapper) nothingRead() string {
	fs := m.slots.Files
	if len(fs) < 2 || task.V().Mentions("standard_input", m.task) {
		return ""
	}
	var paths []string
	for _, x := range fs {
		if !x.Output {
			return ""
		}
		paths = append(paths, x.Path)
	}
	return fmt.Sprintf("the task's files %s are all read as outputs: nothing is left for the command to read", joinAnd(paths))
}
