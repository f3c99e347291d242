package engine

import "testing"

// A flag is written by its short alias, one dash against two, though the
// alias is more than a letter (deeptools' "--corData FILE, -in FILE");
// a name of one dash stays when its alias is no shorter.
func TestSpellingPrefersTheOneDashAlias(t *testing.T) {
	for _, c := range []struct {
		fd   FlagDoc
		want string
	}{
		{FlagDoc{Name: "--corData", Aliases: []string{"-in"}}, "-in"},
		{FlagDoc{Name: "--plotFile", Aliases: []string{"-o"}}, "-o"},
		{FlagDoc{Name: "--binSize", Aliases: []string{"-bs", "-b"}}, "-b"},
		{FlagDoc{Name: "--threads"}, "--threads"},
		{FlagDoc{Name: "-threads", Aliases: []string{"-t"}}, "-t"},
		{FlagDoc{Name: "-in", Aliases: []string{"--input"}}, "-in"},
		{FlagDoc{Name: "-i", Aliases: []string{"-in"}}, "-i"},
	} {
		if got := spelling(c.fd); got != c.want {
			t.Errorf("spelling(%s %v) = %s, want %s", c.fd.Name, c.fd.Aliases, got, c.want)
		}
	}
}
