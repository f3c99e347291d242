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
	if f.Placeholder == "" && len(f.Choices) == 0 && gluedInText(name, f.Description) {
		// "-Xmx  … -Xmx20g will specify 20 gigs": the help writes the
		// value onto the flag itself.
		f.Placeholder, f.Style = "VALUE", "glued"
	}
	setType(&f)
	return f
}

// gluedInText reports whether text shows the flag written with a value
// joined to it, a digit right after the name ("-Xmx20g", "-Xss4m").
func gluedInText(name, text string) bool {
	if !strings.HasPrefix(name, "-") || strings.HasPrefix(name, "--") {
		return false
	}
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || text[j-1] == ' ' || text[j-1] == '(') && end < len(text) && text[end] >= '0' && text[end] <= '9' {
			return true
		}
		i = j + 1
	}
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
