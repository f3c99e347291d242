package engine

import (
	"sort"
	"strings"
	"testing"
)

// negationDoc is a mapper's help with a switch that leaves mate rescue
// out, one that leaves pairing out and names mate rescue after its first
// clause, and one that does mate rescue.
func negationDoc() (*ToolRecord, *ToolDoc) {
	rec := &ToolRecord{Name: "mp", Executable: "mp"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-S", ParamType: "bool", Category: "General", Description: "skip mate rescue"},
		{Name: "-P", ParamType: "bool", Category: "General", Description: "skip pairing; mate rescue performed unless -S also in use"},
		{Name: "--rescue-all", ParamType: "bool", Category: "General", Description: "perform mate rescue on every pair"},
		{Name: "--nocheck-order", ParamType: "bool", Category: "General", Description: "do not check that the input is correctly sorted"},
		{Name: "-t", ParamType: "int", Category: "Performance", Description: "number of threads"},
		{Name: "-k", ParamType: "int", Category: "General", Description: "minimum seed length"},
		{Name: "-w", ParamType: "int", Category: "General", Description: "band width for banded alignment"},
		{Name: "-M", ParamType: "bool", Category: "General", Description: "mark shorter split hits as secondary"},
		{Name: "-Y", ParamType: "bool", Category: "General", Description: "use soft clipping for supplementary alignments"},
		{Name: "-a", ParamType: "bool", Category: "General", Description: "output all alignments for single-end or unpaired paired-end reads"},
		{Name: "-C", ParamType: "bool", Category: "General", Description: "append FASTA/FASTQ comment to SAM output"},
		{Name: "-V", ParamType: "bool", Category: "General", Description: "output the reference FASTA header in the XR tag"},
		{Name: "-j", ParamType: "bool", Category: "General", Description: "treat ALT contigs as part of the primary assembly"},
		{Name: "-q", ParamType: "bool", Category: "General", Description: "don't modify mapQ of supplementary alignments"},
		{Name: "-A", ParamType: "int", Category: "Scoring", Description: "score for a sequence match"},
		{Name: "-B", ParamType: "int", Category: "Scoring", Description: "penalty for a mismatch"},
		{Name: "-O", ParamType: "int", Category: "Scoring", Description: "gap open penalties for deletions and insertions"},
	}}
	return rec, doc
}

// TestNegatedWordsAskForALeaveOutSwitch checks that the task's words after
// a negation ("without mate rescue") ask for the switch whose help leaves
// that out ("skip mate rescue"), not for one that does it, nor for one
// whose help leaves out something else and names it only later.
func TestNegatedWordsAskForALeaveOutSwitch(t *testing.T) {
	rec, doc := negationDoc()
	sk := inlineSkill(t, "name: mp", "map reads.fq to ref.fa", "ref.fa reads.fq")
	f := MapTask(builtinRules, rec, doc, sk, "map x.fq to g.fa without mate rescue")
	if got := Assemble(rec, f).Display; got != "mp -S g.fa x.fq" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if !hasEvidence(f, "added -S: the task's words") {
		t.Errorf("evidence %q", f.Evidence)
	}
	// With no negation, the words ask for the switch that does it.
	f = MapTask(builtinRules, rec, doc, sk, "map x.fq to g.fa and perform mate rescue on every pair")
	if got := Assemble(rec, f).Display; got != "mp --rescue-all g.fa x.fq" {
		t.Errorf("plain: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// TestNegationEndsWithItsClause checks that a negation reaches no word past
// the end of its clause: "not y.txt; sorted" leaves no check of the
// order out.
func TestNegationEndsWithItsClause(t *testing.T) {
	rec, doc := negationDoc()
	sk := inlineSkill(t, "name: mp", "map reads.fq to ref.fa", "ref.fa reads.fq")
	f := MapTask(builtinRules, rec, doc, sk, "map x.fq to g.fa, not y.txt; sorted")
	if got := Assemble(rec, f).Display; strings.Contains(got, "--nocheck-order") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, sk, "map x.fq to g.fa, not checking that the input is sorted")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "--nocheck-order") {
		t.Errorf("within the clause: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// TestOffTerms checks what a switch leaves out: the words after the
// leave-out word of its help's head, and a name's parts after a leading
// "no".
func TestOffTerms(t *testing.T) {
	for _, c := range []struct {
		fd   FlagDoc
		want string
	}{
		{FlagDoc{Name: "-S", Description: "skip mate rescue"}, "mat rescu"},
		{FlagDoc{Name: "-P", Description: "skip pairing; mate rescue performed unless -S also in use"}, "pair"},
		{FlagDoc{Name: "-B", Aliases: []string{"--no-BAQ"}, Description: "Disable BAQ (per-Base Alignment Quality)"}, "baq"},
		{FlagDoc{Name: "--rescue", Description: "perform mate rescue"}, ""},
	} {
		var got []string
		for w := range offTerms(c.fd) {
			got = append(got, w)
		}
		sort.Strings(got)
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s: got %q, want %q", c.fd.Name, g, c.want)
		}
	}
}

// TestOffTermsOfNegatedNames checks what a name that opens on a negation
// leaves out: the words of its help the rest of the name spells, glued
// ("-nosupport") or apart ("--no-softclip" for "soft-clipping"), and a
// help whose head opens on one ("no soft-clipping"). A name that only
// begins with the letters leaves out nothing.
func TestOffTermsOfNegatedNames(t *testing.T) {
	for _, c := range []struct {
		fd   FlagDoc
		want string
	}{
		{FlagDoc{Name: "--no-softclip", Description: "no soft-clipping"}, "clipp soft"},
		{FlagDoc{Name: "--no-softclip", Description: "forbid clips at the ends of soft-clipping reads"}, "clipp soft"},
		{FlagDoc{Name: "-nosupport", Description: "to compute no support values"}, "support"},
		{FlagDoc{Name: "--noali", Description: "don't output alignments, so output is smaller"}, "alignment output smaller"},
		{FlagDoc{Name: "--max", Description: "Turn all heuristic filters off (less speed, more power)"}, "all filter heuristic"},
		{FlagDoc{Name: "--no-xyz", Description: "turns the option on"}, "xyz"},
		{FlagDoc{Name: "--normalizeUsing", Description: "use one of the available normalization methods"}, ""},
		{FlagDoc{Name: "--nodes", Description: "number of nodes to use"}, ""},
	} {
		var got []string
		for w := range offTerms(c.fd) {
			got = append(got, w)
		}
		sort.Strings(got)
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s %q: got %q, want %q", c.fd.Name, c.fd.Description, g, c.want)
		}
	}
	m := &mapper{}
	noali := FlagDoc{Name: "--noali", Description: "don't output alignments"}
	if !m.namesOff(noali, map[string]bool{"align": true}) {
		t.Error("a negated 'align' should name --noali")
	}
	if m.namesOff(noali, map[string]bool{"output": true}) {
		t.Error("a negated 'output' alone should not name --noali")
	}
	if !m.namesOff(FlagDoc{Name: "--no-softclip", Description: "no soft-clipping"}, map[string]bool{"soft": true, "clipp": true}) {
		t.Error("negated soft clipping should name --no-softclip")
	}
}

// TestNegatedFields checks which words a negation reaches: four after a
// word before what it negates, to the end of the clause; three before a
// word after it ("soft-clipping disabled"), back to a conjunction; the
// negation's own words apart.
func TestNegatedFields(t *testing.T) {
	for _, c := range []struct{ text, neg, own string }{
		{"with 4 threads and soft-clipping disabled", "soft-clipping", "disabled"},
		{"with spliced alignment turned off, output x.sam", "with spliced alignment", "turned off,"},
		{"leaving out the alignments: search p.hmm", "the alignments:", "leaving out"},
		{"map without mate rescue or pairing at all", "mate rescue or pairing", "without"},
		{"not y.txt; sorted", "y.txt;", "not"},
	} {
		tw := strings.Fields(c.text)
		neg, own := negatedFields(tw)
		pick := func(marks []bool) string {
			var out []string
			for i, on := range marks {
				if on {
					out = append(out, tw[i])
				}
			}
			return strings.Join(out, " ")
		}
		if g := pick(neg); g != c.neg {
			t.Errorf("%q: negated %q, want %q", c.text, g, c.neg)
		}
		if g := pick(own); g != c.own {
			t.Errorf("%q: own %q, want %q", c.text, g, c.own)
		}
	}
}

// TestNegationAfterAsksForALeaveOutSwitch checks that words a negation
// after them reaches ("mate rescue turned off") ask for the switch whose
// help leaves that out, and that one word many helps say does not make
// the two agree.
func TestNegationAfterAsksForALeaveOutSwitch(t *testing.T) {
	rec, doc := negationDoc()
	sk := inlineSkill(t, "name: mp", "map reads.fq to ref.fa", "ref.fa reads.fq")
	f := MapTask(builtinRules, rec, doc, sk, "map x.fq to g.fa with mate rescue turned off")
	if got := Assemble(rec, f).Display; got != "mp -S g.fa x.fq" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if !hasEvidence(f, "(leaves out)") {
		t.Errorf("evidence %q", f.Evidence)
	}
}
