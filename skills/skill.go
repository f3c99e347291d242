// Package skills loads curated knowledge about bioinformatics tools: one
// Markdown file per tool with YAML front matter and three sections.
//
//	---
//	name: hisat2                      # required; lower-case tool name
//	category: alignment
//	description: Graph-based splice-aware aligner
//	tags: [rna-seq, alignment]
//	author: someone
//	source_url: "https://…"
//	aliases: []                       # optional: other names that select the skill
//	companions: [hisat2-build]        # optional: other executables examples may start with
//	keywords:                         # optional: subcommand/executable → task phrases
//	  hisat2-build: [build index, 建索引]
//	min_version: "2.1"                # optional
//	max_version: ""                   # optional
//	verified: false                   # optional (default true): the tool cannot
//	                                  # be installed here, so the examples were
//	                                  # not checked against its real help
//	---
//	## Concepts
//	- one fact per bullet
//	## Pitfalls
//	- one pitfall per bullet
//	## Examples
//	### build an index from genome.fa
//	**Args:** `hisat2-build genome.fa genome_idx`
//	**Explanation:** why each argument is there
//
// Files come from user and data directories and from the built-in set
// embedded in the binary; earlier sources override later ones by tool
// name. Community files with only the original keys load unchanged;
// unknown keys and sections in them are warnings, while built-in files
// are parsed strictly so that typos fail the tests.
package skills

import (
	"errors"
	"fmt"
	"strings"

	shexpand "mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Skill is the parsed form of one skill file.
type Skill struct {
	// Name is the tool name users type, as written in the front matter.
	Name        string
	Category    string
	Description string
	Tags        []string
	// Aliases are other names that select this skill (e.g. "STAR" or
	// "blastn"); Companions are other executables of the same package
	// that example Args may start with (e.g. "hisat2-build").
	Aliases    []string
	Companions []string
	// Keywords maps a subcommand or executable to task phrases.
	Keywords   map[string][]string
	Author     string
	SourceURL  string
	MinVersion string
	MaxVersion string
	// Unverified is set by "verified: false": the tool cannot be
	// installed where the skill was written, so its examples were not
	// checked against the tool's real help.
	Unverified bool
	Concepts   []string
	Pitfalls   []string
	Examples   []Example
	// Source is "builtin:NAME.md" for an embedded skill, else the file path.
	Source string
}

// Example is one worked example: a task in plain words, the arguments
// that do it (without the tool name) and why.
type Example struct {
	Task        string
	Args        string
	Explanation string
	// Line is the 1-based line of the "### task" heading.
	Line int
}

// Warning is a non-fatal problem found while parsing or loading a file.
type Warning struct {
	Path string
	Line int
	Msg  string
}

// String renders the warning as "path:line: msg" (or "path: msg").
func (w Warning) String() string { return location(w.Path, w.Line) + w.Msg }

// Error is a fatal problem in a skill file, located by path and line.
type Error struct {
	Path string
	// Line is 1-based; 0 means the problem concerns the whole file.
	Line int
	Msg  string
}

// Error renders the error as "path:line: msg" (or "path: msg").
func (e *Error) Error() string { return location(e.Path, e.Line) + e.Msg }

func location(path string, line int) string {
	if line > 0 {
		return fmt.Sprintf("%s:%d: ", path, line)
	}
	return path + ": "
}

// ErrUnbalancedQuote is wrapped by SplitArgs when a quote is not closed.
var ErrUnbalancedQuote = errors.New("unbalanced quote")

// SplitArgs splits an Args string into words the way a POSIX shell does:
// blanks separate words, single quotes keep everything literally, double
// quotes keep everything but let a backslash escape $ ` " \ and newline,
// $'...' decodes its backslash escapes as bash does ($'\t' is a tab),
// and an unquoted backslash escapes the next character. Shell operators
// (>, |, ;) are not interpreted: they come back as ordinary words. It
// fails on an unclosed quote or a trailing backslash.
func SplitArgs(args string) ([]string, error) {
	var (
		words []string
		cur   strings.Builder
		inTok bool
	)
	flush := func() {
		if inTok {
			words = append(words, cur.String())
			cur.Reset()
			inTok = false
		}
	}
	for i := 0; i < len(args); i++ {
		c := args[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			flush()
		case '\\':
			if i+1 >= len(args) {
				return nil, fmt.Errorf("trailing backslash at offset %d", i)
			}
			i++
			if args[i] != '\n' {
				cur.WriteByte(args[i])
				inTok = true
			}
		case '$':
			if i+1 >= len(args) || args[i+1] != '\'' {
				cur.WriteByte(c)
				inTok = true
				continue
			}
			j, err := ansiC(args, i, &cur)
			if err != nil {
				return nil, err
			}
			inTok = true
			i = j
		case '\'':
			end := strings.IndexByte(args[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("%w: single quote at offset %d is not closed", ErrUnbalancedQuote, i)
			}
			cur.WriteString(args[i+1 : i+1+end])
			inTok = true
			i += end + 1
		case '"':
			j, err := doubleQuoted(args, i, &cur)
			if err != nil {
				return nil, err
			}
			inTok = true
			i = j
		default:
			cur.WriteByte(c)
			inTok = true
		}
	}
	flush()
	return words, nil
}

// ansiC decodes the $'...' string starting at args[start] into cur and
// returns the index of its closing quote; inside, a backslash escapes the
// next character (\' does not close the string).
func ansiC(args string, start int, cur *strings.Builder) (int, error) {
	for i := start + 2; i < len(args); i++ {
		switch args[i] {
		case '\\':
			i++
		case '\'':
			v, err := DecodeANSIC(args[start : i+1])
			if err != nil {
				return 0, err
			}
			cur.WriteString(v)
			return i, nil
		}
	}
	return 0, fmt.Errorf("%w: $' quote at offset %d is not closed", ErrUnbalancedQuote, start)
}

// DecodeANSIC returns the value of one bash $'...' word ($'\t' is a tab).
func DecodeANSIC(word string) (string, error) {
	f, err := syntax.NewParser().Parse(strings.NewReader(word), "")
	if err != nil {
		return "", fmt.Errorf("%s: %v", word, err)
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if len(f.Stmts) != 1 || !ok || len(call.Args) != 1 {
		return "", fmt.Errorf("%s: not one $'...' word", word)
	}
	return shexpand.Literal(nil, call.Args[0])
}

// doubleQuoted copies the double-quoted string starting at args[start]
// into cur and returns the index of the closing quote.
func doubleQuoted(args string, start int, cur *strings.Builder) (int, error) {
	for i := start + 1; i < len(args); i++ {
		switch c := args[i]; c {
		case '"':
			return i, nil
		case '\\':
			if i+1 < len(args) && strings.IndexByte("$`\"\\\n", args[i+1]) >= 0 {
				i++
				if args[i] != '\n' {
					cur.WriteByte(args[i])
				}
				continue
			}
			cur.WriteByte(c)
		default:
			cur.WriteByte(c)
		}
	}
	return 0, fmt.Errorf("%w: double quote at offset %d is not closed", ErrUnbalancedQuote, start)
}

// ExampleStep is one command of a multi-step example
// ("mpileup -f ref.fa in.bam | bcftools call -mv -o calls.vcf").
type ExampleStep struct {
	// Op joins the command to the previous one: "" for the first, "|" or "&&".
	Op string
	// Words are the command's words: the first command's leave the tool's
	// name out, as Args do; a later command starts with its own program.
	Words []string
	// Stdout is the file after ">" or ">>" (then Append is set).
	Stdout string
	Append bool
}

// SplitSteps cuts an example's words (SplitArgs) at the words "|" and "&&"
// into its commands, and takes each command's "> FILE" or ">> FILE" off.
// It fails on an empty command, a redirection without a file, or a ";".
func SplitSteps(words []string) ([]ExampleStep, error) {
	steps := []ExampleStep{{}}
	for i := 0; i < len(words); i++ {
		cur := &steps[len(steps)-1]
		switch w := words[i]; w {
		case "|", "&&":
			if len(cur.Words) == 0 {
				return nil, fmt.Errorf("no command before %q", w)
			}
			steps = append(steps, ExampleStep{Op: w})
		case ">", ">>", "1>":
			if i+1 >= len(words) {
				return nil, fmt.Errorf("no file after %q", w)
			}
			cur.Stdout, cur.Append = words[i+1], w == ">>"
			i++
		case ";", "||":
			return nil, fmt.Errorf("%q joins no commands in an example; use | or &&", w)
		default:
			cur.Words = append(cur.Words, w)
		}
	}
	if last := steps[len(steps)-1]; len(last.Words) == 0 {
		if len(steps) == 1 {
			return nil, errors.New("no words")
		}
		return nil, fmt.Errorf("no command after %q", last.Op)
	}
	return steps, nil
}
