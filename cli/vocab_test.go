package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/task"
)

// Users extend the word classes and file kinds from their rules directory;
// a broken entry is a warning naming its file, line and rule id.
func TestUserLexiconAndFileKinds(t *testing.T) {
	t.Cleanup(func() { task.UseVocab(nil) })
	cfg := t.TempDir()
	dir := filepath.Join(cfg, "oxo-call", "rules")
	os.MkdirAll(filepath.Join(dir, "lexicon"), 0o755)
	os.MkdirAll(filepath.Join(dir, "file_kinds"), 0o755)
	os.WriteFile(filepath.Join(dir, "file_kinds", "lab.yaml"), []byte("- id: file_kinds.lab_reads\n  then: {kind: fastq, extensions: [rds]}\n  tests:\n    - { given: { name: s1.rds }, fires: true }\n    - { given: { name: s1.rd }, fires: false }\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "lexicon", "de.yaml"), []byte("- id: lexicon.output_marker.de\n  then: {class: output_marker, lang: en, words: [nach]}\n- id: lexicon.broken\n  then: {class: output_marker, lang: de, words: [x]}\n"), 0o644)
	out, errOut, code := runCLI(t, map[string]string{"XDG_CONFIG_HOME": cfg}, "rules", "test", "--kind", "file_kinds")
	if code != ExitOK || !strings.Contains(out, " passed, 0 failed") {
		t.Fatalf("code=%d out=%s err=%s", code, out, errOut)
	}
	if !strings.Contains(errOut, filepath.Join(dir, "lexicon", "de.yaml")+`:4: rule lexicon.broken: then.lang "de" is not one of en, zh`) {
		t.Fatalf("err=%s", errOut)
	}
	if task.FileType("s1.rds.gz") != "fastq" {
		t.Error("the user's extension is a FASTQ")
	}
	if fr := task.Parse("convert s1.rds nach out.rds"); len(fr.Files) != 2 || !fr.Files[1].Output {
		t.Errorf("the user's output word marks out.rds as an output: %+v", fr.Files)
	}
	// A data entry has no when.
	out, _, _ = runCLI(t, nil, "rules", "show", "lexicon.toward.zh")
	if !strings.Contains(out, "when:        (none: a data entry fires for what its then lists)\nreads:       -\n") || !strings.Contains(out, `"suffixes":["到"]`) {
		t.Fatalf("rules show: %s", out)
	}
	if task.FileType("s1.rds") == "fastq" {
		t.Error("a run without the user's rules has the built-in kinds only")
	}
}
