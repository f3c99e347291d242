package rules

import (
	"errors"
	"fmt"
	"reflect"
	"sync"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/optimizer"
	"github.com/expr-lang/expr/vm"
)

// expr.Compile builds its configuration from the options at every call:
// the environment's types, every function of funcs.go and the metered
// builtins, about a third of the time a rule takes to compile. A rule's
// configuration depends only on its kind and limits, so it is built once
// per kind and limits and reused: compileWhen runs the steps of
// expr.Compile on it. A configuration also caches the types it has
// checked, so it is used by one compile at a time: each kind keeps a pool.

// compileOptions are the options a rule of spec compiles with under lim,
// but for the growth patch (one per rule).
func compileOptions(spec KindSpec, lim Limits) []expr.Option {
	// The environment is checked as the struct a pointer to which rules
	// are evaluated on: expr then reads a field by its index, not by its
	// name through reflection at every evaluation.
	env := reflect.ValueOf(spec.NewEnv()).Elem().Interface()
	opts := append([]expr.Option{expr.Env(env), expr.AsBool(), expr.MaxNodes(lim.MaxNodes)}, functions()...)
	for _, b := range disabledBuiltins {
		opts = append(opts, expr.DisableBuiltin(b))
	}
	return append(opts, meteredOpts()...)
}

type configKey struct {
	kind     string
	maxNodes uint
}

var configPools sync.Map // configKey → *sync.Pool of *conf.Config

func configPool(spec KindSpec, lim Limits) *sync.Pool {
	k := configKey{spec.Name, lim.MaxNodes}
	if p, ok := configPools.Load(k); ok {
		return p.(*sync.Pool)
	}
	p, _ := configPools.LoadOrStore(k, &sync.Pool{New: func() any {
		// As expr.Compile builds it.
		c := conf.CreateNew()
		for _, op := range compileOptions(spec, lim) {
			op(c)
		}
		for name := range c.Disabled {
			delete(c.Builtins, name)
		}
		return c
	}})
	return p.(*sync.Pool)
}

// compileWhen compiles src as expr.Compile(src, compileOptions(spec,
// lim)..., expr.Patch(growth)) does, on a reused configuration; a
// compiler panic is an error.
func compileWhen(src string, spec KindSpec, lim Limits, growth *growthPatch) (p *vm.Program, err error) {
	pool := configPool(spec, lim)
	c := pool.Get().(*conf.Config)
	defer func() {
		if r := recover(); r != nil {
			// The configuration may be half-way through an update: drop it.
			p, err = nil, fmt.Errorf("compiler failed: %v", r)
			return
		}
		c.Visitors = nil
		pool.Put(c)
	}()
	c.Visitors = []ast.Visitor{growth}
	c.Check()
	tree, err := checker.ParseCheck(src, c)
	if err != nil {
		return nil, err
	}
	if c.Optimize {
		if err := optimizer.Optimize(&tree.Node, c); err != nil {
			var fileError *file.Error
			if errors.As(err, &fileError) {
				return nil, fileError.Bind(tree.Source)
			}
			return nil, err
		}
	}
	return compiler.Compile(tree, c)
}
