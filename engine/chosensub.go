package engine

import (
	"context"
	"fmt"
	"maps"
	"strings"
)

// helpOfChosen reads the help of the subcommand Stage 3 chose when
// exploration left it without one: its probe ran out of time or budget
// (PicardCommandLine lists 117 tools, each a JVM start), or timed out
// among many in flight. A command for a subcommand whose help was never
// read has flags no help confirms, so one probe now is worth its second.
// It returns the ToolDoc with that help read in and the flags it read,
// with read set; a ToolDoc that only records the subcommand has no help
// (NoHelp, so later runs from the cache do not probe it again), with read
// unset; or nil when the chosen subcommand has its help or is known to
// have none, the doc was not read from the installed tool (live is
// false), or the probe ran out of time.
func (e *Engine) helpOfChosen(ctx context.Context, rec *ToolRecord, doc *ToolDoc, path []string, live bool) (d *ToolDoc, flags int, read bool) {
	if !live || doc == nil || doc.RawHelp == "" || len(path) == 0 || rec == nil || !rec.Installed {
		return nil, 0, false
	}
	list := doc.Subcommands
	for i, name := range path {
		sd := FindSubcommand(list, name)
		if sd == nil {
			return nil, 0, false
		}
		if i < len(path)-1 {
			list = sd.Subcommands
			continue
		}
		if sd.Parser != "" || sd.NoHelp {
			return nil, 0, false
		}
	}
	sd, text, ok := e.explorer.ExploreSub(ctx, rec, doc.RawHelp, path)
	if !ok && !sd.NoHelp {
		return nil, 0, false
	}
	cp := *doc
	cp.Subcommands = withSubcommand(doc.Subcommands, path, sd)
	if !ok {
		return &cp, 0, false
	}
	cp.SubcommandHelps = maps.Clone(doc.SubcommandHelps)
	if cp.SubcommandHelps == nil {
		cp.SubcommandHelps = map[string]string{}
	}
	cp.SubcommandHelps[strings.Join(path, " ")] = text
	return &cp, len(sd.Flags), true
}

// withSubcommand returns a copy of list with the subcommand at path
// replaced by sd; the listing's description is kept when sd's help gives
// none. The copies run along the path only: the other entries are shared.
func withSubcommand(list []SubcommandDoc, path []string, sd SubcommandDoc) []SubcommandDoc {
	out := append([]SubcommandDoc(nil), list...)
	for i := range out {
		if out[i].Name != path[0] {
			continue
		}
		if len(path) > 1 {
			out[i].Subcommands = withSubcommand(out[i].Subcommands, path[1:], sd)
			return out
		}
		if sd.Description == "" {
			sd.Description = out[i].Description
		}
		out[i] = sd
		return out
	}
	return out
}

// chosenHelpNote is the trace line for a subcommand help read after the
// choice, or found missing (read unset).
func chosenHelpNote(path []string, flags int, read bool) string {
	if !read {
		return fmt.Sprintf("the chosen subcommand %s prints no help of its own (probed once now; the cache remembers)", strings.Join(path, " "))
	}
	return fmt.Sprintf("read the help of the chosen subcommand %s now (exploration left it unread): %d flags", strings.Join(path, " "), flags)
}
