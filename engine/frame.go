package engine

import (
	"strconv"

	"github.com/traitome/oxo-call/task"
)

// The task is parsed once, by package task; these names keep Stage 3's
// code short.
type (
	// Slots is the parsed task.
	Slots = task.Frame
	// FileSlot is a file the task names.
	FileSlot = task.File
	// NumberSlot is a number the task gives, with the words around it.
	NumberSlot = task.Number
	// KV is a key and a value.
	KV = task.KV
)

// ExtractSlots parses a task (task.Parse).
func ExtractSlots(s string) Slots { return task.Parse(s) }

// FileType returns the kind of a file name, or "" when it does not look
// like a file (task.FileType).
func FileType(p string) string { return task.FileType(p) }

var (
	numberRE = task.NumberRE
	regionRE = task.RegionRE
	seqRE    = task.SeqRE
)

func tokens(s string) []string { return task.Tokens(s) }
func isName(s string) bool     { return task.IsName(s) }
func family(t string) string   { return task.Family(t) }

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
