package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rustSkill is a skill in the Rust oxo-call format: only the original
// front-matter keys, quotes optional.
const rustSkill = "---\nname: filt\ncategory: qc\ndescription: filters records\ntags: [filter, qc]\nauthor: someone\nsource_url: \"https://example.org/filt\"\n---\n" +
	"## Concepts\n- filt keeps records above a quality\n## Pitfalls\n- output goes to stdout without -o\n## Examples\n" +
	"### keep records above quality 30\n**Args:** `-q 30 -o kept.txt reads.txt`\n**Explanation:** -q sets the quality\n"

func TestSkillInstallFileDirURL(t *testing.T) {
	f := filtEnv(t)
	data := filepath.Join(f.env["XDG_DATA_HOME"], "oxo-call", "skills")
	src := f.write(filepath.Join(f.root, "in", "filt.md"), rustSkill)
	out, errOut, code := f.run("skill", "install", src)
	if code != 0 || !strings.Contains(out, "installed filt → "+filepath.Join(data, "filt.md")+" (1 examples: 1 ok, 0 failed, 0 unchecked, 0 not checked: tool not installed)") {
		t.Fatalf("file: %d\n%s\n%s", code, out, errOut)
	}
	if f.read(filepath.Join(data, "filt.md")) != rustSkill {
		t.Fatal("the file was not copied as is")
	}
	// The installed skill is used: skill list shows it from the data dir.
	if out, _, _ := f.run("skill", "list"); !hasRow(out, "filt qc 1 yes "+filepath.Join(data, "filt.md")) {
		t.Fatalf("list:\n%s", out)
	}
	// Never replaced without --force.
	f.write(filepath.Join(data, "filt.md"), "edited")
	_, errOut, code = f.run("skill", "install", src)
	if code != ExitChecksFailed || !strings.Contains(errOut, "refused "+src+": "+filepath.Join(data, "filt.md")+" exists; not overwriting it (use --force)") || f.read(filepath.Join(data, "filt.md")) != "edited" {
		t.Fatalf("overwrite: %d %s", code, errOut)
	}
	if _, _, code := f.run("skill", "install", "--force", src); code != 0 || f.read(filepath.Join(data, "filt.md")) != rustSkill {
		t.Fatalf("--force: %d", code)
	}
	// A directory: every *.md in it; one fails verification and is refused
	// with the flag named, the other is installed.
	dir := filepath.Join(f.root, "many")
	f.write(filepath.Join(dir, "a.md"), strings.Replace(rustSkill, "name: filt", "name: filtb", 1))
	bad := f.write(filepath.Join(dir, "b.md"), strings.Replace(strings.Replace(rustSkill, "name: filt", "name: filtc", 1), "-q 30", "--turbo -q 30", 1))
	f.tool("filtb", filtScript)
	f.tool("filtc", filtScript)
	f.write(filepath.Join(dir, "notes.txt"), "not a skill")
	out, errOut, code = f.run("skill", "install", dir)
	if code != ExitChecksFailed || !strings.Contains(out, "installed filtb") || !strings.Contains(out, "1 skills installed into "+data+", 1 refused") ||
		!strings.Contains(errOut, "refused "+bad+": 1 examples fail verification (install anyway with --force):\n  line 14, example \"keep records above quality 30\": unknown flag --turbo") {
		t.Fatalf("dir: %d\n%s\n%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(data, "filtc.md")); err == nil {
		t.Fatal("the failing skill was installed")
	}
	if _, _, code := f.run("skill", "install", "--force", bad); code != 0 {
		t.Fatalf("--force bad: %d", code)
	}
	// A URL (a local test server).
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/skills/filtd.md":
			w.Write([]byte(strings.Replace(rustSkill, "name: filt", "name: filtd", 1)))
		case "/skills/broken.md":
			w.Write([]byte("---\nname: [\n---\n"))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	if out, errOut, code := f.run("skill", "install", srv.URL+"/skills/filtd.md"); code != 0 || !strings.Contains(out, "installed filtd") {
		t.Fatalf("url: %d %s %s", code, out, errOut)
	}
	if _, errOut, code := f.run("skill", "install", srv.URL+"/skills/broken.md"); code != ExitChecksFailed || !strings.Contains(errOut, "refused "+srv.URL+"/skills/broken.md: "+srv.URL+"/skills/broken.md:3: YAML syntax error") {
		t.Fatalf("broken url: %d %s", code, errOut)
	}
	if _, errOut, code := f.run("skill", "install", srv.URL+"/nope.md"); code != ExitError || !strings.Contains(errOut, "404") {
		t.Fatalf("404: %d %s", code, errOut)
	}
	// Bad arguments.
	empty := filepath.Join(f.root, "empty")
	os.MkdirAll(empty, 0o755)
	for args, want := range map[string]string{
		"":                                 "expected a skill file",
		filepath.Join(f.root, "nosuch.md"): "no such file",
		empty:                              "holds no *.md skill files",
		"--captures " + empty + " " + src:  "holds no */capture.txtar",
	} {
		if _, errOut, code := f.run(append([]string{"skill", "install"}, strings.Fields(args)...)...); code == 0 || !strings.Contains(errOut, want) {
			t.Errorf("%q: %d %s", args, code, errOut)
		}
	}
	slash := f.write(filepath.Join(f.root, "slash.md"), strings.Replace(rustSkill, "name: filt", "name: ../x", 1))
	if _, errOut, code := f.run("skill", "install", slash); code != ExitChecksFailed || !strings.Contains(errOut, `name "../x" cannot be a file name`) {
		t.Errorf("slash: %d %s", code, errOut)
	}
}

func TestSkillRemove(t *testing.T) {
	f := filtEnv(t)
	data := filepath.Join(f.env["XDG_DATA_HOME"], "oxo-call", "skills")
	f.write(filepath.Join(data, "filt.md"), rustSkill)
	out, _, code := f.run("skill", "remove", "filt")
	if code != 0 || out != "removed "+filepath.Join(data, "filt.md")+"\n" {
		t.Fatalf("%d %s", code, out)
	}
	if _, errOut, code := f.run("skill", "rm", "filt"); code != ExitError || !strings.Contains(errOut, "built-in skills cannot be removed") {
		t.Fatalf("again: %d %s", code, errOut)
	}
	mine := f.write(filepath.Join(f.userSkillsDir(), "mine.md"), rustSkill)
	if _, errOut, code := f.run("skill", "remove", "mine"); code != ExitError || !strings.Contains(errOut, mine+" is your own file") || f.read(mine) != rustSkill {
		t.Fatalf("user file: %d %s", code, errOut)
	}
	if _, _, code := f.run("skill", "remove"); code != ExitUsage {
		t.Fatalf("no name: %d", code)
	}
}
