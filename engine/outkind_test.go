package engine

import (
	"slices"
	"strings"
	"testing"
)

// An output never goes to a flag whose value's name is a file of another
// kind: alignmentSieve's "--filteredOutReads filtered.bam  … reads NOT
// passing … can be written to this file" is no place for a log, whatever
// words of the task ("filtered reads") its help holds; "--filterMetrics
// FILE.log  The number of entries … are saved to this file" is, when
// the usage writes it.
func TestOutputToFlagOfItsKind(t *testing.T) {
	rec := &ToolRecord{Name: "alignmentSieve", Executable: "alignmentSieve", Installed: true}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"alignmentSieve.py -b sample1.bam -o sample1.filtered.bam --minMappingQuality 10 --filterMetrics log.txt"}, Flags: []FlagDoc{
		{Name: "--bam", Aliases: []string{"-b"}, ParamType: "file", Placeholder: "FILE1", Description: "An indexed BAM file.", Required: true, Category: "Input"},
		{Name: "--outFile", Aliases: []string{"-o"}, ParamType: "file", Placeholder: "OUTFILE", Description: "The file to write results to. These are the alignments or fragments that pass the filtering criteria.", Required: true, Category: "Output"},
		{Name: "--filterMetrics", ParamType: "file", Placeholder: "FILE.log", Description: "The number of entries in total and filtered are saved to this file", Category: "General"},
		{Name: "--filteredOutReads", ParamType: "file", Placeholder: "filtered.bam", Description: "If desired, all reads NOT passing the filtering criteria can be written to this file.", Category: "General"},
		{Name: "--minMappingQuality", ParamType: "int", Placeholder: "INT", Description: "If set, only reads that have a mapping quality score of at least this are considered.", Category: "Quality"},
	}}
	// with the usage that writes --filterMetrics, and without it
	for _, usage := range [][]string{doc.UsagePatterns, nil} {
		doc.UsagePatterns = usage
		f := MapTask(builtinRules, rec, doc, nil, "Filter chip.bam down to alignments with MAPQ >= 30, saving to chip.q30.bam and the counts of kept/filtered reads to chip_sieve.log")
		to := func(name string) bool {
			return slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return fv.Name == name && fv.Value == "chip_sieve.log" })
		}
		// (without the usage no flag's words fit the log: it stays a
		// positional, and the command uncertain)
		if to("--filteredOutReads") || usage != nil && !to("--filterMetrics") || usage == nil && !f.Uncertain {
			t.Errorf("usage %q: flags %+v\n%s", usage, f.Flags, strings.Join(f.Evidence, "\n"))
		}
	}
}

// An output the task's words say nothing failed of ("cleaned reads to
// R1.clean.fq.gz") stays at the flag for what passed (fastp's -o), not
// the one whose help says its reads failed (--failed_out "specify the
// file to store reads that cannot pass the filters"), whatever words the
// two share; a help whose later clause says "not stdout" says nothing
// failed.
func TestOutputNotToTheFailedFlag(t *testing.T) {
	cmd, f := mapHelpOnly(t, "fastp", "run fastp with its default filtering on the pair R1.fq.gz/R2.fq.gz, cleaned reads to R1.clean.fq.gz and R2.clean.fq.gz, html report qc_report.html")
	if !strings.Contains(cmd, "-o R1.clean.fq.gz") || strings.Contains(cmd, "--failed_out") {
		t.Errorf("%s\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
}
