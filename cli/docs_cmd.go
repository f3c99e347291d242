package cli

import (
	"context"
	"fmt"
	"html"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/internal/safefile"
)

// UserDocsDir holds help text added with `docs add`.
func (p Paths) UserDocsDir() string { return filepath.Join(p.Data, "docs") }

// maxDocBytes bounds a document added with `docs add` and its stored
// text, like the download limit of --url.
const maxDocBytes = 4 << 20

// userDocs returns the text added for a tool, if any. A stored file that
// is not a regular file, or is too large, is skipped with a warning.
func (a *app) userDocs(tool string) (string, bool) {
	dir := a.d.paths().UserDocsDir()
	for _, name := range []string{tool, strings.ToLower(tool)} {
		b, err := safefile.ReadFile(filepath.Join(dir, filepath.Base(name)+".txt"), maxDocBytes)
		if err == nil {
			return string(b), true
		}
		if safefile.IsSpecial(err) {
			fmt.Fprintf(a.d.IO.Err, "warning: %v\n", err)
			return "", false
		}
	}
	return "", false
}

var tagRE = lazyre.New(`(?s)<script.*?</script>|<style.*?</style>|<[^>]+>`)

// docText turns a fetched or given document into plain help text.
func docText(name string, b []byte) string {
	s := string(b)
	if strings.HasSuffix(strings.ToLower(name), ".html") || strings.HasSuffix(strings.ToLower(name), ".htm") || strings.Contains(s[:min(len(s), 512)], "<html") {
		s = html.UnescapeString(tagRE.ReplaceAllString(s, ""))
	}
	return s
}

func (a *app) docsCmd() *ucli.Command {
	var jsonOut, all bool
	var sub, file, url string
	return &ucli.Command{
		Name: "docs", Aliases: []string{"doc"}, Usage: "the ToolDoc oxo-call read from a tool's help (cached), and docs you add",
		Commands: []*ucli.Command{
			{
				Name: "show", Usage: "what oxo-call knows about a tool's command line", ArgsUsage: "TOOL",
				Flags: []ucli.Flag{
					&ucli.BoolFlag{Name: "json", Usage: "the whole ToolDoc as JSON", Destination: &jsonOut},
					&ucli.StringFlag{Name: "sub", Usage: "only this subcommand (\"sort\", \"plugin fill\")", Destination: &sub},
				},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					if err := needArgs(cmd, 1, "a tool"); err != nil {
						return err
					}
					doc, s, err := a.showDoc(ctx, cmd.Args().First(), sub)
					if err != nil {
						return err
					}
					if s != nil {
						if a.json || jsonOut {
							return writeJSON(a.d.IO.Out, s)
						}
						renderSub(a.d.IO.Out, s)
						return nil
					}
					if a.json || jsonOut {
						return writeJSON(a.d.IO.Out, doc)
					}
					renderDoc(a.d.IO.Out, doc)
					return nil
				},
			},
			{
				Name: "update", Usage: "re-read a tool's help now", ArgsUsage: "TOOL | --all",
				Flags: []ucli.Flag{&ucli.BoolFlag{Name: "all", Usage: "every cached tool", Destination: &all}},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					var tools []string
					if all {
						for _, c := range a.cachedTools() {
							tools = append(tools, c)
						}
					} else {
						if err := needArgs(cmd, 1, "a tool or --all"); err != nil {
							return err
						}
						tools = []string{cmd.Args().First()}
					}
					a.noCache = true
					e := a.engine()
					for _, t := range tools {
						start := time.Now()
						_, doc, _, err := e.Doc(ctx, t, nil)
						if err != nil {
							fmt.Fprintf(a.d.IO.Err, "%s: %v\n", t, err)
							continue
						}
						fmt.Fprintf(a.d.IO.Out, "%s %s: %d subcommands, %d flags, doc_quality %.2f (%.1fs; %d probes, wall %.0f ms vs %.0f ms one by one)\n", t, doc.Record.Version,
							len(doc.Subcommands), len(doc.Flags)+len(doc.GlobalFlags), doc.DocQuality, time.Since(start).Seconds(),
							doc.Exploration.Probes, doc.Exploration.WallMS, doc.Exploration.SerialMS)
						for _, m := range doc.Messages {
							fmt.Fprintln(a.d.IO.Err, "  "+m)
						}
					}
					return nil
				},
			},
			{
				Name: "add", Usage: "add help text for a tool whose own help is missing or poor", ArgsUsage: "TOOL",
				Flags: []ucli.Flag{
					&ucli.StringFlag{Name: "file", Usage: "a .txt, .md, .rst or .html file", Destination: &file},
					&ucli.StringFlag{Name: "url", Usage: "fetch the document from this URL", Destination: &url},
				},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					if err := needArgs(cmd, 1, "a tool"); err != nil {
						return err
					}
					if (file == "") == (url == "") {
						return usagef("docs add: give exactly one of --file or --url")
					}
					var b []byte
					var err error
					name := file
					if file != "" {
						b, err = safefile.ReadFile(file, maxDocBytes)
					} else {
						name = url
						b, err = fetch(ctx, url)
					}
					if err != nil {
						return err
					}
					tool := filepath.Base(cmd.Args().First())
					dst := filepath.Join(a.d.paths().UserDocsDir(), tool+".txt")
					if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
						return err
					}
					if err := engine.WriteFileAtomic(dst, []byte(docText(name, b)), 0o644); err != nil {
						return err
					}
					a.newCache().Remove(tool)
					fmt.Fprintf(a.d.IO.Out, "added %s (%d bytes); oxo-call uses it when %s prints no usable help or is not installed\n", dst, len(b), tool)
					return nil
				},
			},
			{
				Name: "list", Usage: "cached ToolDocs and added docs",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					tw := tabwriter.NewWriter(a.d.IO.Out, 2, 4, 2, ' ', 0)
					fmt.Fprintln(tw, "TOOL\tSOURCE")
					for _, t := range a.cachedTools() {
						fmt.Fprintf(tw, "%s\tcache\n", t)
					}
					ents, _ := os.ReadDir(a.d.paths().UserDocsDir())
					for _, e := range ents {
						fmt.Fprintf(tw, "%s\tadded (%s)\n", strings.TrimSuffix(e.Name(), ".txt"), filepath.Join(a.d.paths().UserDocsDir(), e.Name()))
					}
					return tw.Flush()
				},
			},
			{
				Name: "remove", Usage: "forget a tool's cached ToolDoc and added docs", ArgsUsage: "TOOL",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					if err := needArgs(cmd, 1, "a tool"); err != nil {
						return err
					}
					tool := filepath.Base(cmd.Args().First())
					n := a.newCache().Remove(tool)
					added := filepath.Join(a.d.paths().UserDocsDir(), tool+".txt")
					if err := os.Remove(added); err == nil {
						n++
					}
					fmt.Fprintf(a.d.IO.Out, "removed %d files for %s\n", n, tool)
					return nil
				},
			},
			{
				Name: "path", Usage: "where ToolDocs and added docs are kept",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					p := a.d.paths()
					fmt.Fprintf(a.d.IO.Out, "cache: %s\nadded: %s\n", p.DocCacheDir(), p.UserDocsDir())
					return nil
				},
			},
		},
	}
}

func (a *app) newCache() *engine.Cache { return engine.NewCache(a.d.paths().DocCacheDir(), 64) }

// cachedTools lists the executables with a cached ToolDoc (.bin; .json
// entries are those an older build wrote).
func (a *app) cachedTools() []string {
	ents, _ := os.ReadDir(a.d.paths().DocCacheDir())
	seen := map[string]bool{}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if i := strings.LastIndexByte(n, '-'); i > 0 && (strings.HasSuffix(n, ".bin") || strings.HasSuffix(n, ".json")) {
			if t := n[:i]; !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	sort.Strings(out)
	return out
}

// fetch gets a document over HTTP(S), bounded in size and time.
func fetch(ctx context.Context, url string) ([]byte, error) {
	if !strings.HasPrefix(url, "https://") && !strings.HasPrefix(url, "http://") {
		return nil, usagef("--url %q: only http(s) URLs", url)
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fetch %s: %s", url, resp.Status)
	}
	return io.ReadAll(io.LimitReader(resp.Body, maxDocBytes))
}

func findPath(list []engine.SubcommandDoc, path []string) *engine.SubcommandDoc {
	var s *engine.SubcommandDoc
	for _, p := range path {
		s = engine.FindSubcommand(list, p)
		if s == nil {
			return nil
		}
		list = s.Subcommands
	}
	return s
}

func renderDoc(w io.Writer, d *engine.ToolDoc) {
	fmt.Fprintf(w, "%s %s  (%s)\n", d.Record.Executable, d.Record.Version, d.Record.ResolvedPath)
	if d.Description != "" {
		fmt.Fprintf(w, "%s\n", d.Description)
	}
	fmt.Fprintf(w, "framework %s · parser %s · style %s · doc_quality %.2f\n", d.Framework, d.SchemaSource, d.CLIStyle, d.DocQuality)
	for _, u := range d.UsagePatterns {
		fmt.Fprintf(w, "usage: %s\n", u)
	}
	for _, m := range d.Messages {
		fmt.Fprintf(w, "note: %s\n", m)
	}
	if len(d.Companions) > 0 {
		fmt.Fprintln(w, "\ncompanions:")
		for _, c := range d.Companions {
			fmt.Fprintf(w, "  %-22s %d flags\n", c.Name, len(c.Flags))
		}
	}
	if len(d.Subcommands) > 0 {
		fmt.Fprintln(w, "\nsubcommands:")
		for _, s := range d.Subcommands {
			fmt.Fprintf(w, "  %-22s %3d flags  %s\n", s.Name, len(s.Flags), s.Description)
		}
	}
	renderFlags(w, "global flags", d.GlobalFlags)
	renderFlags(w, "flags", d.Flags)
}

func renderSub(w io.Writer, s *engine.SubcommandDoc) {
	fmt.Fprintf(w, "%s — %s\n", s.Name, s.Description)
	if s.UsagePattern != "" {
		fmt.Fprintf(w, "usage: %s\n", s.UsagePattern)
	}
	renderFlags(w, "flags", s.Flags)
	for _, p := range s.Positionals {
		fmt.Fprintf(w, "  positional %d: %s (%s)\n", p.Position, p.Name, p.ParamType)
	}
}

func renderFlags(w io.Writer, title string, fs []engine.FlagDoc) {
	if len(fs) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s:\n", title)
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	for _, f := range fs {
		names := strings.Join(append(append([]string(nil), f.Aliases...), f.Name), ", ")
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", names, f.ParamType, f.Category, flagNote(f)+f.Description)
	}
	tw.Flush()
}

// flagNote says what docs show adds to a flag's help: the parameter an
// associated qualifier belongs to, and that only the detailed help lists
// it (Stage 3 fills such a flag only when the task asks for it).
func flagNote(f engine.FlagDoc) string {
	var notes []string
	if f.Qualifies != "" {
		notes = append(notes, "of "+f.Qualifies)
	}
	if f.Secondary {
		notes = append(notes, "detailed help only")
	}
	if len(notes) == 0 {
		return ""
	}
	return "(" + strings.Join(notes, "; ") + ") "
}
