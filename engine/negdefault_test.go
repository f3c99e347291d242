package engine

import (
	"strings"
	"testing"
)

// TestNegatedDefault checks that a task negating the name of a switch on
// by default ("-[no]left [Y] Trim at the start") gets its off spelling,
// in English and in a Chinese clause that says what is not wanted (a
// gloss in parentheses inside it), and that a task negating nothing, or
// naming a stop word ("number" of -[no]number), gets none.
func TestNegatedDefault(t *testing.T) {
	rec, doc := helpDoc(t, "trimseq", "trimseq")
	for _, c := range []struct{ task, want, not string }{
		{"trim the Ns only from the right end of each sequence in est_raw.fa, do not trim the left end, output est_trim.fa", "-noleft", "-noright"},
		{"只去掉 est_raw.fa 里每条序列末尾（右端）的 N，开头（左端）不要动，输出 est_trim.fa", "-noleft", "-noright"},
		{"trim the N runs off both ends of the scaffolds in scaffolds.fa -> scaffolds_trimmed.fa", "", "-no"},
	} {
		f := MapTask(builtinRules, rec, doc, nil, c.task)
		got := Assemble(rec, f).Display
		if c.want != "" && !strings.Contains(got, c.want) || strings.Contains(got, c.not) {
			t.Errorf("%s: %s\n%s", c.task, got, strings.Join(f.Evidence, "\n"))
		}
	}
	rec, doc = helpDoc(t, "sixpack", "sixpack")
	f := MapTask(builtinRules, rec, doc, nil, "Six-frame translation of plasmid.fa. Put the display in plasmid.sixpack and write ORFs of at least 50 aa to plasmid_orfs.fa")
	if got := Assemble(rec, f).Display; strings.Contains(got, "-no") {
		t.Errorf("nothing negated: %s", got)
	}
}

// TestOffSpelling checks which alias turns a negatable switch off.
func TestOffSpelling(t *testing.T) {
	for _, c := range []struct {
		fd   FlagDoc
		want string
	}{
		{FlagDoc{Name: "-left", Aliases: []string{"-noleft"}}, "-noleft"},
		{FlagDoc{Name: "--simplify", Aliases: []string{"--no-simplify"}}, "--no-simplify"},
		{FlagDoc{Name: "--gzip", Aliases: []string{"--no_gzip"}}, "--no_gzip"},
		{FlagDoc{Name: "--left", Aliases: []string{"-noleft"}}, ""},
		{FlagDoc{Name: "--normalize", Aliases: []string{"-n"}}, ""},
		{FlagDoc{Name: "--nodes", Aliases: []string{"--nonodes"}}, ""},
		{FlagDoc{Name: "-x"}, ""},
	} {
		if got := offSpelling(c.fd); got != c.want {
			t.Errorf("offSpelling(%s) = %q, want %q", c.fd.Name, got, c.want)
		}
	}
}

// TestChineseStartLeft checks the Chinese senses of start and left: "以 M
// 开头的 ORF" asks for sixpack's -mstart ("Displays only ORFs starting
// with an M"); without 开头 among the words for start it asked nothing.
func TestChineseStartLeft(t *testing.T) {
	rec, doc := helpDoc(t, "sixpack", "sixpack")
	f := MapTask(builtinRules, rec, doc, nil, "用细菌遗传密码表（table 11）给 contig12.fa 做六框翻译，只要以 M 开头的 ORF；翻译结果写到 contig12.sixpack，ORF 序列写到 contig12_orfs.fa")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-mstart") || !strings.Contains(got, "-table 11") {
		t.Errorf("mstart: %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
