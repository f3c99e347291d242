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
