package engine

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
)

// BenchmarkExploreLive explores samtools and bcftools for real (cold, no
// cache) with one probe in flight and with the default parallelism; it
// reports wall time per exploration and the summed probe time.
func BenchmarkExploreLive(b *testing.B) {
	for _, tool := range []string{"samtools", "bcftools"} {
		rv := &Resolver{Rules: builtinRules, PathDirs: strings.Split(os.Getenv("PATH"), ":")}
		rec, err := rv.Resolve(context.Background(), tool, nil)
		if err != nil {
			b.Skipf("%s not installed", tool)
		}
		for _, jobs := range []int{1, 0} {
			name := fmt.Sprintf("%s/jobs=%d", tool, jobs)
			if jobs == 0 {
				name = tool + "/jobs=default"
			}
			b.Run(name, func(b *testing.B) {
				x := &Explorer{Rules: builtinRules, Runner: ExecRunner{}, Opts: ExploreOptions{Jobs: jobs}}
				var serial float64
				for b.Loop() {
					d := x.Explore(context.Background(), rec, nil)
					serial += d.Exploration.SerialMS
				}
				b.ReportMetric(serial/float64(b.N), "serial-ms/op")
			})
		}
	}
}

// BenchmarkMapTask measures Stages 3–5 for one task on a prepared ToolDoc.
func BenchmarkMapTask(b *testing.B) {
	rec := &ToolRecord{Name: "samtools", Executable: "samtools", ResolvedPath: "/usr/bin/samtools", Installed: true}
	doc := &ToolDoc{Subcommands: []SubcommandDoc{{Name: "sort", Parser: "getopt", Flags: []FlagDoc{
		{Name: "-o", ParamType: "file", Category: "Output", Description: "Write final output to FILE rather than standard output"},
		{Name: "-@", ParamType: "int", Category: "Performance", Description: "Number of additional threads to use [0]"},
		{Name: "-n", ParamType: "bool", Category: "Algorithm", Description: "Sort by read name"}}}}}
	for b.Loop() {
		f := MapTask(builtinRules, rec, doc, nil, "sort aln.bam by coordinate with 8 threads into aln.sorted.bam")
		_ = Assemble(rec, f)
	}
}
