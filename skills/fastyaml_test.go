package skills

import (
	"reflect"
	"strings"
	"testing"
)

// TestFastFrontMatter checks which inputs the fast decoder takes and that
// it then agrees with yaml.v3; everything it declines goes to yaml.v3.
func TestFastFrontMatter(t *testing.T) {
	cases := []struct {
		text string
		fast bool
	}{
		{"name: x\ndescription: a: b", false},               // "key: " look-alike
		{"name: x\ndescription: a #c", false},               // comment
		{"name: x\ndescription: tab\there", false},          // tab
		{"name: x\ndescription: ends:", false},              // trailing colon
		{"name: x\ndescription: a\u2028b", false},           // line separator
		{"name: x\ndescription: a\u0085b", false},           // next line
		{"name: x\ndescription: null", false},               // null
		{"name: x\ndescription: 'it''s'", false},            // escaped quote
		{"name: x\ndescription: \"a\\tb\"", false},          // escape
		{"name: x\ndescription: !!str x", false},            // tag
		{"name: x\ndescription: *a", false},                 // alias
		{"name: x\ndescription: |", false},                  // block scalar
		{"name: x\ndescription:x", false},                   // no blank after colon
		{"name: x\nname: y", false},                         // duplicate
		{"name: x\nunknown: y", false},                      // unknown key
		{" name: x", false},                                 // indented key
		{"-name: x", false},                                 // bad key
		{"name x", false},                                   // no colon
		{"name: x\ntags: a", false},                         // scalar for a list
		{"name: x\ntags: [a, b,]", false},                   // trailing comma
		{"name: x\ntags: [a, 'b]", false},                   // unclosed quote
		{"name: x\ntags: [\"a\" b]", false},                 // text after a quoted item
		{"name: x\ntags: ['a\\b']", false},                  // backslash in quotes
		{"name: x\ntags: [a:b]", false},                     // colon in flow
		{"name: x\ntags: [a?]", false},                      // question mark in flow
		{"name: x\ntags: [{a}]", false},                     // mapping in flow
		{"name: x\nkeywords: {}", false},                    // flow mapping
		{"name: x\nkeywords:\n  a: [b]\n    c: [d]", false}, // deeper indent
		{"name: x\nkeywords:\n  a: [b]\n  a: [c]", false},   // duplicate keyword
		{"name: x\nkeywords:\n  a [b]", false},              // no colon
		{"name: x\nkeywords:\n  a: b", false},               // scalar phrases
		{"name: x\nkeywords:\n  a:[b]", false},              // no blank after colon
		{"name: x\nkeywords:\n   a: [b]\n  c: [d]", false},  // shallower indent
		{"name: x\ndescription: a [b] {c}, d?", true},
		{"# comment\nname: x\n\ndescription: \"quoted: yes\"\nauthor: 'single'\nsource_url: https://x.org/a#b", true},
		{"name: x\ntags:\naliases: []\ncompanions: [\"a, b\", 'c', d e, 多序列比对]\nmin_version: 1.10", true},
		{"name: x\nkeywords:\n  a: [b, c]\n\n  d-e: []\ncategory: y", true},
		{"name: x\nkeywords:\ncategory: y", true},
		{"name: x\ndescription:", true},
		{"name: x\nverified: false", true},
		{"name: x\nverified: true", true},
		{"name: x\nverified: False", false}, // other spellings go to yaml.v3
		{"name: x\nverified: [a]", false},
	}
	for _, c := range cases {
		fast := &Skill{}
		_, ok := fastFrontMatter(strings.Split(c.text, "\n"), fast)
		if ok != c.fast {
			t.Errorf("%q: fast path took it: %v, want %v", c.text, ok, c.fast)
			continue
		}
		if !ok {
			continue
		}
		p := &parser{path: "f.md", sk: &Skill{}}
		if err := p.slowFrontMatter(c.text, 1, 1); err != nil {
			t.Errorf("%q: yaml.v3: %v", c.text, err)
		} else if !reflect.DeepEqual(p.sk, fast) {
			t.Errorf("%q:\nfast %#v\nslow %#v", c.text, fast, p.sk)
		}
	}
}
