// Package lazyre holds regular expressions that are compiled the first
// time they are used rather than when the program starts. A warm dry-run
// uses few of the program's patterns (the help parsers' are needed only
// when a tool's help is read again), and compiling all of them at start-up
// was a measurable part of its time. A pattern that does not compile
// panics at its first use, as regexp.MustCompile would at start-up; each
// package's tests use its patterns.
package lazyre

import (
	"regexp"
	"sync"
)

// RE is a regular expression compiled on first use; it is safe for
// concurrent use, as *regexp.Regexp is.
type RE struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

// New returns the pattern src, not yet compiled.
func New(src string) *RE { return &RE{src: src} }

// Re returns the compiled pattern.
func (r *RE) Re() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.src) })
	return r.re
}

// String returns the source text of the pattern.
func (r *RE) String() string { return r.src }

// The methods below are those of *regexp.Regexp the program uses.

func (r *RE) MatchString(s string) bool      { return r.Re().MatchString(s) }
func (r *RE) FindString(s string) string     { return r.Re().FindString(s) }
func (r *RE) FindStringIndex(s string) []int { return r.Re().FindStringIndex(s) }
func (r *RE) FindStringSubmatch(s string) []string {
	return r.Re().FindStringSubmatch(s)
}
func (r *RE) FindStringSubmatchIndex(s string) []int { return r.Re().FindStringSubmatchIndex(s) }
func (r *RE) FindAllString(s string, n int) []string { return r.Re().FindAllString(s, n) }
func (r *RE) FindAllStringIndex(s string, n int) [][]int {
	return r.Re().FindAllStringIndex(s, n)
}
func (r *RE) FindAllStringSubmatch(s string, n int) [][]string {
	return r.Re().FindAllStringSubmatch(s, n)
}
func (r *RE) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.Re().FindAllStringSubmatchIndex(s, n)
}
func (r *RE) ReplaceAllString(s, repl string) string { return r.Re().ReplaceAllString(s, repl) }
func (r *RE) ReplaceAllLiteralString(s, repl string) string {
	return r.Re().ReplaceAllLiteralString(s, repl)
}
func (r *RE) ReplaceAllStringFunc(s string, f func(string) string) string {
	return r.Re().ReplaceAllStringFunc(s, f)
}
func (r *RE) Split(s string, n int) []string   { return r.Re().Split(s, n) }
func (r *RE) SubexpNames() []string            { return r.Re().SubexpNames() }
func (r *RE) SubexpIndex(name string) int      { return r.Re().SubexpIndex(name) }
func (r *RE) ReplaceAll(b, repl []byte) []byte { return r.Re().ReplaceAll(b, repl) }
func (r *RE) Match(b []byte) bool              { return r.Re().Match(b) }
