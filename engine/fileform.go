package engine

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// A value or switch the example set says what form its file takes ("z:
// compressed VCF", "-z: filter the archive through gzip"). When the
// task's own file has another form (split.vcf is uncompressed VCF,
// refs.tar.bz2 is bzip2), the value or switch that fits the task's file
// takes its place; the flag leaves when that is the tool's default.

// fileForm is a file's bare extension ("vcf" for calls.vcf.gz) and
// whether it is compressed: by a compression suffix, or by its kind
// (lexicon class self_compressed: bam, bcf, cram).
func fileForm(path string) (ext string, compressed bool) {
	z, base := task.V().Compression(strings.ToLower(path))
	ext = strings.TrimPrefix(filepath.Ext(base), ".")
	return ext, z != "" || task.V().Word("self_compressed", ext)
}

// outputForm is the form of the task's outputs when they share one.
func outputForm(outs []FileSlot) (ext string, compressed, ok bool) {
	for i, o := range outs {
		e, c := fileForm(o.Path)
		if e == "" || i > 0 && (e != ext || c != compressed) {
			return "", false, false
		}
		ext, compressed = e, c
	}
	return ext, compressed, ext != ""
}

// formClaim reads what a value's meaning says of its file: the kinds it
// names ("BCF") and whether it says compressed (1) or uncompressed (-1).
func formClaim(words string) (kinds []string, claim int) {
	for _, w := range valueRE.FindAllString(strings.ToLower(words), -1) {
		switch {
		case task.V().Word("uncompressed_word", w):
			claim = -1
		case task.V().Word("compressed_word", w) && claim == 0:
			claim = 1
		case isKindName(w):
			kinds = append(kinds, w)
		}
	}
	return kinds, claim
}

// formFits tells whether a value's meaning fits a file of the form (ext,
// compressed): it names that kind, and no other kind or another
// compression (fits); or it names another kind or compression
// (contradicts). A meaning that names no kind says nothing.
func formFits(words, ext string, compressed bool) (fits, contradicts bool) {
	kinds, claim := formClaim(words)
	if len(kinds) == 0 {
		return false, false
	}
	own := false
	for _, k := range kinds {
		own = own || k == ext
	}
	contradicts = !own || claim == 1 && !compressed || claim == -1 && compressed
	return !contradicts, contradicts
}

// formValue returns, for an example flag whose listed value names a file
// form the task's outputs do not have, the one listed value that names
// theirs; ok is false when the example's value fits or says nothing, or
// no single value fits. isDefault: that value is the flag's default.
func (m *mapper) formValue(a *adaptation, t exToken) (value, why string, isDefault, ok bool) {
	if !t.hasValue || t.doc == nil || len(a.taskOut) == 0 {
		return "", "", false, false
	}
	ext, compressed, ok := outputForm(a.taskOut)
	if !ok {
		return "", "", false, false
	}
	pairs := choicePairs(*t.doc)
	cur := -1
	for i, p := range pairs {
		if p.value == t.value {
			cur = i
		}
	}
	if cur < 0 {
		return "", "", false, false
	}
	if _, contra := formFits(pairs[cur].words, ext, compressed); !contra {
		return "", "", false, false
	}
	// The example's value followed the example's own output ("-O z -o
	// norm.vcf.gz"): a value that did not says what it says of
	// something else (an input's format).
	exExt, exCompressed, ok := outputForm(exampleOutputs(a))
	if !ok {
		return "", "", false, false
	}
	if f, _ := formFits(pairs[cur].words, exExt, exCompressed); !f {
		return "", "", false, false
	}
	var fit []choicePair
	for _, p := range pairs {
		if f, _ := formFits(p.words, ext, compressed); f {
			fit = append(fit, p)
		}
	}
	if len(fit) != 1 {
		return "", "", false, false
	}
	form := "uncompressed"
	if compressed {
		form = "compressed"
	}
	why = fmt.Sprintf("the help lists %s for %s, and the task's %s is %s %s; %s is %s", t.value, strings.TrimSpace(pairs[cur].words), a.taskOut[0].Path, form, ext, fit[0].value, strings.TrimSpace(fit[0].words))
	return fit[0].value, why, isDefaultPair(fit[0], defaultValue(*t.doc)), true
}

// formAsked reports an example value whose meaning names the form of the
// task's outputs as it named the example's ("z: compressed VCF" for the
// example's out.vcf.gz and the task's p.vcf.gz): the task's file asks for
// it. The default is not asked for.
func (m *mapper) formAsked(a *adaptation, t exToken) bool {
	if !t.hasValue || t.doc == nil {
		return false
	}
	ext, compressed, ok := outputForm(a.taskOut)
	if !ok {
		return false
	}
	exExt, exCompressed, ok := outputForm(exampleOutputs(a))
	if !ok {
		return false
	}
	for _, p := range choicePairs(*t.doc) {
		if p.value != t.value || isDefaultPair(p, defaultValue(*t.doc)) {
			continue
		}
		f, _ := formFits(p.words, ext, compressed)
		g, _ := formFits(p.words, exExt, exCompressed)
		return f && g
	}
	return false
}

// exampleOutputs are the files the example writes: the values of its
// output flags and its redirection.
func exampleOutputs(a *adaptation) []FileSlot {
	var out []FileSlot
	for _, t := range a.toks {
		if !t.pos && t.hasValue && isOutputFlag(t) && FileType(t.value) != "" {
			out = append(out, FileSlot{Path: t.value})
		}
	}
	if a.stdout != "" && FileType(a.stdout) != "" {
		out = append(out, FileSlot{Path: a.stdout})
	}
	return out
}

// isDefaultPair reports a listed value that is the flag's default, by its
// value or one of its names ("a2m=fa[sta]" when the default is fasta).
func isDefaultPair(p choicePair, def string) bool {
	if def == "" {
		return false
	}
	if strings.EqualFold(p.value, def) {
		return true
	}
	for _, w := range strings.Fields(braceWords(p)) {
		if strings.EqualFold(w, def) {
			return true
		}
	}
	return false
}

// compressionOf is the compression the task's files share ("bz2" for
// refs.tar.bz2), "" when none is compressed or they differ.
func (m *mapper) compressionOf() string {
	z := ""
	for _, fs := range m.slots.Files {
		c, _ := task.V().Compression(strings.ToLower(fs.Path))
		if c == "" {
			continue
		}
		if z != "" && c != z {
			return ""
		}
		z = c
	}
	return z
}

// reviseCompressionFlags is the pass that moves a task file from a flag
// whose help names a compression the file lacks, or lacks the one it has,
// to the flag the two helps link ("--gzvcf  … in place of the --vcf
// option to read compressed (gzipped) VCF files") whose help names the
// file's compression, or none for a plain file: an example's --gzvcf
// calls.vcf.gz adapted to the task's snps.vcf reads it through --vcf.
// The flag for the compressed form must hold the suffix in its name. One
// such flag must fit; the move is recorded.
func (m *mapper) reviseCompressionFlags(f *Fill, c *candidate) {
	for i := range f.Flags {
		fv := &f.Flags[i]
		cur, ok := LookupFlag(c.flags, fv.Name)
		if !ok || !fv.HasValue || !knownExt(fv.Value) || !m.taskInput(fv.Value) && !m.taskOutput(fv.Value) {
			continue
		}
		z, _ := task.V().Compression(strings.ToLower(fv.Value))
		curZ := compressionNamed(cur.Description)
		if curZ == z || curZ != "" && !nameHolds(cur, curZ) {
			// (a help that only accepts a compressed file as well, its
			// name silent, reads a plain one too: featureCounts -a)
			continue
		}
		var found []FlagDoc
		for _, g := range c.flags {
			if g.Name == "" || g.Name == cur.Name || g.ParamType != cur.ParamType || slices.ContainsFunc(f.Flags, func(x FlagValue) bool { return sameDoc(g, x.Name) }) {
				continue
			}
			// (the link last: it reads every flag's help and name)
			if compressionNamed(g.Description) != z || z != "" && !nameHolds(g, z) || otherKind(g, fv.Value) != "" || !linkedForms(c.flags, cur, g, curZ, z) {
				continue
			}
			found = append(found, g)
		}
		if len(found) != 1 {
			continue
		}
		g := found[0]
		name := spelling(g)
		why := fmt.Sprintf("the file is %s-compressed, as %s's help says", z, name)
		if z == "" {
			why = fmt.Sprintf("the file is not compressed, and %s's help names a compression", fv.Name)
		}
		verb, role := "read", "input"
		if m.taskOutput(fv.Value) {
			verb, role = "wrote", "output"
		}
		m.evidence = append(m.evidence, fmt.Sprintf("%s %s through %s, not %s: %s", verb, fv.Value, name, fv.Name, why))
		fv.Name, fv.Style = name, kvStyle(g)
		fv.Why = "the task's " + role + " " + fv.Value + ": " + g.Description
	}
}

// linkedForms reports two flags for one file in two compressions (cur's
// curZ, g's z): a help names the other flag, or one name is the other's
// with the suffix added, or both are compressed forms of one flag
// (--un-gz and --un-bz2).
func linkedForms(flags []FlagDoc, cur, g FlagDoc, curZ, z string) bool {
	return namesFlag(cur.Description, g) || namesFlag(g.Description, cur) ||
		z != "" && compressedForm(cur, g, z) || z == "" && compressedForm(g, cur, curZ) ||
		slices.ContainsFunc(flags, func(p FlagDoc) bool { return compressedForm(p, cur, curZ) && compressedForm(p, g, z) })
}

// compressedForm reports a flag comp whose name is plain's with the
// compression suffix z added before or after it (--un and --un-gz, --vcf
// and --gzvcf): the help need not name the other flag.
func compressedForm(plain, comp FlagDoc, z string) bool {
	if z == "" {
		return false
	}
	dash := func(n string) (string, string) {
		b := strings.TrimLeft(n, "-")
		return n[:len(n)-len(b)], strings.ToLower(b)
	}
	pd, pb := dash(plain.Name)
	cd, cb := dash(comp.Name)
	if pd != cd || pb == "" {
		return false
	}
	for _, sep := range []string{"", "-", "_"} {
		if cb == pb+sep+z || cb == z+sep+pb {
			return true
		}
	}
	return false
}

// nameHolds reports a flag one of whose names holds the compression
// suffix z (--gzvcf, --un-gz): the flag is the compressed form of another.
func nameHolds(fd FlagDoc, z string) bool {
	return slices.ContainsFunc(append([]string{fd.Name}, fd.Aliases...), func(n string) bool { return strings.Contains(strings.ToLower(n), z) })
}

// compressionNamed is the compression suffix whose programs a switch's
// help names ("filter the archive through gzip": gz), "" for none or
// more than one (lexicon classes compression_<suffix>).
func compressionNamed(desc string) string {
	found := ""
	for _, z := range task.V().CompressionSuffixes() {
		if task.V().Mentions("compression_"+z, desc) {
			if found != "" {
				return ""
			}
			found = z
		}
	}
	return found
}

// compressionSwitch returns, for an example switch (or a bundle of
// single-letter switches, "-xzf") one of whose letters' help names a
// compression other than the task's files' ("-z" gzip for refs.tar.bz2),
// the switch with the letter of the one switch whose help names theirs
// ("-xjf").
func (m *mapper) compressionSwitch(c *candidate, t exToken) (name, why string, ok bool) {
	z := m.compressionOf()
	if z == "" || t.pos || len(t.flag) < 2 || t.flag[0] != '-' {
		return "", "", false
	}
	letters := []string{t.flag}
	if t.flag[1] != '-' && len(t.flag) > 2 {
		letters = letters[:0]
		for _, r := range t.flag[1:] {
			letters = append(letters, "-"+string(r))
		}
	}
	for i, l := range letters {
		fd, found := lookupExact(c.flags, l)
		if !found || fd.ParamType != "bool" {
			continue
		}
		have := compressionNamed(fd.Description)
		if have == "" || have == z {
			continue
		}
		// In a bundle only a switch with a letter of its own fits.
		var other []FlagDoc
		for _, g := range c.flags {
			if g.ParamType == "bool" && compressionNamed(g.Description) == z && (len(letters) == 1 || shortName(g) != "") {
				other = append(other, g)
			}
		}
		if len(other) != 1 {
			return "", "", false
		}
		sp := spelling(other[0])
		if len(letters) > 1 {
			sp = shortName(other[0])
		}
		letters[i] = sp
		why = fmt.Sprintf("%s's help names %s, and the task's files are %s; %s's help names that", l, have, z, sp)
		if len(letters) == 1 {
			return sp, why, true
		}
		var b strings.Builder
		b.WriteString("-")
		for _, x := range letters {
			b.WriteString(strings.TrimPrefix(x, "-"))
		}
		return b.String(), why, true
	}
	return "", "", false
}

// shortName is a flag's single-letter spelling ("-j"), "" if it has none.
func shortName(fd FlagDoc) string {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		if len(n) == 2 && n[0] == '-' && n[1] != '-' {
			return n
		}
	}
	return ""
}
