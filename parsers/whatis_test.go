package parsers

import "testing"

func TestWhatis(t *testing.T) {
	for _, c := range []struct{ text, name, want string }{
		{"bgzip (1)            - Block compression/decompression utility\n", "bgzip", "Block compression/decompression utility"},
		// A library page of the same name comes first: the command's line is read.
		{"sort (3perl)         - perl pragma to control sort() behaviour\nsort (1)             - sort lines of text files\n", "sort", "sort lines of text files"},
		{"geecee (1e)          - Calculate fractional GC content of nucleic acid sequences\n", "geecee", "Calculate fractional GC content of nucleic acid sequences"},
		{"stat (2)             - get file status\nstat (3type)         - file status\n", "stat", ""},
		{"mytool: nothing appropriate.\n", "mytool", ""},
		// Another program's line is not this one's.
		{"bowtie2-build (1)    - index builder\n", "bowtie2", ""},
		{"", "x", ""},
		{"SURVIVOR (1)         - <short_description>\n", "SURVIVOR", ""},
	} {
		if got := Whatis(c.text, c.name); got != c.want {
			t.Errorf("Whatis(%q, %q) = %q, want %q", c.text, c.name, got, c.want)
		}
	}
}
