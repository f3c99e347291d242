package lazyre

import (
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// Every method answers as *regexp.Regexp does for the same pattern.
func TestSameAsRegexp(t *testing.T) {
	const src = `(?P<key>[a-z]+)=(\d+)`
	l, re := New(src), regexp.MustCompile(src)
	in := "a=1, bb=22 and c=x, dd=4"
	upper := func(s string) string { return strings.ToUpper(s) }
	for name, pair := range map[string][2]any{
		"String":                     {l.String(), re.String()},
		"MatchString":                {l.MatchString(in), re.MatchString(in)},
		"Match":                      {l.Match([]byte("x=9")), re.Match([]byte("x=9"))},
		"FindString":                 {l.FindString(in), re.FindString(in)},
		"FindStringIndex":            {l.FindStringIndex(in), re.FindStringIndex(in)},
		"FindStringSubmatch":         {l.FindStringSubmatch(in), re.FindStringSubmatch(in)},
		"FindStringSubmatchIndex":    {l.FindStringSubmatchIndex(in), re.FindStringSubmatchIndex(in)},
		"FindAllString":              {l.FindAllString(in, -1), re.FindAllString(in, -1)},
		"FindAllStringIndex":         {l.FindAllStringIndex(in, 2), re.FindAllStringIndex(in, 2)},
		"FindAllStringSubmatch":      {l.FindAllStringSubmatch(in, -1), re.FindAllStringSubmatch(in, -1)},
		"FindAllStringSubmatchIndex": {l.FindAllStringSubmatchIndex(in, -1), re.FindAllStringSubmatchIndex(in, -1)},
		"ReplaceAllString":           {l.ReplaceAllString(in, "<$key>"), re.ReplaceAllString(in, "<$key>")},
		"ReplaceAllLiteralString":    {l.ReplaceAllLiteralString(in, "<$key>"), re.ReplaceAllLiteralString(in, "<$key>")},
		"ReplaceAllStringFunc":       {l.ReplaceAllStringFunc(in, upper), re.ReplaceAllStringFunc(in, upper)},
		"ReplaceAll":                 {string(l.ReplaceAll([]byte(in), []byte("$2"))), string(re.ReplaceAll([]byte(in), []byte("$2")))},
		"Split":                      {l.Split(in, -1), re.Split(in, -1)},
		"SubexpNames":                {l.SubexpNames(), re.SubexpNames()},
		"SubexpIndex":                {l.SubexpIndex("key"), re.SubexpIndex("key")},
	} {
		if !reflect.DeepEqual(pair[0], pair[1]) {
			t.Errorf("%s: lazy %v, regexp %v", name, pair[0], pair[1])
		}
	}
}

// The pattern is compiled once, on first use, also when several
// goroutines use it at once.
func TestCompiledOnceOnFirstUse(t *testing.T) {
	l := New(`x+`)
	if l.re != nil {
		t.Fatal("compiled before use")
	}
	var wg sync.WaitGroup
	got := make([]*regexp.Regexp, 8)
	for i := range got {
		wg.Add(1)
		go func() { defer wg.Done(); got[i] = l.Re() }()
	}
	wg.Wait()
	for _, r := range got {
		if r != got[0] || r == nil {
			t.Fatal("not one compiled pattern")
		}
	}
}

// A pattern that does not compile panics at its first use, naming the
// problem, as regexp.MustCompile does.
func TestBadPatternPanicsOnUse(t *testing.T) {
	l := New(`(`)
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(r.(string), "missing closing )") {
			t.Fatalf("recover() = %v", r)
		}
	}()
	l.MatchString("x")
}
