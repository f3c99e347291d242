// Package bincodec writes Go values in a compact binary form and reads
// them back, for the program's caches: reading a cached ToolDoc this way
// takes a fraction of the time encoding/json takes.
//
// A value read back is the value encoding/json would give after a round
// trip through JSON, so a cache in this form answers as one in JSON did:
// fields follow the json tags (a field tagged "-" and unexported fields
// are left out), an empty slice or map of an omitempty field reads as
// nil, an empty one of another field stays empty and a nil one nil, and
// a string that is not valid UTF-8 reads with each invalid byte replaced
// by U+FFFD. A float that is not finite is an error, as it is for JSON.
//
// The form holds no field names: Fingerprint names the shape of a type,
// and a reader must check that a file was written for the same shape.
package bincodec

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// Fingerprint identifies the shape of t as this package writes it: its
// kinds, field names, tags and element types. Two types with the same
// fingerprint read each other's data.
func Fingerprint(t reflect.Type) string {
	var b strings.Builder
	describe(&b, t, map[reflect.Type]int{})
	h := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(h[:8])
}

func describe(b *strings.Builder, t reflect.Type, seen map[reflect.Type]int) {
	if n, ok := seen[t]; ok {
		fmt.Fprintf(b, "@%d", n)
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		seen[t] = len(seen)
		b.WriteString("{")
		for _, f := range fields(t) {
			fmt.Fprintf(b, "%q %v ", f.name, f.omitempty)
			describe(b, t.Field(f.index).Type, seen)
			b.WriteString(";")
		}
		b.WriteString("}")
	case reflect.Slice, reflect.Pointer:
		seen[t] = len(seen)
		b.WriteString(t.Kind().String() + " ")
		describe(b, t.Elem(), seen)
	case reflect.Map:
		seen[t] = len(seen)
		b.WriteString("map ")
		describe(b, t.Key(), seen)
		b.WriteString(" ")
		describe(b, t.Elem(), seen)
	default:
		b.WriteString(t.Kind().String())
	}
}

type field struct {
	index     int
	name      string
	omitempty bool
}

// fields lists the fields of struct type t that JSON keeps.
func fields(t reflect.Type) []field {
	var out []field
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if !f.IsExported() || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		out = append(out, field{index: i, name: name, omitempty: slices.Contains(strings.Split(opts, ","), "omitempty")})
	}
	return out
}

// ErrUnsupported is returned for a type with a kind the form does not
// hold (interfaces, channels, functions, arrays, maps with keys other
// than strings, embedded structs, structs without fields).
var ErrUnsupported = errors.New("bincodec: unsupported type")

// Marshal returns the form of v; a pointer is written as the value it
// points to, so that Unmarshal(Marshal(&x), &y) reads x into y, as with
// encoding/json.
func Marshal(v any) ([]byte, error) {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return nil, errors.New("bincodec: Marshal of a nil pointer")
		}
		rv = rv.Elem()
	}
	if !rv.IsValid() {
		return nil, fmt.Errorf("%w: nil", ErrUnsupported)
	}
	if err := check(rv.Type(), map[reflect.Type]bool{}); err != nil {
		return nil, err
	}
	e := &encoder{}
	if err := e.value(rv, false); err != nil {
		return nil, err
	}
	return e.b, nil
}

// check says whether the form holds every type reachable from t.
func check(t reflect.Type, seen map[reflect.Type]bool) error {
	if seen[t] {
		return nil
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return nil
	case reflect.Slice, reflect.Pointer:
		return check(t.Elem(), seen)
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return fmt.Errorf("%w: %s", ErrUnsupported, t)
		}
		return check(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).Anonymous {
				return fmt.Errorf("%w: embedded field %s in %s", ErrUnsupported, t.Field(i).Name, t)
			}
		}
		if len(fields(t)) == 0 {
			return fmt.Errorf("%w: %s has no fields", ErrUnsupported, t)
		}
		for _, f := range fields(t) {
			if err := check(t.Field(f.index).Type, seen); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%w: %s", ErrUnsupported, t)
}

type encoder struct{ b []byte }

func (e *encoder) uint(n uint64) { e.b = binary.AppendUvarint(e.b, n) }

func (e *encoder) str(s string) {
	if utf8.ValidString(s) {
		e.uint(uint64(len(s)))
		e.b = append(e.b, s...)
		return
	}
	// As encoding/json writes it: each invalid byte becomes U+FFFD.
	var fixed []byte
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			fixed = utf8.AppendRune(fixed, utf8.RuneError)
		} else {
			fixed = append(fixed, s[i:i+size]...)
		}
		i += size
	}
	e.uint(uint64(len(fixed)))
	e.b = append(e.b, fixed...)
}

// value appends v; omitempty says an empty slice or map is written nil.
func (e *encoder) value(v reflect.Value, omitempty bool) error {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			e.b = append(e.b, 1)
		} else {
			e.b = append(e.b, 0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.b = binary.AppendVarint(e.b, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		e.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("bincodec: unsupported value %v", f)
		}
		if v.Kind() == reflect.Float32 {
			e.b = binary.LittleEndian.AppendUint32(e.b, math.Float32bits(float32(f)))
		} else {
			e.b = binary.LittleEndian.AppendUint64(e.b, math.Float64bits(f))
		}
	case reflect.String:
		e.str(v.String())
	case reflect.Pointer:
		if v.IsNil() {
			e.b = append(e.b, 0)
			return nil
		}
		e.b = append(e.b, 1)
		return e.value(v.Elem(), false)
	case reflect.Slice:
		if v.IsNil() || (omitempty && v.Len() == 0) {
			e.uint(0)
			return nil
		}
		e.uint(uint64(v.Len()) + 1)
		for i := range v.Len() {
			if err := e.value(v.Index(i), false); err != nil {
				return err
			}
		}
	case reflect.Map:
		if v.IsNil() || (omitempty && v.Len() == 0) {
			e.uint(0)
			return nil
		}
		e.uint(uint64(v.Len()) + 1)
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			e.str(k.String())
			if err := e.value(v.MapIndex(k), false); err != nil {
				return err
			}
		}
	case reflect.Struct:
		for _, f := range cachedFields(v.Type()) {
			if err := e.value(v.Field(f.index), f.omitempty); err != nil {
				return err
			}
		}
	}
	return nil
}

var fieldCache sync.Map // reflect.Type → []field

func cachedFields(t reflect.Type) []field {
	if f, ok := fieldCache.Load(t); ok {
		return f.([]field)
	}
	f := fields(t)
	fieldCache.Store(t, f)
	return f
}

// ErrCorrupt is returned for data that is not a value of the type.
var ErrCorrupt = errors.New("bincodec: corrupt data")

// Unmarshal reads data written by Marshal for a value of the type v
// points to into *v. Data that ends early, runs on, or holds a length
// larger than what is left is ErrCorrupt; it never panics.
func Unmarshal(data []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return errors.New("bincodec: Unmarshal needs a non-nil pointer")
	}
	if err := check(rv.Type().Elem(), map[reflect.Type]bool{}); err != nil {
		return err
	}
	// One string holds every string the data has: the fields' strings
	// share its bytes instead of each being copied.
	d := &decoder{s: string(data)}
	if err := d.value(rv.Elem()); err != nil {
		return err
	}
	if d.i != len(d.s) {
		return ErrCorrupt
	}
	return nil
}

type decoder struct {
	s string
	i int
}

func (d *decoder) uint() (uint64, error) {
	var n uint64
	var shift uint
	for {
		if d.i >= len(d.s) || shift > 63 {
			return 0, ErrCorrupt
		}
		c := d.s[d.i]
		d.i++
		n |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return n, nil
		}
		shift += 7
	}
}

func (d *decoder) int() (int64, error) {
	u, err := d.uint()
	x := int64(u >> 1)
	if u&1 != 0 {
		x = ^x
	}
	return x, err
}

// length reads a count of items, each at least a byte long (check
// refuses structs without fields); false for nil.
func (d *decoder) length() (int, bool, error) {
	n, err := d.uint()
	if err != nil || n == 0 {
		return 0, false, err
	}
	n--
	if n > uint64(len(d.s)-d.i) {
		return 0, false, ErrCorrupt
	}
	return int(n), true, nil
}

func (d *decoder) str() (string, error) {
	n, err := d.uint()
	if err != nil {
		return "", err
	}
	if n > uint64(len(d.s)-d.i) {
		return "", ErrCorrupt
	}
	s := d.s[d.i : d.i+int(n)]
	d.i += int(n)
	return s, nil
}

func (d *decoder) fixed(n int) (uint64, error) {
	if len(d.s)-d.i < n {
		return 0, ErrCorrupt
	}
	var u uint64
	for k := n - 1; k >= 0; k-- {
		u = u<<8 | uint64(d.s[d.i+k])
	}
	d.i += n
	return u, nil
}

func (d *decoder) value(v reflect.Value) error {
	switch v.Kind() {
	case reflect.Bool:
		if d.i >= len(d.s) || d.s[d.i] > 1 {
			return ErrCorrupt
		}
		v.SetBool(d.s[d.i] == 1)
		d.i++
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := d.int()
		if err != nil || v.OverflowInt(n) {
			return ErrCorrupt
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := d.uint()
		if err != nil || v.OverflowUint(n) {
			return ErrCorrupt
		}
		v.SetUint(n)
	case reflect.Float32:
		u, err := d.fixed(4)
		if err != nil {
			return err
		}
		v.SetFloat(float64(math.Float32frombits(uint32(u))))
	case reflect.Float64:
		u, err := d.fixed(8)
		if err != nil {
			return err
		}
		v.SetFloat(math.Float64frombits(u))
	case reflect.String:
		s, err := d.str()
		if err != nil {
			return err
		}
		v.SetString(s)
	case reflect.Pointer:
		if d.i >= len(d.s) || d.s[d.i] > 1 {
			return ErrCorrupt
		}
		d.i++
		if d.s[d.i-1] == 0 {
			v.SetZero()
			return nil
		}
		p := reflect.New(v.Type().Elem())
		if err := d.value(p.Elem()); err != nil {
			return err
		}
		v.Set(p)
	case reflect.Slice:
		n, ok, err := d.length()
		if err != nil {
			return err
		}
		if !ok {
			v.SetZero()
			return nil
		}
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := range n {
			if err := d.value(s.Index(i)); err != nil {
				return err
			}
		}
		v.Set(s)
	case reflect.Map:
		n, ok, err := d.length()
		if err != nil {
			return err
		}
		if !ok {
			v.SetZero()
			return nil
		}
		m := reflect.MakeMapWithSize(v.Type(), n)
		for range n {
			k, err := d.str()
			if err != nil {
				return err
			}
			e := reflect.New(v.Type().Elem()).Elem()
			if err := d.value(e); err != nil {
				return err
			}
			m.SetMapIndex(reflect.ValueOf(k).Convert(v.Type().Key()), e)
		}
		v.Set(m)
	case reflect.Struct:
		for _, f := range cachedFields(v.Type()) {
			if err := d.value(v.Field(f.index)); err != nil {
				return err
			}
		}
	}
	return nil
}
