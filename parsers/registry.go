package parsers

import (
	"fmt"
	"sort"
	"strings"
)

// registry is the one list of parsers. It is built on each call so that
// callers cannot change what another caller sees.
func registry() []Parser {
	return []Parser{
		argparseParser{},
		clapParser{},
		clickParser{},
		cobraParser{},
		envoptParser{},
		genericParser{},
		getoptParser{},
		goflagParser{},
		paramListParser{},
	}
}

// Get returns the parser with the given name. The error lists the valid
// names.
func Get(name string) (Parser, error) {
	for _, p := range registry() {
		if p.Name() == name {
			return p, nil
		}
	}
	return nil, fmt.Errorf("unknown parser %q (valid: %s)", name, strings.Join(Names(), ", "))
}

// Names returns the parser names, sorted.
func Names() []string {
	var names []string
	for _, p := range registry() {
		names = append(names, p.Name())
	}
	sort.Strings(names)
	return names
}

// All returns every parser, in name order.
func All() []Parser {
	ps := registry()
	sort.Slice(ps, func(i, j int) bool { return ps[i].Name() < ps[j].Name() })
	return ps
}
