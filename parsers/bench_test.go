package parsers

import (
	"strings"
	"testing"
)

// benchTexts names, per parser, real help texts in that parser's style;
// they are joined and cut at a line end to about 10 KB.
var benchTexts = map[string][]string{
	"argparse": {"cutadapt"},
	"clap":     {"fdfind"},
	"click":    {"multiqc", "multiqc_plain"},
	"cobra":    {"seqkit", "seqkit_seq", "seqkit_grep"},
	"envopt":   {"exonerate"},
	"generic":  {"blastn"},
	"getopt":   {"hisat2", "bwa_mem"},
	"goflag":   {"go_compile", "go_link", "gofmt", "go_compile"},
}

// benchSize is the size of each benchmark text.
const benchSize = 10 << 10

// benchText builds the benchmark text for a parser.
func benchText(b *testing.B, parser string) string {
	var sb strings.Builder
	for _, f := range benchTexts[parser] {
		sb.WriteString(load(b, f))
		sb.WriteString("\n")
	}
	text := sb.String()
	if len(text) < benchSize {
		b.Fatalf("%s: only %d bytes of text", parser, len(text))
	}
	return text[:strings.LastIndexByte(text[:benchSize], '\n')+1]
}

// BenchmarkParse parses about 10 KB of help with each parser.
func BenchmarkParse(b *testing.B) {
	for _, p := range All() {
		text := benchText(b, p.Name())
		b.Run(p.Name(), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := p.Parse(text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkExtractSubcommands lists the 39 commands of a grouped listing.
func BenchmarkExtractSubcommands(b *testing.B) {
	help := load(b, "samtools")
	m := ListMethod{Kind: "section", Headings: []string{"Commands"}}
	for b.Loop() {
		if _, err := ExtractSubcommands(help, m); err != nil {
			b.Fatal(err)
		}
	}
}
