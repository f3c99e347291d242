package parsers

import (
	"strings"
)

// item is one row of a "name   description" list: a subcommand, or a
// positional in an argument section.
type item struct {
	name string
	// args holds tokens between the name and the description
	// ("help [cmd]   display help").
	args string
	same string   // description on the name's line
	more []string // wrapped description lines
	// raw holds the deeper rows under the item as written, indentation
	// kept, for an item that turns out to title a nested list.
	raw    []string
	indent int
}

// desc joins the item's description lines.
func (it item) desc() string {
	return collapse(it.same + " " + strings.Join(it.more, " "))
}

// isGroupHeading reports whether content heads a group inside a list
// ("-- Indexing", "--- Misc ---", "[ Genome arithmetic ]", "Sub-heading:");
// such lines are skipped.
func isGroupHeading(content string) bool {
	if strings.HasPrefix(content, "[") && strings.HasSuffix(strings.TrimSpace(content), "]") && strings.Contains(content, " ") {
		return true
	}
	if strings.HasPrefix(content, "--") || strings.HasPrefix(content, "==") || strings.HasPrefix(content, "##") {
		return len(content) == 2 || !isFlagName(strings.Fields(content)[0])
	}
	if gs, _ := gapIndex(content); gs >= 0 {
		return false
	}
	return strings.HasSuffix(content, ":")
}

// splitItem splits content into a name, argument tokens and a description.
// The description must follow a column gap; tokens between name and gap
// must look like arguments ("[cmd]", "<file>", "FILE"). Prose such as
// "39 plugins available, run ..." is not an item.
func splitItem(content string) (item, bool) {
	toks := tokens(content)
	if len(toks) == 0 {
		return item{}, false
	}
	it := item{name: toks[0]}
	rest := content[len(toks[0]):]
	if rest == "" {
		return it, true
	}
	if d, ok := strings.CutPrefix(rest, " : "); ok {
		// "quantmerge : merge ..." — the longest name of a colon-aligned
		// list has a single space before its colon.
		it.same = d
		return it, true
	}
	gs, ge := gapIndex(rest)
	if gs == 0 {
		it.same = rest[ge:]
		return it, true
	}
	args := rest
	if gs > 0 {
		args = rest[:gs]
	}
	for _, a := range tokens(args) {
		if !placeholderLike(a) {
			return item{}, false
		}
	}
	it.args = strings.TrimSpace(args)
	if gs > 0 {
		it.same = rest[ge:]
	}
	return it, true
}

// parseItems reads a list of items. Rows at the list's indentation start
// items; deeper rows continue the description of the item above; rows that
// are not items (prose) are skipped along with their continuation. With
// stopShallower, a row indented less than the items ends the list (used
// when the list starts on a heading's line and text follows it).
func parseItems(lines []string, stopShallower bool) []item {
	var out []item
	itemIndent := -1
	open := false // the last row started an item that may continue
	for _, l := range lines {
		if isBlank(l) {
			continue
		}
		ind, off := indentOf(l)
		content := l[off:]
		if itemIndent >= 0 && ind > itemIndent {
			if open {
				last := &out[len(out)-1]
				last.more = append(last.more, content)
				last.raw = append(last.raw, l)
			}
			continue
		}
		if stopShallower && itemIndent >= 0 && ind < itemIndent {
			break
		}
		if isGroupHeading(content) {
			open = false
			continue
		}
		it, ok := splitItem(content)
		if !ok {
			open = false
			continue
		}
		it.indent = ind
		itemIndent = ind
		out = append(out, it)
		open = true
	}
	return out
}

// nestedItems replaces a bare word that titles a nested list with the
// list: argparse prints a subparsers group as its title word, then the
// choices one level deeper ("commands:" / "  subcommands" / "    bins
// The coverage …"). The title is taken as such only when the rows under
// it hold two or more items with descriptions.
func nestedItems(items []item) []item {
	var out []item
	for _, it := range items {
		if it.same == "" && it.args == "" && len(it.raw) > 0 {
			var sub []item
			for _, s := range parseItems(it.raw, false) {
				if s.name != it.name && s.desc() != "" {
					sub = append(sub, s)
				}
			}
			if len(sub) >= 2 {
				out = append(out, sub...)
				continue
			}
		}
		out = append(out, it)
	}
	return out
}
