package parsers

import "testing"

func TestKVType(t *testing.T) {
	cases := map[string]string{"t": "choice", "true": "choice", "27": "int", "-1": "int", "0.05": "float", "auto": "string", "": "string"}
	for in, want := range cases {
		if got, _ := kvType(in); got != want {
			t.Errorf("kvType(%q) = %s, want %s", in, got, want)
		}
	}
}

// The description corrects the written default's type: listed values
// are the choices, a range from 0 to 1 is a share.
func TestKVRefine(t *testing.T) {
	cases := []struct {
		def, desc, typ string
		choices        []string
	}{
		{"f", "Trim reads. Values: f (don't trim), r (trim to the right), l (trim to the left)", "choice", []string{"f", "r", "l"}},
		{"f", "Trim reads to the right.", "choice", []string{"t", "f"}},
		{"-1", "Set between 0 and 1 to filter reads with entropy below that value.", "float", nil},
		{"0", "Minimum identity (0-1).", "float", nil},
		{"50", "Calculate entropy using a sliding window of this length.", "int", nil},
		{"3", "Allow 0 to 10 mismatches.", "int", nil},
		// a fraction with a whole default of 0 or 1 is a share
		{"1", "Randomly output only this fraction of reads; 1 means sampling is disabled.", "float", nil},
		{"0", "Reads shorter than this fraction of original length are discarded.", "float", nil},
		// but not one a range of whole numbers bounds, nor another default
		{"0", "Ignore this fraction of kmer space (0-15 out of 16) in both reads and reference.", "int", nil},
		{"5", "Keep this fraction of reads per thousand.", "int", nil},
	}
	for _, c := range cases {
		f := Flag{Name: "k", Default: c.def, Description: c.desc}
		f.ParamType, f.Choices = kvType(c.def)
		kvRefine(&f)
		if f.ParamType != c.typ || len(f.Choices) != len(c.choices) || len(c.choices) > 0 && f.Choices[1] != c.choices[1] {
			t.Errorf("%s=%s %q: %s %v, want %s %v", f.Name, c.def, c.desc, f.ParamType, f.Choices, c.typ, c.choices)
		}
	}
}
