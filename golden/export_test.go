package golden

import (
	"encoding/csv"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var export = flag.String("export", "", "write every golden case as a bench CSV to this file")

// benchRows converts the golden cases to the bench CSV shape:
// toolset,tool,scenario_id,reference_args,task_description,category.
func benchRows(t testing.TB) [][]string {
	rows := [][]string{{"toolset", "tool", "scenario_id", "reference_args", "task_description", "category"}}
	files, _ := filepath.Glob("*/cases.yaml")
	sort.Strings(files)
	for _, p := range files {
		tool := filepath.Dir(p)
		cases, err := ReadCases(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range cases {
			exe, args, _ := strings.Cut(strings.TrimSpace(c.Expect), " ")
			rows = append(rows, []string{tool, exe, fmt.Sprintf("%s_%03d", tool, i+1), args, c.Task, c.Category})
		}
	}
	return rows
}

// TestExportBenchCSV writes the cases as a bench CSV with -export (used by
// make bench); without it, it checks the conversion keeps every case.
func TestExportBenchCSV(t *testing.T) {
	rows := benchRows(t)
	n := 0
	for _, p := range mustGlob("*/cases.yaml") {
		cs, _ := ReadCases(p)
		n += len(cs)
	}
	if len(rows)-1 != n {
		t.Fatalf("%d rows for %d cases", len(rows)-1, n)
	}
	if *export == "" {
		return
	}
	f, err := os.Create(*export)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := csv.NewWriter(f)
	if err := w.WriteAll(rows); err != nil {
		t.Fatal(err)
	}
}

func mustGlob(p string) []string {
	m, _ := filepath.Glob(p)
	return m
}
