package bincodec

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

type leaf struct {
	Name   string            `json:"name"`
	Tags   []string          `json:"tags,omitempty"`
	Keep   []string          `json:"keep"`
	Attrs  map[string]string `json:"attrs,omitempty"`
	Counts map[string]int    `json:"counts"`
	On     bool              `json:"on,omitempty"`
}

type tree struct {
	Title    string   `json:"title"`
	Score    float64  `json:"score"`
	Ratio    float32  `json:"ratio"`
	N        int      `json:"n"`
	Small    int8     `json:"small"`
	U        uint16   `json:"u"`
	Big      uint64   `json:"big"`
	Leaves   []leaf   `json:"leaves"`
	Kids     []tree   `json:"kids,omitempty"`
	Best     *leaf    `json:"best,omitempty"`
	Other    *leaf    `json:"other"`
	Raw      []byte   `json:"raw"`
	Skipped  string   `json:"-"`
	hidden   string   //nolint:unused // left out, as JSON leaves it
	Untagged []string // named by the field, as JSON names it
}

func sample() tree {
	return tree{
		Title: "root ünïcode \u2028", Score: -1.25e-7, Ratio: 0.5, N: -42, Small: -3, U: 65000, Big: math.MaxUint64,
		Leaves: []leaf{
			{Name: "a", Tags: []string{}, Keep: []string{}, Attrs: map[string]string{}, Counts: map[string]int{}},
			{Name: "b\xffc\xfe", Tags: []string{"x", ""}, Keep: nil, Attrs: map[string]string{"k\xff": "v\xc3", "z": ""}, Counts: nil, On: true},
		},
		Kids:    []tree{{Title: "kid", Kids: []tree{{Title: "grandkid"}}}, {}},
		Best:    &leaf{Name: "best"},
		Raw:     []byte{0, 1, 255},
		Skipped: "not kept", hidden: "not kept", Untagged: []string{"u"},
	}
}

// viaJSON is what a round trip through encoding/json gives.
func viaJSON(t *testing.T, v tree) tree {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out tree
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// A value reads back as JSON would give it back: omitempty empties as
// nil, other empties kept, invalid UTF-8 replaced, "-" and unexported
// fields left out.
func TestRoundTripIsJSONs(t *testing.T) {
	in := sample()
	b, err := Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if bp, _ := Marshal(&in); string(bp) != string(b) {
		t.Fatal("a pointer is not written as its value")
	}
	var np *tree
	if _, err := Marshal(np); err == nil {
		t.Fatal("a nil pointer written")
	}
	if _, err := Marshal(nil); !errors.Is(err, ErrUnsupported) {
		t.Fatal("nil written")
	}
	var got tree
	if err := Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := viaJSON(t, in)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %#v\nwant %#v", got, want)
	}
	// The cases the comparison is about, spelled out.
	if got.Leaves[0].Tags != nil || got.Leaves[0].Keep == nil || got.Leaves[0].Attrs != nil || got.Leaves[0].Counts == nil ||
		got.Leaves[1].Keep != nil || got.Leaves[1].Name != "b\uFFFDc\uFFFD" || got.Skipped != "" || got.hidden != "" || got.Other != nil {
		t.Fatalf("%#v", got)
	}
	// Writing is deterministic (map keys in order).
	b2, _ := Marshal(in)
	if string(b) != string(b2) {
		t.Fatal("two writes of one value differ")
	}
}

func TestNotFiniteIsAnError(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1)} {
		if _, err := Marshal(tree{Score: f}); err == nil {
			t.Errorf("%v: no error", f)
		}
		if _, err := Marshal(tree{Leaves: []leaf{{}}, Kids: []tree{{Ratio: float32(f)}}}); err == nil {
			t.Errorf("%v in a kid: no error", f)
		}
	}
	if _, err := Marshal(&tree{Best: &leaf{}, Kids: []tree{{Score: math.NaN()}}}); err == nil {
		t.Error("NaN behind a pointer: no error")
	}
	if _, err := Marshal(map[string]tree{"a": {Score: math.NaN()}}); err == nil {
		t.Error("NaN in a map: no error")
	}
}

// Every truncation, extension and byte flip of valid data is an error or
// a value, never a panic; truncations and extensions are errors.
func TestCorruptData(t *testing.T) {
	b, err := Marshal(sample())
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(b) {
		var v tree
		if err := Unmarshal(b[:n], &v); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("cut at %d: %v", n, err)
		}
	}
	var v tree
	if err := Unmarshal(append(append([]byte{}, b...), 0), &v); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("extra byte: %v", err)
	}
	for i := range b {
		for _, x := range []byte{0xff, 0x80, 0x02, 0x00} {
			c := append([]byte{}, b...)
			c[i] = x
			var v tree
			_ = Unmarshal(c, &v)
		}
	}
	// A length larger than what is left.
	if err := Unmarshal([]byte{0xff, 0xff, 0xff, 0xff, 0x0f}, &[]string{}); !errors.Is(err, ErrCorrupt) {
		t.Fatal(err)
	}
	// A varint longer than 64 bits.
	if err := Unmarshal([]byte(strings.Repeat("\xff", 11)), new(int)); !errors.Is(err, ErrCorrupt) {
		t.Fatal(err)
	}
	// A number too large for the field.
	big, _ := Marshal(int64(1000))
	if err := Unmarshal(big, new(int8)); !errors.Is(err, ErrCorrupt) {
		t.Fatal(err)
	}
	ubig, _ := Marshal(uint64(1000))
	if err := Unmarshal(ubig, new(uint8)); !errors.Is(err, ErrCorrupt) {
		t.Fatal(err)
	}
	for _, in := range [][]byte{{2}, {}} {
		if err := Unmarshal(in, new(bool)); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("bool %v: %v", in, err)
		}
		if err := Unmarshal(in, new(*int)); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("pointer %v: %v", in, err)
		}
	}
}

func FuzzUnmarshal(f *testing.F) {
	b, _ := Marshal(sample())
	f.Add(b)
	f.Fuzz(func(t *testing.T, in []byte) {
		var v tree
		if Unmarshal(in, &v) != nil {
			return
		}
		// What reads, written and read back, is what JSON gives back.
		out, err := Marshal(v)
		if err != nil {
			return // a NaN from the bytes
		}
		var w tree
		if err := Unmarshal(out, &w); err != nil || !reflect.DeepEqual(viaJSON(t, v), w) {
			t.Fatalf("%v\n%#v\n%#v", err, v, w)
		}
	})
}

func TestUnsupported(t *testing.T) {
	type embedded struct{ leaf }
	for _, v := range []any{
		struct{ F any }{}, struct{ C chan int }{}, map[int]string{}, [2]int{}, embedded{}, []func(){}, []struct{}{},
	} {
		if _, err := Marshal(v); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%T: %v", v, err)
		}
		if err := Unmarshal([]byte{0}, reflect.New(reflect.TypeOf(v)).Interface()); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%T: %v", v, err)
		}
	}
	if err := Unmarshal([]byte{0}, tree{}); err == nil {
		t.Error("a non-pointer read into")
	}
	var nilp *tree
	if err := Unmarshal([]byte{0}, nilp); err == nil {
		t.Error("a nil pointer read into")
	}
}

// The fingerprint changes with a field's name, tag, type or order, and
// not between two declarations of one shape.
func TestFingerprint(t *testing.T) {
	type a struct {
		X string `json:"x"`
		Y []int  `json:"y,omitempty"`
	}
	type same struct {
		X string `json:"x"`
		Y []int  `json:"y,omitempty"`
	}
	type renamed struct {
		X string `json:"xx"`
		Y []int  `json:"y,omitempty"`
	}
	type noOmit struct {
		X string `json:"x"`
		Y []int  `json:"y"`
	}
	type retyped struct {
		X string  `json:"x"`
		Y []int64 `json:"y,omitempty"`
	}
	type added struct {
		X string `json:"x"`
		Y []int  `json:"y,omitempty"`
		Z bool   `json:"z"`
	}
	fa := Fingerprint(reflect.TypeOf(a{}))
	if fa != Fingerprint(reflect.TypeOf(same{})) {
		t.Error("one shape, two fingerprints")
	}
	for _, v := range []any{renamed{}, noOmit{}, retyped{}, added{}, &a{}, map[string]a{}} {
		if Fingerprint(reflect.TypeOf(v)) == fa {
			t.Errorf("%T has a's fingerprint", v)
		}
	}
	// A recursive type has one.
	if Fingerprint(reflect.TypeOf(tree{})) == "" {
		t.Fatal("no fingerprint")
	}
}

func BenchmarkUnmarshal(b *testing.B) {
	in := sample()
	for range 200 {
		in.Kids = append(in.Kids, sample())
	}
	data, _ := Marshal(in)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var v tree
		if err := Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}
