package engine

import "strings"

// bundleDoc reads a bundle of short switches written together, getopt
// style ("-mv" for -m -v, "-bq 30" for -b -q 30), when every letter is a
// known single-letter flag and every one but the last is a switch; the
// last may take a value. The flag it returns keeps the bundle as its name
// (the command keeps what was written) and takes the last letter's value
// type, choices and category. A tool with long single-dash flags (-name,
// -nofw) reads "-abc" as one flag, so there no bundle is read.
func bundleDoc(flags []FlagDoc, name string) (FlagDoc, bool) {
	parts, last, ok := bundleParts(flags, name)
	if !ok {
		return FlagDoc{}, false
	}
	b := last
	b.Name, b.Aliases, b.Required, b.Default = name, nil, false, ""
	b.Description = strings.Join(parts, " ") + " written together; last: " + last.Description
	return b, true
}

// bundleParts returns the single-letter flags a bundle writes together
// ("-rcl": -r, -c, -l) and the last one's help.
func bundleParts(flags []FlagDoc, name string) ([]string, FlagDoc, bool) {
	if len(name) < 3 || name[0] != '-' || name[1] == '-' {
		return nil, FlagDoc{}, false
	}
	for _, c := range name[1:] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return nil, FlagDoc{}, false
		}
	}
	for _, f := range flags {
		for _, n := range append([]string{f.Name}, f.Aliases...) {
			if len(n) > 2 && n[0] == '-' && n[1] != '-' {
				return nil, FlagDoc{}, false
			}
		}
	}
	var parts []string
	var last FlagDoc
	for i := 1; i < len(name); i++ {
		f, ok := lookupExact(flags, "-"+name[i:i+1])
		if !ok || i < len(name)-1 && f.ParamType != "bool" {
			return nil, FlagDoc{}, false
		}
		parts = append(parts, "-"+name[i:i+1])
		last = f
	}
	return parts, last, true
}
