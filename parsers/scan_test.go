package parsers

import (
	"reflect"
	"testing"
)

func TestDedupeMergesLaterMentions(t *testing.T) {
	flags := []Flag{
		{Name: "--out", ParamType: "bool"},
		{Name: "--in", ParamType: "file", Placeholder: "FILE"},
		{Name: "--out", Aliases: []string{"-o"}, ParamType: "file", Placeholder: "FILE", Description: "Output.", Default: "-"},
		{Name: "--out", Aliases: []string{"-o", "-O"}, ParamType: "string"},
	}
	want := []Flag{
		{Name: "--out", Aliases: []string{"-o", "-O"}, ParamType: "file", Placeholder: "FILE", Description: "Output.", Default: "-"},
		{Name: "--in", ParamType: "file", Placeholder: "FILE"},
	}
	if got := dedupeFlags(flags); !reflect.DeepEqual(got, want) {
		t.Errorf("dedupeFlags = %+v", got)
	}
}
