package skills

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"
)

// DraftSub is a subcommand read from a tool's help, for Draft.
type DraftSub struct {
	Name        string
	Description string
}

// DraftExample is one example for Draft: the command line (the tool's
// name may lead), the task it does and why it is written so. An empty
// Task or Explanation becomes a TODO.
type DraftExample struct {
	Task        string
	Args        string
	Explanation string
}

// draftTextMax bounds every piece of text Draft copies from help output.
const draftTextMax = 500

// Draft renders a starter skill file for a tool from what its help says:
// front matter with one keywords entry per subcommand, TODO bullets for
// Concepts and Pitfalls, and the examples given (those with no Args after
// the tool's name are dropped, as are repeats). The result parses with
// Parse (non-strict); its TODOs are for a person to fill in.
func Draft(name, description string, subcommands []DraftSub, examples []DraftExample) []byte {
	orig := clean(name)
	if i := strings.LastIndexAny(orig, `/\`); i >= 0 {
		orig = orig[i+1:]
	}
	orig = strings.Join(strings.Fields(orig), "-")
	if orig == "" {
		orig = "tool"
	}
	lower := strings.ToLower(orig)
	desc := clean(description)
	if desc == "" {
		desc = "TODO: one line saying what " + orig + " does"
	}
	var subs []DraftSub
	seen := map[string]bool{}
	for _, sc := range subcommands {
		n := strings.Join(strings.Fields(clean(sc.Name)), "-")
		if n == "" || seen[n] {
			continue
		}
		seen[n] = true
		subs = append(subs, DraftSub{Name: n, Description: clean(sc.Description)})
	}

	var b bytes.Buffer
	b.WriteString("---\n")
	b.Write(draftHeader(lower, orig, desc, subs))
	b.WriteString("---\n## Concepts\n")
	fmt.Fprintf(&b, "- TODO: what %s does, its main inputs and outputs: %s\n", orig, desc)
	for _, sc := range subs {
		fmt.Fprintf(&b, "- `%s`: %s\n", noTicks(sc.Name), orDefault(noTicks(sc.Description), "TODO: what it does"))
	}
	b.WriteString("- TODO: the input formats and how output is written (file option or standard output)\n")
	b.WriteString("## Pitfalls\n")
	b.WriteString("- TODO: a common mistake with " + orig + " and how to avoid it\n")
	b.WriteString("## Examples\n")
	n := 0
	tasks := map[string]bool{}
	for _, ex := range examples {
		args := usageArgs(ex.Args, orig)
		if args == "" || seen["\x00"+args] {
			continue
		}
		seen["\x00"+args] = true
		if n++; n > MaxExamples {
			break
		}
		task := noTicks(clean(ex.Task))
		if task == "" {
			task = "TODO: describe the task done by " + args
		} else if tasks[task] {
			task += " (" + args + ")"
		}
		tasks[task] = true
		writeDraftExample(&b, task, args, noTicks(clean(ex.Explanation)))
	}
	if n == 0 {
		writeDraftExample(&b, "TODO: describe the task done by TODO", "TODO", "")
	}
	return b.Bytes()
}

func writeDraftExample(b *bytes.Buffer, task, args, explanation string) {
	fmt.Fprintf(b, "### %s\n", task)
	fmt.Fprintf(b, "**Args:** `%s`\n", args)
	fmt.Fprintf(b, "**Explanation:** %s\n", orDefault(explanation, "TODO: say why each flag is there"))
}

func draftHeader(lower, orig, desc string, subs []DraftSub) []byte {
	flow := func(items ...string) *yaml.Node {
		n := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, it := range items {
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: it})
		}
		return n
	}
	str := func(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: s} }
	var aliases []string
	if orig != lower {
		aliases = append(aliases, orig)
	}
	kw := &yaml.Node{Kind: yaml.MappingNode}
	for _, sc := range subs {
		phrases := []string{sc.Name}
		if sc.Description != "" {
			phrases = append(phrases, strings.ToLower(sc.Description))
		}
		kw.Content = append(kw.Content, str(sc.Name), flow(phrases...))
	}
	if len(subs) == 0 {
		kw.Content = append(kw.Content, str(lower), flow(lower))
	}
	root := &yaml.Node{Kind: yaml.MappingNode}
	for _, kv := range []struct {
		k string
		v *yaml.Node
	}{
		{"name", str(lower)},
		{"category", str("TODO")},
		{"description", str(desc)},
		{"tags", flow()},
		{"author", str("")},
		{"source_url", str("")},
		{"aliases", flow(aliases...)},
		{"companions", flow()},
		{"keywords", kw},
	} {
		root.Content = append(root.Content, str(kv.k), kv.v)
	}
	var out bytes.Buffer
	enc := yaml.NewEncoder(&out)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil { // cannot happen: the node holds only strings
		panic(err)
	}
	_ = enc.Close()
	return out.Bytes()
}

// usageArgs turns a usage line into Args: one line, no backticks, without
// a leading "Usage:", "$ " or the tool's own name.
func usageArgs(u, tool string) string {
	u = clean(u)
	for _, p := range []string{"usage:", "Usage:", "USAGE:", "$ "} {
		u = strings.TrimSpace(strings.TrimPrefix(u, p))
	}
	words := strings.Fields(u)
	if len(words) > 0 {
		first := words[0]
		if i := strings.LastIndexAny(first, `/\`); i >= 0 {
			first = first[i+1:]
		}
		if strings.EqualFold(first, tool) {
			words = words[1:]
		}
	}
	return noTicks(strings.Join(words, " "))
}

// clean makes help text safe for one line of a skill file.
func clean(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Zl, r) || unicode.Is(unicode.Zp, r) || r == '\uFEFF' {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > draftTextMax {
		s = strings.ToValidUTF8(s[:draftTextMax], "")
	}
	return strings.TrimSpace(s)
}

func noTicks(s string) string { return strings.ReplaceAll(s, "`", "'") }

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
