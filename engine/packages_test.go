package engine

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fakeDpkg writes a dpkg info directory whose lists say which package ships
// which programs of bin (plus the directories and docs real lists hold).
func fakeDpkg(t *testing.T, bin string, pkgs map[string][]string) string {
	t.Helper()
	info := t.TempDir()
	for pkg, progs := range pkgs {
		var b strings.Builder
		fmt.Fprintf(&b, "/.\n/usr\n%s\n", bin)
		for _, p := range progs {
			fmt.Fprintf(&b, "%s/%s\n", bin, p)
		}
		fmt.Fprintf(&b, "/usr/share/doc/%s\n/usr/share/doc/%s/copyright\n", pkg, pkg)
		if err := os.WriteFile(filepath.Join(info, pkg+".list"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return info
}

func TestDpkgSourceFindsThePackageThatShipsAPath(t *testing.T) {
	bin := t.TempDir()
	info := fakeDpkg(t, bin, map[string][]string{
		"hmmer":       {"hmmsearch", "hmmpress", "hmmbuild"},
		"tabix":       {"tabix", "bgzip", "htsfile"},
		"ncbi-blast+": {"blastn", "makeblastdb"},
	})
	// A multi-arch list name carries the architecture.
	os.WriteFile(filepath.Join(info, "libhts3:amd64.list"), []byte("/.\n"+bin+"/libhts.so.3\n"), 0o644)
	// A list that is not a regular file is skipped, not read.
	os.Mkdir(filepath.Join(info, "broken.list"), 0o755)
	d := DpkgSource{InfoDir: info}
	pkg, ok := d.Package(filepath.Join(bin, "hmmsearch"))
	if !ok || pkg.Name != "hmmer" || pkg.Source != "dpkg" || !slices.Contains(pkg.Files, filepath.Join(bin, "hmmpress")) || slices.Contains(pkg.Files, filepath.Join(bin, "bgzip")) {
		t.Fatalf("hmmsearch: %+v %v", pkg, ok)
	}
	if pkg, ok := d.Package(filepath.Join(bin, "libhts.so.3")); !ok || pkg.Name != "libhts3" {
		t.Errorf("multi-arch list: %+v %v", pkg, ok)
	}
	// A path that is a prefix of a listed one is not that file.
	if _, ok := d.Package(filepath.Join(bin, "hmm")); ok {
		t.Error("a partial path matched")
	}
	if _, ok := d.Package(filepath.Join(bin, "samtools")); ok {
		t.Error("an unlisted program has a package")
	}
	if _, ok := (DpkgSource{InfoDir: filepath.Join(info, "missing")}).Package(filepath.Join(bin, "hmmsearch")); ok {
		t.Error("no info dir, yet a package")
	}
}

func TestPathSpellingsCrossTheMergedUsr(t *testing.T) {
	if got := pathSpellings("/usr/bin/ls"); !slices.Equal(got, []string{"/usr/bin/ls", "/bin/ls"}) {
		t.Errorf("got %v", got)
	}
	if got := pathSpellings("/bin/ls"); !slices.Equal(got, []string{"/bin/ls", "/usr/bin/ls"}) {
		t.Errorf("got %v", got)
	}
}

// fakeConda makes a conda environment: programs in <env>/bin and one
// conda-meta record per package listing its files.
func fakeConda(t *testing.T, pkgs map[string][]string) string {
	t.Helper()
	env := filepath.Join(t.TempDir(), "envs", "bio")
	os.MkdirAll(filepath.Join(env, "bin"), 0o755)
	os.MkdirAll(filepath.Join(env, "conda-meta"), 0o755)
	for pkg, progs := range pkgs {
		var files []string
		for _, p := range progs {
			fakeBin(t, filepath.Join(env, "bin"), p, "#!/bin/sh\n", 0o755)
			files = append(files, `"bin/`+p+`"`)
		}
		files = append(files, `"share/doc/`+pkg+`/README"`)
		rec := fmt.Sprintf(`{"name": %q, "version": "1.0", "files": [%s], "paths_data": {"paths": []}}`, pkg, strings.Join(files, ", "))
		os.WriteFile(filepath.Join(env, "conda-meta", pkg+"-1.0-h0.json"), []byte(rec), 0o644)
	}
	// A broken record is skipped.
	os.WriteFile(filepath.Join(env, "conda-meta", "broken-1.0-h0.json"), []byte(`{"files": ["bin/hmmsearch"`), 0o644)
	return env
}

func TestCondaSourceReadsTheEnvironmentRecords(t *testing.T) {
	env := fakeConda(t, map[string][]string{"hmmer": {"hmmsearch", "hmmpress", "hmmbuild"}, "samtools": {"samtools"}})
	pkg, ok := CondaSource{}.Package(filepath.Join(env, "bin", "hmmsearch"))
	if !ok || pkg.Name != "hmmer" || pkg.Source != "conda" || !slices.Contains(pkg.Files, filepath.Join(env, "bin", "hmmpress")) || slices.Contains(pkg.Files, filepath.Join(env, "bin", "samtools")) {
		t.Fatalf("hmmsearch: %+v %v", pkg, ok)
	}
	// Reached through a link from elsewhere, the environment still counts.
	link := filepath.Join(t.TempDir(), "hmmsearch")
	os.Symlink(filepath.Join(env, "bin", "hmmsearch"), link)
	if pkg, ok := (CondaSource{}).Package(link); !ok || pkg.Name != "hmmer" {
		t.Errorf("through a link: %+v %v", pkg, ok)
	}
	// Outside an environment (no conda-meta beside bin/) nothing is known.
	plain := t.TempDir()
	fakeBin(t, plain, "hmmsearch", "#!/bin/sh\n", 0o755)
	if _, ok := (CondaSource{}).Package(filepath.Join(plain, "hmmsearch")); ok {
		t.Error("a package outside any environment")
	}
}

func TestCommonRunAndRankByName(t *testing.T) {
	if commonRun("ncbi-blast+", "blastn") != 5 || commonRun("", "x") != 0 || commonRun("hmmer", "hmmsearch") != 3 {
		t.Error("commonRun")
	}
	items := []string{"coreutils", "hmmer", "ncbi-blast+"}
	rankByName(items, "blastn", func(s string) string { return s })
	if items[0] != "ncbi-blast+" {
		t.Errorf("ranked %v", items)
	}
}

// packageBin makes one bin directory holding the programs of the packages
// the issue names, as Debian ships them, and its dpkg lists.
func packageBin(t *testing.T) (string, string) {
	t.Helper()
	bin := t.TempDir()
	pkgs := map[string][]string{
		"hmmer":       {"hmmsearch", "hmmpress", "hmmbuild", "hmmscan", "jackhmmer"},
		"tabix":       {"tabix", "bgzip", "htsfile"},
		"ncbi-blast+": {"blastn", "blastp", "blastx", "tblastn", "makeblastdb", "blastdbcmd", "blastdbcheck", "blast_formatter", "psiblast", "rpsblast", "deltablast", "dustmasker", "segmasker", "windowmasker", "convert2blastmask", "legacy_blast", "update_blastdb", "blastdb_aliastool", "makeprofiledb", "makembindex", "blastn_vdb"},
		"sra-toolkit": {"sratools", "fasterq-dump", "fastq-dump", "prefetch", "sam-dump", "vdb-dump", "srapath"},
		"hisat2":      {"hisat2", "hisat2-build", "hisat2-build-s", "hisat2-inspect"},
	}
	var sra []string
	for i := range 300 {
		sra = append(sra, fmt.Sprintf("vdb-tool%03d", i))
	}
	pkgs["sra-toolkit"] = append(pkgs["sra-toolkit"], sra...)
	for pkg, progs := range pkgs {
		for _, p := range progs {
			if pkg == "sra-toolkit" && p != "sratools" && !strings.HasPrefix(p, "vdb-tool") {
				// One driver that acts by the name it is called by.
				os.Symlink("sratools", filepath.Join(bin, p))
				continue
			}
			fakeBin(t, bin, p, "#!/bin/sh\necho "+p+" 1.0\n", 0o755)
		}
	}
	return bin, fakeDpkg(t, bin, pkgs)
}

func TestResolveCompanionsByPackage(t *testing.T) {
	bin, info := packageBin(t)
	rv := &Resolver{Rules: builtinRules, PathDirs: []string{bin}, Packages: []PackageSource{CondaSource{}, DpkgSource{InfoDir: info}}}
	complete := func(tool string) (*ToolRecord, *Trace) {
		t.Helper()
		tr := &Trace{}
		rec, err := rv.Resolve(context.Background(), tool, tr)
		if err != nil {
			t.Fatal(err)
		}
		rv.Complete(context.Background(), rec, tr)
		return rec, tr
	}
	cases := map[string][]string{
		"hmmsearch":    {"hmmpress", "hmmbuild", "hmmscan", "jackhmmer"},
		"tabix":        {"bgzip", "htsfile"},
		"bgzip":        {"tabix", "htsfile"},
		"blastn":       {"makeblastdb", "blastdbcmd", "blastp", "tblastn", "blastn_vdb"},
		"fasterq-dump": {"prefetch", "fastq-dump", "sam-dump", "srapath"},
	}
	for tool, want := range cases {
		rec, _ := complete(tool)
		got := companionNames(rec)
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: companions %v lack %s", tool, got, w)
			}
		}
		// Names holding the tool's name are all judged; the others are capped.
		others := 0
		for _, g := range got {
			if !strings.Contains(g, tool) {
				others++
			}
		}
		if others > 16 {
			t.Errorf("%s: %d companions kept beyond the name candidates, past the cap", tool, others)
		}
	}
	// Name rules rank first and keep their own rule; package programs
	// carry the package.
	rec, _ := complete("blastn")
	if rec.CompanionTools[0].Name != "blastn_vdb" || rec.CompanionTools[0].Rule != "companion.underscore_suffix" {
		t.Errorf("first companion = %+v", rec.CompanionTools[0])
	}
	if c, ok := rec.Companion("makeblastdb"); !ok || c.Rule != "companion.same_package" || c.Package != "dpkg:ncbi-blast+" {
		t.Errorf("makeblastdb = %+v", c)
	}
	// Exclusions still apply to a package's programs.
	rec, _ = complete("hisat2")
	if got := companionNames(rec); !slices.Equal(got, []string{"hisat2-build", "hisat2-inspect"}) {
		t.Errorf("hisat2 companions = %v", got)
	}
	// A package of hundreds of programs: the cap holds, the driver's other
	// names come first, and the trace says how many were not judged.
	rec, tr := complete("fasterq-dump")
	if n := len(rec.CompanionTools); n != 16 {
		t.Errorf("fasterq-dump kept %d companions, want the cap 16", n)
	}
	if !strings.Contains(strings.Join(traceTexts(tr), "\n"), "more were not judged (at most 16 beyond the name rules)") {
		t.Errorf("trace: %v", traceTexts(tr))
	}
	if _, ok := rec.Companion("sratools"); ok {
		if i := slices.Index(companionNames(rec), "sratools"); i < 0 || i > 6 {
			t.Errorf("driver rank %d", i)
		}
	}
	// With a smaller cap, fewer are kept.
	rv.MaxPackageCompanions = 3
	rec, _ = complete("hmmsearch")
	if n := len(rec.CompanionTools); n != 3 {
		t.Errorf("cap 3 kept %d", n)
	}
}

func traceTexts(tr *Trace) []string {
	var out []string
	for _, e := range tr.Events() {
		out = append(out, e.What)
	}
	return out
}

func TestResolveCompanionsInTheToolsOwnDirectory(t *testing.T) {
	// An unpacked release: no package knows it; the tool is linked into a
	// PATH directory from its own.
	root := t.TempDir()
	own := filepath.Join(root, "SPAdes-4.0.0-Linux", "bin")
	os.MkdirAll(own, 0o755)
	for _, n := range []string{"spades.py", "metaspades.py", "rnaspades.py", "spades-core"} {
		fakeBin(t, own, n, "#!/bin/sh\necho "+n+" 4.0.0\n", 0o755)
	}
	path := filepath.Join(root, "bin")
	os.MkdirAll(path, 0o755)
	os.Symlink(filepath.Join(own, "spades.py"), filepath.Join(path, "spades.py"))
	fakeBin(t, path, "unrelated", "#!/bin/sh\n", 0o755)
	rv := &Resolver{Rules: builtinRules, PathDirs: []string{path}, Packages: []PackageSource{DpkgSource{InfoDir: t.TempDir()}}}
	rec, _ := rv.Resolve(context.Background(), "spades.py", nil)
	rv.Complete(context.Background(), rec, nil)
	got := companionNames(rec)
	for _, w := range []string{"metaspades.py", "rnaspades.py", "spades-core"} {
		if !slices.Contains(got, w) {
			t.Errorf("companions %v lack %s", got, w)
		}
	}
	if slices.Contains(got, "unrelated") {
		t.Errorf("a program of the PATH directory became a companion: %v", got)
	}
	if c, _ := rec.Companion("metaspades.py"); c.Rule != "companion.own_dir" {
		t.Errorf("metaspades.py rule = %q", c.Rule)
	}
	// The release directory itself on PATH counts (it is named after the
	// tool); a plain PATH directory shared by unrelated tools does not.
	rv.PathDirs = []string{own}
	rec, _ = rv.Resolve(context.Background(), "spades.py", nil)
	rv.Complete(context.Background(), rec, nil)
	if !slices.Contains(companionNames(rec), "metaspades.py") {
		t.Errorf("own dir on PATH: %v", companionNames(rec))
	}
	rec, _ = rv.Resolve(context.Background(), "unrelated", nil)
	rv.PathDirs = []string{path}
	rec, _ = rv.Resolve(context.Background(), "unrelated", nil)
	rv.Complete(context.Background(), rec, nil)
	if got := companionNames(rec); len(got) != 0 {
		t.Errorf("unrelated in a shared PATH dir: %v", got)
	}
	// A directory of more programs than MaxOwnDir is shared, whatever its name.
	rv.PathDirs, rv.MaxOwnDir = []string{path}, 2
	tr := &Trace{}
	rec, _ = rv.Resolve(context.Background(), "spades.py", tr)
	rv.Complete(context.Background(), rec, tr)
	if got := companionNames(rec); len(got) != 0 || !strings.Contains(strings.Join(traceTexts(tr), "\n"), "a shared directory") {
		t.Errorf("big dir: %v %v", got, traceTexts(tr))
	}
}

func TestCompanionProbesFollowTheToolsHelpFlag(t *testing.T) {
	if got := companionProbesAfter([]Probe{{Args: []string{"--help"}, Valid: false}, {Args: []string{"-h"}, Valid: true}}); len(got) != 2 || got[1][0] != "-h" {
		t.Errorf("got %v", got)
	}
	if got := companionProbesAfter([]Probe{{Args: []string{"--help"}, Valid: true}}); len(got) != 1 {
		t.Errorf("got %v", got)
	}
	// The tool's bare call is never repeated on a companion.
	if got := companionProbesAfter([]Probe{{Args: nil, Valid: true}}); len(got) != 1 {
		t.Errorf("got %v", got)
	}
}

// The real packages of this machine: skipped when a tool is absent, unless
// OXO_LIVE=1.
func TestLiveCompanionsByPackage(t *testing.T) {
	cases := map[string][]string{
		"hmmsearch":    {"hmmpress", "hmmbuild"},
		"tabix":        {"bgzip"},
		"bgzip":        {"tabix"},
		"blastn":       {"makeblastdb", "blastdbcmd"},
		"fasterq-dump": {"prefetch"},
		"spades.py":    {"metaspades.py"},
	}
	rv := &Resolver{Rules: builtinRules, PathDirs: strings.Split(os.Getenv("PATH"), ":"), Packages: SystemPackages()}
	for tool, want := range cases {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("OXO_LIVE") == "1" {
				t.Errorf("%s is not installed", tool)
			}
			continue
		}
		rec, err := rv.Resolve(context.Background(), tool, nil)
		if err != nil {
			t.Fatal(err)
		}
		rv.Complete(context.Background(), rec, nil)
		for _, w := range want {
			if _, ok := rec.Companion(w); !ok {
				t.Errorf("%s: companions %v lack %s", tool, companionNames(rec), w)
			}
		}
	}
}

func TestSameAsParentDespiteAComplaint(t *testing.T) {
	listing := "kallisto 0.48.0\n\nUsage: kallisto <CMD> [arguments] ..\n\n    index   Builds\n    quant   Runs\n    bus     Generate\n    merge   Merges\n    cite    Prints\n"
	parent := "Error: invalid command --help\n" + listing
	if !sameAsAny("Error: invalid command help\n"+listing, parent, nil) {
		t.Error("the parent's listing behind another error line is the parent's help")
	}
	if !sameAsAny("x", "y", []string{" x\n"}) {
		t.Error("an ancestor's help, equal")
	}
	own := "kallisto 0.48.0\nBuilds a kallisto index\n\nUsage: kallisto index [arguments] FASTA-files\n-i, --index=STRING  index\n-k INT  k-mer\n"
	if sameAsAny(own, parent, nil) {
		t.Error("a subcommand's own usage is not the parent's")
	}
	// Short texts need more lines in common than one differing line.
	if sameAsAny("usage: a\n-x\n", "usage: a\n-y\n", nil) {
		t.Error("two short helps that differ are not the same")
	}
}
