package llm

import (
	"strings"
)

// legacyReply finds the "ARGS:" and "EXPLANATION:" lines of the older
// two-line reply format, tolerating markdown bold, bullets and backticks.
func legacyReply(text string) (args, expl string, ok bool) {
	for _, line := range strings.Split(text, "\n") {
		l := strings.TrimLeft(strings.TrimSpace(line), "*#>`- ")
		label, rest, found := strings.Cut(l, ":")
		if !found {
			continue
		}
		rest = strings.TrimSpace(strings.TrimLeft(rest, "*"))
		switch strings.ToUpper(strings.TrimRight(label, "*` ")) {
		case "ARGS":
			if !ok {
				args, ok = unquoteCode(rest), true
			}
		case "EXPLANATION":
			expl = strings.TrimSpace(strings.TrimRight(rest, "*"))
		}
	}
	return args, expl, ok
}

// unquoteCode strips one pair of surrounding backtick fences.
func unquoteCode(s string) string {
	for _, fence := range []string{"```", "`"} {
		if len(s) >= 2*len(fence) && strings.HasPrefix(s, fence) && strings.HasSuffix(s, fence) {
			return strings.TrimSpace(s[len(fence) : len(s)-len(fence)])
		}
	}
	return s
}

// parseLegacy validates a legacy ARGS line: an optional executable, an
// optional subcommand, then flags (each checked against the form) and
// positionals.
func parseLegacy(v *validator, args, expl string, f Form) (Fill, error) {
	words, err := shellSplit(args)
	if err != nil {
		return Fill{}, invalid("ARGS: %v", err)
	}
	v.fill.Explanation = expl
	i := 0
	if i < len(words) && contains(f.executables(), words[i].text) {
		// A whole command line: what follows the program is the
		// subcommand, or there is none.
		v.fill.Executable = words[i].text
		v.fill.Subcommand = ""
		i++
	}
	if i < len(words) && contains(f.Subcommands, words[i].text) {
		v.fill.Subcommand = words[i].text
		i++
	}
	v.rescope()
	// "> file" at the end is standard output going to a file, as in skill
	// examples.
	if n := len(words); n-i >= 2 && !words[n-2].quoted && words[n-2].text == ">" && !shellOperators[words[n-1].text] {
		v.fill.Stdout = words[n-1].text
		words = words[:n-2]
	}
	// "< file" before it is a file read on standard input.
	if n := len(words); n-i >= 2 && !words[n-2].quoted && words[n-2].text == "<" && !shellOperators[words[n-1].text] {
		v.fill.Stdin = words[n-1].text
		words = words[:n-2]
	}
	endOpts := false
	for ; i < len(words); i++ {
		w := words[i]
		if !endOpts && !w.quoted && w.text == "--" {
			endOpts = true
			continue
		}
		if endOpts || !looksLikeFlag(w.text) || v.inCommand() {
			// NAME=value options without dashes (Picard style) are
			// flags when NAME is one.
			if n, val, ok := strings.Cut(w.text, "="); ok && !endOpts && !v.inCommand() {
				if _, known := v.lookup(n); known {
					if err := v.flagAs(n, val, true); err != nil {
						return Fill{}, err
					}
					continue
				}
			}
			if err := v.positional(w.text, w.quoted); err != nil {
				return Fill{}, err
			}
			continue
		}
		name, val, hasEq := strings.Cut(w.text, "=")
		ff, known := v.lookup(name)
		short := false
		if !known && !hasEq && !strings.HasPrefix(w.text, "--") && len(w.text) > 2 {
			// "-p4": a short flag with its value attached.
			if sf, ok := v.idx[w.text[:2]]; ok && !sf.isBool() {
				name, val, hasEq, ff, known, short = w.text[:2], w.text[2:], true, sf, true, true
			} else if gf, n, ok := v.glued(w.text); ok {
				// "-Xmx4g": a flag whose help writes its value onto it.
				name, val, hasEq, ff, known, short = n, w.text[len(n):], true, gf, true, true
			}
		}
		if !known && !hasEq && !strings.HasPrefix(w.text, "--") && len(w.text) > 2 {
			// "-cd": short switches bundled behind one dash; "-czf
			// out.tar.gz": the last letter takes the next word
			if names, valued, ok := v.bundled(w.text); ok {
				last := len(names)
				if valued {
					last--
				}
				for _, n := range names[:last] {
					if err := v.flagAs(n, "", false); err != nil {
						return Fill{}, err
					}
				}
				if valued {
					if i+1 >= len(words) {
						return Fill{}, invalid("flag %s needs a value", names[last])
					}
					next := words[i+1]
					if !next.quoted && shellOperators[next.text] {
						return Fill{}, invalid("%q is a shell operator; give the arguments of one command only", next.text)
					}
					if err := v.flagAs(names[last], next.text, false); err != nil {
						return Fill{}, err
					}
					i++
				}
				continue
			}
		}
		if !known {
			return Fill{}, v.unknown(name)
		}
		switch {
		case hasEq:
		case ff.isBool() || ff.AttachedValue:
			val = ""
		case i+1 < len(words) && (ff.takesValue() || !looksLikeFlag(words[i+1].text)):
			next := words[i+1]
			if !next.quoted && shellOperators[next.text] {
				return Fill{}, invalid("%q is a shell operator; give the arguments of one command only", next.text)
			}
			val = next.text
			i++
		}
		if err := v.flagAs(name, val, hasEq && !short); err != nil {
			return Fill{}, err
		}
	}
	return v.fill, nil
}

// bundled splits "-cd" into "-c" and "-d" when every letter is a known
// short switch (a flag without a value). The last letter may be a flag
// that takes a value, getopt style ("-czf out.tar.gz" is -c -z -f
// out.tar.gz); valued reports that. That is read only when the program
// has no single-dash names of more than one letter (-name, -np), where
// "-abc" may be one flag.
func (v *validator) bundled(w string) (names []string, valued, ok bool) {
	rs := []rune(w[1:])
	for i, r := range rs {
		f, known := v.idx["-"+string(r)]
		switch {
		case !known:
			return nil, false, false
		case f.isBool():
		case i == len(rs)-1 && f.takesValue() && !v.singleDashLong():
			valued = true
		default:
			return nil, false, false
		}
		names = append(names, "-"+string(r))
	}
	return names, valued, true
}

// singleDashLong reports whether the picked program has a flag spelled
// with one dash and more than one letter (-name, -np).
func (v *validator) singleDashLong() bool {
	for n := range v.idx {
		if len(n) > 2 && n[0] == '-' && n[1] != '-' {
			return true
		}
	}
	return false
}
