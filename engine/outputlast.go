package engine

import (
	"fmt"
	"slices"
	"strings"
)

// keepOutputLast keeps the shape of an example that writes its output
// flag after every other flag ("bwa mem -t 4 -o aln.sam ref.fa r.fq",
// "blastn … -outfmt 6 -out hits.tsv"): a flag a later pass adds for the
// task ("-k 25", "-strand plus") goes before that output flag, not after
// it, as the example's author, and the tool's users, write it. A flag
// that itself writes a task file (--un-gz nonhost.fq.gz) stays after it,
// as does every flag of an example whose last flag reads or sets
// something else, or of a tool whose other examples write a flag after
// that output flag (fastp's "-o clean.fq.gz --adapter_fasta a.fa"): the
// tool's own examples say where its users put it.
func (m *mapper) keepOutputLast(f *Fill, c *candidate) {
	if len(f.Order) != len(f.Flags)+len(f.Positionals) {
		return
	}
	writes := func(o string) bool { return valueIn(f, o, f.Outputs) }
	// the example's last flag, and the run of its output flags that ends
	// there
	last := -1
	for i, o := range f.Order {
		if o[0] == 'f' && f.Flags[atoi(o[1:])].fromExample {
			last = i
		}
	}
	if last < 0 || !writes(f.Order[last]) {
		return
	}
	first := last
	for j := last - 1; j >= 0; j-- {
		o := f.Order[j]
		if o[0] != 'f' {
			continue
		}
		if !f.Flags[atoi(o[1:])].fromExample || !writes(o) {
			break
		}
		first = j
	}
	var moved, rest []string
	for _, o := range f.Order[last+1:] {
		if o[0] == 'f' && !writes(o) {
			moved = append(moved, o)
			continue
		}
		rest = append(rest, o)
	}
	out := f.Flags[atoi(f.Order[first][1:])].Name
	// (the skill's other examples are read only when a flag would move)
	if len(moved) == 0 || outputFollowed(c, out) {
		return
	}
	order := append([]string(nil), f.Order[:first]...)
	order = append(order, moved...)
	order = append(order, f.Order[first:last+1]...)
	f.Order = append(order, rest...)
	var names []string
	for _, o := range moved {
		names = append(names, f.Flags[atoi(o[1:])].Name)
	}
	m.evidence = append(m.evidence, fmt.Sprintf("order: %s before %s, which the example writes after its other flags", strings.Join(names, ", "), out))
}

// outputFollowed reports an example of c that writes a flag after the
// output flag out and its value: by any of the flag's spellings (-o,
// --output), written apart or as key=value (bbduk.sh's out=x.fq k=12).
func outputFollowed(c *candidate, out string) bool {
	od, ok := LookupFlag(c.flags, out)
	if !ok {
		od = FlagDoc{Name: out}
	}
	isOut := func(a string) bool {
		key, _, _ := strings.Cut(a, "=")
		return slices.Contains(append([]string{od.Name}, od.Aliases...), key)
	}
	isFlag := func(a string) bool {
		if len(a) > 1 && a[0] == '-' && !intRE.MatchString(a) && !floatRE.MatchString(a) {
			return true
		}
		key, _, kv := strings.Cut(a, "=")
		_, known := LookupFlag(c.flags, key)
		return kv && known
	}
	for _, se := range c.examples {
		args, _, _ := splitRedirect(se.args)
		i := slices.IndexFunc(args, isOut)
		if i < 0 {
			continue
		}
		next := i + 1
		if !strings.Contains(args[i], "=") {
			next++ // the value written apart
		}
		if next < len(args) && slices.ContainsFunc(args[next:], isFlag) {
			return true
		}
	}
	return false
}

// inputsFirst orders a command built from the help alone the way people
// write one: the flags that read the task's input files first, then the
// others ("geecee -sequence in.fa -outfile out.gc", "kalign -i in.faa -o
// out.afa"), each group in the order the passes placed it.
func (m *mapper) inputsFirst(f *Fill) {
	if len(f.Order) != len(f.Flags)+len(f.Positionals) {
		return
	}
	reads := func(o string) bool { return valueIn(f, o, f.Inputs) && !valueIn(f, o, f.Outputs) }
	first := slices.IndexFunc(f.Order, func(o string) bool { return o[0] == 'f' })
	if first < 0 {
		return
	}
	var in, other []string
	for _, o := range f.Order[first:] {
		if reads(o) {
			in = append(in, o)
		} else {
			other = append(other, o)
		}
	}
	if len(in) == 0 || slices.Equal(append(append([]string(nil), in...), other...), f.Order[first:]) {
		return
	}
	var names []string
	for _, o := range in {
		names = append(names, f.Flags[atoi(o[1:])].Name)
	}
	f.Order = append(append(f.Order[:first:first], in...), other...)
	m.evidence = append(m.evidence, fmt.Sprintf("order: %s first, the input before what the command writes or sets", strings.Join(names, ", ")))
}

// valueIn reports an item of the fill's order that is a flag whose value
// is one of paths.
func valueIn(f *Fill, o string, paths []string) bool {
	if o[0] != 'f' {
		return false
	}
	fv := f.Flags[atoi(o[1:])]
	return fv.HasValue && slices.Contains(paths, fv.Value)
}
