package parsers

import (
	"strings"
	"testing"
)

func TestParamList(t *testing.T) {
	help := `Usage: STAR  [options]... --genomeDir /path/to/genome/index/   --readFilesIn R1.fq R2.fq
Spliced Transcripts Alignment to a Reference

### Run Parameters
runMode                         alignReads
    string: type of the run.
                                alignReads             ... map reads
                                genomeGenerate         ... generate genome files

runThreadN                      1
    int: number of threads to run STAR

genomeFastaFiles            -
    string(s): path(s) to the fasta files with the genome sequences
                            Required for the genome generation

outFilterMismatchNoverLmax      0.3
    real: alignment will be output only if its ratio of mismatches to *mapped* length is less than or equal to this value.
`
	p, err := Get("paramlist")
	if err != nil {
		t.Fatal(err)
	}
	s, _ := p.Parse(help)
	var got []string
	for _, f := range s.Flags {
		got = append(got, f.Name+":"+f.ParamType+":"+f.Default+":"+strings.Join(f.Choices, "|"))
	}
	want := "--runMode:choice:alignReads:alignReads|genomeGenerate,--runThreadN:int:1:,--genomeFastaFiles:string::,--outFilterMismatchNoverLmax:float:0.3:"
	if strings.Join(got, ",") != want {
		t.Fatalf("flags = %s\nwant    %s", strings.Join(got, ","), want)
	}
	if !s.Flags[2].Repeatable || s.Description != "Spliced Transcripts Alignment to a Reference" || len(s.Usage) != 1 || s.OptionLines != 4 {
		t.Fatalf("schema = %+v", s)
	}
}
