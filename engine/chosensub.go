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
// It returns the ToolDoc with that help read in and the flags it read, or
// nil when the chosen
// subcommand has its help, the doc was not read from the installed tool
// (live is false), or the probe found none.
func (e *Engine) helpOfChosen(ctx context.Context, rec *ToolRecord, doc *ToolDoc, path []string, live bool) (*ToolDoc, int) {
	if !live || doc == nil || doc.RawHelp == "" || len(path) == 0 || rec == nil || !rec.Installed {
		return nil, 0
	}
	list := doc.Subcommands
	for i, name := range path {
		sd := FindSubcommand(list, name)
		if sd == nil {
			return nil, 0
		}
		if i < len(path)-1 {
			list = sd.Subcommands
			continue
		}
		if sd.Parser != "" {
			return nil, 0
		}
	}
	sd, text, ok := e.explorer.ExploreSub(ctx, rec, doc.RawHelp, path)
	if !ok {
		return nil, 0
	}
	d := *doc
	d.Subcommands = withSubcommand(doc.Subcommands, path, sd)
	d.SubcommandHelps = maps.Clone(doc.SubcommandHelps)
	if d.SubcommandHelps == nil {
		d.SubcommandHelps = map[string]string{}
	}
	d.SubcommandHelps[strings.Join(path, " ")] = text
	return &d, len(sd.Flags)
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
// choice.
func chosenHelpNote(path []string, flags int) string {
	return fmt.Sprintf("read the help of the chosen subcommand %s now (exploration left it unread): %d flags", strings.Join(path, " "), flags)
}
