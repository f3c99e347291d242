package parsers

import "strings"

// finishFlags builds the flags of one entry: one flag, or one per name
// when the names are alternatives ("--fr/--rf/--ff").
func finishFlags(sp flagSpec, desc []string, parens bool) []Flag {
	if !sp.alternatives() {
		return []Flag{finishFlag(sp, desc, parens)}
	}
	k := 0
	for _, g := range sp.groups {
		k = max(k, len(g))
	}
	var out []Flag
	if k == 1 {
		// "--shout / --no-shout": one flag per name
		for _, g := range sp.groups {
			one := sp
			one.names = g
			out = append(out, finishFlag(one, desc, parens))
		}
		return out
	}
	// "-c/C, --min-ac/--max-ac": the j-th names of the groups go together;
	// a lone name goes with the first.
	for j := 0; j < k; j++ {
		one := sp
		one.names = nil
		for _, g := range sp.groups {
			if len(g) == k {
				one.names = append(one.names, g[j])
			} else if j == 0 {
				one.names = append(one.names, g...)
			}
		}
		out = append(out, finishFlag(one, desc, parens))
	}
	return out
}

// finishFlag builds a Flag from a spec and its description.
func finishFlag(sp flagSpec, desc []string, parens bool) Flag {
	name, aliases := canonical(sp.names)
	vals := sp.values
	if sp.glued != "" {
		vals = append([]string{sp.glued}, vals...)
	}
	vi := readValues(vals)
	f := Flag{
		Name:          name,
		Aliases:       aliases,
		Placeholder:   vi.placeholder,
		Choices:       vi.choices,
		OptionalValue: vi.optional,
		AttachedValue: vi.attached,
		Repeatable:    vi.repeat || sp.repeat,
	}
	f.Description = strings.TrimPrefix(descMeta(&f, desc, parens), ": ")
	setType(&f)
	return f
}

// setType fills ParamType from the placeholder and choices; boolean and
// list-typed values get their implied choices and repeatability.
func setType(f *Flag) {
	if isBoolWord(f.Placeholder) && len(f.Choices) == 0 {
		f.Choices = []string{"true", "false"}
	}
	switch strings.ToLower(f.Placeholder) {
	case "strings", "stringslice", "stringarray", "intslice":
		f.Repeatable = true
	}
	if strings.HasPrefix(f.Placeholder, "-|") {
		// "-|+TYPE", "-|LIST": a sign or "-" before a value, not a list
		// of choices; the value may start with "-" (bcftools norm -m -any)
		f.Choices = nil
		f.ParamType = "string"
		return
	}
	f.ParamType = inferType(f.Placeholder, f.Choices)
}
