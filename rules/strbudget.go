package rules

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/vm/runtime"
)

// maxBuiltBytes bounds the bytes of strings (and split results) one
// evaluation of a rule may build. expr's memory budget counts elements of
// arrays and ranges, not bytes: a `when` that doubles help seven times, or
// joins 99,999 copies of it, passed that budget and exhausted memory.
const maxBuiltBytes = 4 << 20

// sliceHeader is what one element of a split result costs.
const sliceHeader = 16

// metered maps an expr operation that builds strings to the function that
// checks its size before building: the checked form of `+` on strings and
// of the builtins join, replace, upper, lower, split and splitAfter. Each
// takes the environment ($env) first, to charge the right evaluation.
var metered = map[string]func(args []any) int{
	"join": func(a []any) int {
		n, k := 0, 0
		switch v := a[0].(type) {
		case []string:
			for _, s := range v {
				n += len(s)
			}
			k = len(v)
		case []any:
			for _, s := range v {
				if s, ok := s.(string); ok {
					n += len(s)
				}
			}
			k = len(v)
		}
		if len(a) == 2 && k > 1 {
			n += (k - 1) * len(a[1].(string))
		}
		return n
	},
	"replace": func(a []any) int {
		s, old, repl := a[0].(string), a[1].(string), a[2].(string)
		k := strings.Count(s, old)
		if len(a) == 4 {
			if lim := runtime.ToInt(a[3]); lim >= 0 && lim < k {
				k = lim
			}
		}
		return len(s) + k*max(0, len(repl)-len(old))
	},
	"upper":      func(a []any) int { return len(a[0].(string)) },
	"lower":      func(a []any) int { return len(a[0].(string)) },
	"split":      splitCost,
	"splitAfter": splitCost,
}

func splitCost(a []any) int {
	s, sep := a[0].(string), a[1].(string)
	k := strings.Count(s, sep) + 1
	if sep == "" {
		k = utf8.RuneCountInString(s)
	}
	if len(a) == 3 {
		if lim := runtime.ToInt(a[2]); lim > 0 && lim < k {
			k = lim
		}
	}
	return k * sliceHeader
}

// meter counts what one evaluation has built. Evaluations are told apart
// by their environment pointer; two evaluations that share one pointer at
// the same time share a meter, which only makes the bound stricter.
type meter struct {
	used atomic.Int64
	refs int
}

type meters struct {
	mu sync.Mutex
	m  map[any]*meter
}

var evalMeters = &meters{m: map[any]*meter{}}

// start opens the meter of an evaluation and returns its end.
func (ms *meters) start(env any) func() {
	if reflect.ValueOf(env).Kind() != reflect.Pointer {
		return func() {}
	}
	ms.mu.Lock()
	mt := ms.m[env]
	if mt == nil {
		mt = &meter{}
		ms.m[env] = mt
	}
	mt.refs++
	ms.mu.Unlock()
	return func() {
		ms.mu.Lock()
		if mt.refs--; mt.refs == 0 {
			delete(ms.m, env)
		}
		ms.mu.Unlock()
	}
}

// charge adds n bytes to env's evaluation and fails past the bound. An
// evaluation with no meter (run outside Set.run) is bounded per operation.
func (ms *meters) charge(env any, n int) error {
	total := int64(n)
	if reflect.ValueOf(env).Kind() == reflect.Pointer {
		ms.mu.Lock()
		mt := ms.m[env]
		ms.mu.Unlock()
		if mt != nil {
			total = mt.used.Add(int64(n))
		}
	}
	if total > maxBuiltBytes {
		return fmt.Errorf("the strings this rule builds are larger than %d bytes", maxBuiltBytes)
	}
	return nil
}

// catName and addName are the checked forms of `+`: on two strings, and
// on operands whose type is known only at run time.
const (
	catName = "__cat"
	addName = "__add"
)

// meteredOpts registers the checked functions; built once, shared by
// every compile.
var meteredOpts = sync.OnceValue(meteredOptions)

func meteredOptions() []expr.Option {
	add := func(p ...any) (any, error) {
		if a, ok := p[1].(string); ok {
			if b, ok := p[2].(string); ok {
				if err := evalMeters.charge(p[0], len(a)+len(b)); err != nil {
					return nil, err
				}
				return a + b, nil
			}
		}
		return runtime.Add(p[1], p[2]), nil
	}
	opts := []expr.Option{
		expr.Function(catName, add, new(func(any, string, string) string)),
		expr.Function(addName, add, new(func(any, any, any) any)),
	}
	for name, cost := range metered {
		b := builtin.Builtins[builtin.Index[name]]
		types := make([]any, len(b.Types))
		for i, t := range b.Types {
			in := []reflect.Type{reflect.TypeFor[any]()}
			for j := range t.NumIn() {
				in = append(in, t.In(j))
			}
			out := []reflect.Type{t.Out(0)}
			types[i] = reflect.New(reflect.FuncOf(in, out, false)).Interface()
		}
		opts = append(opts, expr.Function("__"+name, func(p ...any) (any, error) {
			if err := evalMeters.charge(p[0], cost(p[1:])); err != nil {
				return nil, err
			}
			if b.Fast != nil {
				return b.Fast(p[1]), nil
			}
			return b.Func(p[1:]...)
		}, types...))
	}
	return opts
}

// growthPatch rewrites every string-building operation into its checked
// form with $env as first argument, and counts them so that rules without
// any skip the meter.
type growthPatch struct{ n int }

func (g *growthPatch) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.BinaryNode:
		l, r := kindOf(n.Left), kindOf(n.Right)
		if n.Operator != "+" || l == other || r == other {
			return
		}
		name, t := catName, reflect.TypeFor[string]()
		if l == unknown && r == unknown {
			name, t = addName, reflect.TypeFor[any]()
		}
		g.replace(node, name, []ast.Node{n.Left, n.Right}, t)
	case *ast.BuiltinNode:
		if _, ok := metered[n.Name]; ok {
			g.replace(node, "__"+n.Name, n.Arguments, n.Type())
		}
	}
}

func (g *growthPatch) replace(node *ast.Node, name string, args []ast.Node, t reflect.Type) {
	call := &ast.CallNode{Callee: &ast.IdentifierNode{Value: name},
		Arguments: append([]ast.Node{&ast.IdentifierNode{Value: "$env"}}, args...)}
	call.SetType(t)
	ast.Patch(node, call)
	g.n++
}

type operand int

const (
	other   operand = iota // a number, a list, a duration: `+` builds no string
	str                    // a string
	unknown                // known only at run time
)

// kindOf classifies an operand of `+` by its checked type.
func kindOf(n ast.Node) operand {
	t := n.Type()
	switch {
	case t == nil || t.Kind() == reflect.Interface:
		return unknown
	case t.Kind() == reflect.String:
		return str
	}
	return other
}
