package engine

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/traitome/oxo-call/internal/safefile"
)

// PackageSource finds the package that installed a program, and the files
// that package ships (Stage 1 takes the programs among them as companion
// candidates: hmmsearch's package ships hmmpress and hmmbuild).
type PackageSource interface {
	// Package returns the package that ships the file at path; ok is
	// false when this source has no record of it.
	Package(path string) (pkg Package, ok bool)
}

// Package is one installed package: its name, the source that knows it
// ("dpkg", "conda") and the absolute paths of its files.
type Package struct {
	Name, Source string
	Files        []string
}

// SystemPackages are the package sources of this machine: the conda
// environment a program sits in, then Debian's dpkg database.
func SystemPackages() []PackageSource {
	return []PackageSource{CondaSource{}, DpkgSource{InfoDir: "/var/lib/dpkg/info"}}
}

// maxListBytes caps one package file list read (the largest Debian list,
// of a kernel image, is about 1 MB; conda records of big packages 10 MB).
const maxListBytes = 32 << 20

// DpkgSource reads Debian's per-package file lists (<InfoDir>/<pkg>.list,
// one path a line). It reads the files rather than running dpkg -S, and
// tries the lists whose package name shares most with the program's name
// first (blastn → ncbi-blast+), so a lookup usually opens a handful of
// files instead of all of them.
type DpkgSource struct{ InfoDir string }

// Package implements PackageSource.
func (d DpkgSource) Package(path string) (Package, bool) {
	lists, err := filepath.Glob(filepath.Join(d.InfoDir, "*.list"))
	if err != nil || len(lists) == 0 {
		return Package{}, false
	}
	base := filepath.Base(path)
	rankByName(lists, base, func(p string) string { return strings.TrimSuffix(filepath.Base(p), ".list") })
	needles := [][]byte{}
	for _, p := range pathSpellings(path) {
		needles = append(needles, []byte("\n"+p+"\n"))
	}
	for _, l := range lists {
		b, err := safefile.ReadFile(l, maxListBytes)
		if err != nil {
			continue
		}
		b = append(append([]byte{'\n'}, b...), '\n')
		for _, n := range needles {
			if bytes.Contains(b, n) {
				name, _, _ := strings.Cut(strings.TrimSuffix(filepath.Base(l), ".list"), ":")
				var files []string
				for line := range strings.Lines(string(b)) {
					if f := strings.TrimSpace(line); strings.HasPrefix(f, "/") {
						files = append(files, f)
					}
				}
				return Package{Name: name, Source: "dpkg", Files: files}, true
			}
		}
	}
	return Package{}, false
}

// pathSpellings are the ways a package list may spell path: as found, and
// across the merged /usr (a list says /bin/ls, PATH finds /usr/bin/ls).
func pathSpellings(path string) []string {
	out := []string{path}
	if rest, ok := strings.CutPrefix(path, "/usr/"); ok {
		out = append(out, "/"+rest)
	} else {
		out = append(out, "/usr"+path)
	}
	return out
}

// CondaSource finds the conda environment a program sits in (<env>/bin
// with <env>/conda-meta beside it) and reads the package records there:
// each conda-meta/*.json lists its package's files relative to <env>.
type CondaSource struct{}

// Package implements PackageSource.
func (CondaSource) Package(path string) (Package, bool) {
	for _, p := range []string{path, realPath(path)} {
		if pkg, ok := condaPackage(p); ok {
			return pkg, true
		}
	}
	return Package{}, false
}

func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

func condaPackage(path string) (Package, bool) {
	bin := filepath.Dir(path)
	env := filepath.Dir(bin)
	meta := filepath.Join(env, "conda-meta")
	if st, err := os.Stat(meta); err != nil || !st.IsDir() {
		return Package{}, false
	}
	recs, _ := filepath.Glob(filepath.Join(meta, "*.json"))
	rel := filepath.ToSlash(filepath.Join(filepath.Base(bin), filepath.Base(path)))
	needle := []byte(`"` + rel + `"`)
	rankByName(recs, filepath.Base(path), func(p string) string { return filepath.Base(p) })
	for _, r := range recs {
		b, err := safefile.ReadFile(r, maxListBytes)
		if err != nil || !bytes.Contains(b, needle) {
			continue
		}
		var rec struct {
			Name  string   `json:"name"`
			Files []string `json:"files"`
		}
		if json.Unmarshal(b, &rec) != nil || !contains(rec.Files, rel) {
			continue
		}
		files := make([]string, 0, len(rec.Files))
		for _, f := range rec.Files {
			files = append(files, filepath.Join(env, filepath.FromSlash(f)))
		}
		return Package{Name: rec.Name, Source: "conda", Files: files}, true
	}
	return Package{}, false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// rankByName orders items so those whose name (by name()) shares the
// longest run of characters with the program's name come first; ties keep
// their order. A lookup that stops at the first hit then opens few files.
func rankByName(items []string, program string, name func(string) string) {
	lp := strings.ToLower(program)
	score := make(map[string]int, len(items))
	for _, it := range items {
		score[it] = commonRun(strings.ToLower(name(it)), lp)
	}
	sort.SliceStable(items, func(i, j int) bool { return score[items[i]] > score[items[j]] })
}

// commonRun is the length of the longest common substring of a and b.
func commonRun(a, b string) int {
	best := 0
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				cur[j] = prev[j-1] + 1
				best = max(best, cur[j])
			} else {
				cur[j] = 0
			}
		}
		prev, cur = cur, prev
	}
	return best
}
