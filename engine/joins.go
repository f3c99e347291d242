package engine

import "strings"

// The replacers that read a flag's or a name's parts as words, built
// once: a Replacer that deletes builds a lookup trie, and building one per
// call was a twentieth of what a warm dry-run allocates.
var (
	// joinsToSpaces reads "min-len" and "min_len" as "min len".
	joinsToSpaces = strings.NewReplacer("-", " ", "_", " ")
	// joinsDropped reads "e-value" and "min_len" as "evalue" and "minlen".
	joinsDropped = strings.NewReplacer("-", "", "_", "")
)
