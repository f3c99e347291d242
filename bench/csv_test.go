package bench

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

const benchCSV = `toolset,tool,scenario_id,reference_args,task_description,category
samtools,samtools,sort-1,sort -@ 8 -o out.bam in.bam,"sort in.bam by coordinate, 8 threads",sorting
bbmap,bbduk.sh,trim-1,in=a.fq out=b.fq ktrim=r,trim adapters,trimming
`

const phrasingsCSV = `toolset,tool,scenario_id,desc_id,user_level,description
samtools,samtools,sort-1,d1,novice,please sort my bam
samtools,samtools,sort-1,d2,expert,coord-sort in.bam -> out.bam @8
other,other,x,d1,novice,ignored: no such scenario
`

func TestParseCases(t *testing.T) {
	cases, err := ParseCases(strings.NewReader(benchCSV), "bench.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 2 {
		t.Fatalf("%d cases", len(cases))
	}
	c := cases[0]
	if c.Toolset != "samtools" || c.Tool != "samtools" || c.ScenarioID != "sort-1" || c.Category != "sorting" ||
		c.Task != "sort in.bam by coordinate, 8 threads" || c.Source != "bench.csv:2" {
		t.Errorf("case %+v", c)
	}
	if got := c.Reference(); got != "samtools sort -@ 8 -o out.bam in.bam" {
		t.Errorf("reference %q", got)
	}
	if got := (Case{Tool: "fastqc"}).Reference(); got != "fastqc" {
		t.Errorf("reference without args %q", got)
	}
}

func TestParseCasesReorderedColumns(t *testing.T) {
	in := "\ufeffCategory,task_description,extra,reference_args,scenario_id,tool,toolset\n" +
		"x,do it,ignored,-v,s1,tool,set\n"
	cases, err := ParseCases(strings.NewReader(in), "b.csv")
	if err != nil {
		t.Fatal(err)
	}
	want := Case{Toolset: "set", Tool: "tool", ScenarioID: "s1", ReferenceArgs: "-v", Task: "do it", Category: "x", Source: "b.csv:2"}
	if cases[0] != want {
		t.Errorf("got %+v", cases[0])
	}
}

func TestCSVErrors(t *testing.T) {
	header := "toolset,tool,scenario_id,reference_args,task_description,category\n"
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "", "b.csv:1: empty file, want header toolset,tool,scenario_id"},
		{"missing columns", "toolset,tool,scenario_id,reference_args\n", "b.csv:1: header lacks column(s) task_description, category"},
		{"short row", header + "a,b,c,d,e,f\na,b,c,d,e\n", "b.csv:3: 5 fields, want 6"},
		{"long row", header + "a,b,c,d,e,f,g\n", "b.csv:2: 7 fields, want 6"},
		{"bare quote", header + "a,b,c,d\"x,e,f\n", "b.csv:2: bare \" in non-quoted-field"},
		{"bad header", "a\"b\n", "b.csv:1: bare \""},
		{"empty task", header + "a,b,c,d,,f\n", "b.csv:2: empty task_description"},
		{"duplicate", header + "a,b,c,d,e,f\n\na,b,c,x,y,z\n", "b.csv:4: duplicate scenario a/b/c (first at b.csv:2)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseCases(strings.NewReader(tc.in), "b.csv")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
	_, err := ParseCases(iotest.ErrReader(errors.New("disk on fire")), "b.csv")
	if err == nil || err.Error() != "b.csv: disk on fire" {
		t.Errorf("read error %v", err)
	}
	_, err = ParsePhrasings(strings.NewReader("toolset,tool,scenario_id,desc_id,user_level,description\na,b,c,d,e,\n"), "p.csv")
	if err == nil || err.Error() != "p.csv:2: empty description" {
		t.Errorf("phrasing error %v", err)
	}
	_, err = ParsePhrasings(strings.NewReader("toolset,tool\n"), "p.csv")
	if err == nil || !strings.Contains(err.Error(), "p.csv:1: header lacks column(s) scenario_id, desc_id, user_level, description") {
		t.Errorf("phrasing header error %v", err)
	}
}

func TestPhrasings(t *testing.T) {
	cases, err := ParseCases(strings.NewReader(benchCSV), "bench.csv")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := ParsePhrasings(strings.NewReader(phrasingsCSV), "p.csv")
	if err != nil {
		t.Fatal(err)
	}
	out := ApplyPhrasings(cases, ps)
	if len(out) != 3 {
		t.Fatalf("%d cases: %+v", len(out), out)
	}
	if out[0].Task != "please sort my bam" || out[0].Style != "novice" || out[0].DescID != "d1" || out[0].Source != "p.csv:2" {
		t.Errorf("first %+v", out[0])
	}
	if out[1].Task != "coord-sort in.bam -> out.bam @8" || out[1].Style != "expert" || out[1].Reference() != cases[0].Reference() {
		t.Errorf("second %+v", out[1])
	}
	if out[2] != cases[1] {
		t.Errorf("case without phrasings changed: %+v", out[2])
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	b, p := filepath.Join(dir, "bench.csv"), filepath.Join(dir, "p.csv")
	if err := os.WriteFile(b, []byte(benchCSV), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(phrasingsCSV), 0o644); err != nil {
		t.Fatal(err)
	}
	cases, err := Load(b, "")
	if err != nil || len(cases) != 2 {
		t.Fatalf("Load(bench) = %d, %v", len(cases), err)
	}
	cases, err = Load(b, p)
	if err != nil || len(cases) != 3 {
		t.Fatalf("Load(bench, phrasings) = %d, %v", len(cases), err)
	}
	if _, err := Load(filepath.Join(dir, "none.csv"), ""); err == nil {
		t.Error("missing bench file: no error")
	}
	if _, err := Load(b, filepath.Join(dir, "none.csv")); err == nil {
		t.Error("missing phrasings file: no error")
	}
	bad := filepath.Join(dir, "bad.csv")
	if err := os.WriteFile(bad, []byte("toolset\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(bad, ""); err == nil || !strings.HasPrefix(err.Error(), bad+":1: ") {
		t.Errorf("bad file error %v", err)
	}
}

func TestWriteRows(t *testing.T) {
	rows := []Row{{
		Case:     Case{Toolset: "samtools", Tool: "samtools", ScenarioID: "s1", ReferenceArgs: "sort in.bam", Task: "sort, please", Category: "sorting", DescID: "d1", Style: "novice"},
		Scenario: "full", Command: "samtools sort in.bam",
		Scores:   Scores{Exact: true, Equivalent: true, SubcommandMatch: true, Recall: 1, Precision: 1, Jaccard: 1, PositionalOrder: 1, Accuracy: 1},
		LLMCalls: 2, PromptTokens: 1234, Findings: 1, Latency: 1500 * time.Microsecond,
		Literal: true, Uncertain: true, Confidence: 0.41,
	}, {
		Case:     Case{Tool: "bwa", ScenarioID: "s2", ReferenceArgs: "mem r.fa q.fq", Task: "align"},
		Scenario: "bare", Err: "model: timeout", Scores: Scores{Recall: 2.0 / 3},
	}}
	var b strings.Builder
	if err := WriteRows(&b, rows); err != nil {
		t.Fatal(err)
	}
	want := `toolset,tool,scenario_id,desc_id,user_level,category,scenario,task,reference,command,exact,equivalent,subcommand_match,recall,precision,jaccard,positional_order,accuracy,literal,uncertain,confidence,llm_calls,prompt_tokens,findings,latency_ms,error
samtools,samtools,s1,d1,novice,sorting,full,"sort, please",samtools sort in.bam,samtools sort in.bam,true,true,true,1.0000,1.0000,1.0000,1.0000,1.0000,true,true,0.4100,2,1234,1,1.5,
,bwa,s2,,,,bare,align,bwa mem r.fa q.fq,,false,false,false,0.6667,0.0000,0.0000,0.0000,0.0000,false,false,0.0000,0,0,0,0.0,model: timeout
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if err := WriteRows(failWriter{}, rows); err == nil {
		t.Error("write error not reported")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("full") }
