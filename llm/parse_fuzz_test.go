package llm

import (
	"testing"
)

// FuzzParseFill checks that no reply makes ParseFill panic and that an
// accepted fill only ever holds the form's real flags, subcommands and
// executables.
func FuzzParseFill(f *testing.F) {
	seeds := []string{
		goodFill,
		"```json\n" + goodFill + "\n```",
		"Sure: " + goodFill + " done",
		`{"subcommand":"sort","flags":[{"name":"-n"`,
		`{"flags":[{"name":"--turbo","value":""}]}`,
		`{"flags":[{"name":"-@","value":4},{"name":"-n","value":false}],"positionals":[1,null,"-"],"explanation":true}`,
		`{"positionals":["-o out.bam","|"]}`,
		`{"extra":1}`,
		`{"flags":[{"name":"--threads=2","value":""}]}`,
		"ARGS: sort -n -@ 4 -o out.bam in.bam\nEXPLANATION: sorts",
		"**ARGS:** `samtools sort --threads=4 -o 'my out.bam' in.bam`",
		"ARGS: sort -@4 -- in.bam '>' \"a\\\"b\"",
		"ARGS: sort in.bam > out.bam",
		"ARGS: sort -o 'unterminated",
		"{{{{{{{{",
		"",
		"ARGS:",
		"args: -",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	form := samForm()
	canonical := map[string]bool{}
	for _, fl := range form.Flags {
		canonical[fl.Name] = true
	}
	f.Fuzz(func(t *testing.T, text string) {
		fill, err := ParseFill(text, form)
		if err != nil {
			return
		}
		if fill.Executable != "samtools" {
			t.Fatalf("executable %q", fill.Executable)
		}
		if !contains(form.Subcommands, fill.Subcommand) {
			t.Fatalf("subcommand %q", fill.Subcommand)
		}
		for _, fv := range fill.Flags {
			if !canonical[fv.Name] {
				t.Fatalf("flag %q is not a canonical form flag", fv.Name)
			}
		}
		for _, p := range fill.Positionals {
			if looksLikeFlag(p) {
				t.Fatalf("flag-like positional %q", p)
			}
		}
	})
}
