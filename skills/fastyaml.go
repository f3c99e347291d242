package skills

import "strings"

// fastFrontMatter decodes the plain subset of YAML that skill files use —
// "key: scalar", "key: [a, b]", "verified: true|false" and, under keywords, "  sub: [a, b]" — in
// a fraction of yaml.v3's time. It reports false for anything else
// (comments after values, block lists, escapes, anchors, tags, unknown or
// repeated keys …); the caller then decodes with yaml.v3, which also
// produces every error message. FuzzFastFrontMatter checks that both
// decode to the same values whenever this one succeeds.
// It returns the 0-based index of each key's line.
func fastFrontMatter(lines []string, s *Skill) (map[string]int, bool) {
	seen := map[string]int{}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if strings.Trim(line, " ") == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if _, dup := seen[key]; dup || !ok || !plainKey(key) || (val != "" && val[0] != ' ') {
			return nil, false
		}
		seen[key] = i
		val = strings.TrimSpace(val)
		dst := field(s, key)
		switch d := dst.(type) {
		case *string:
			str, ok := blockScalar(val)
			if !ok {
				return nil, false
			}
			*d = str
		case *[]string:
			if val == "" {
				*d = nil
				continue
			}
			list, ok := flowList(val)
			if !ok {
				return nil, false
			}
			*d = list
		case *verifiedKey:
			switch val {
			case "true":
				*d = false
			case "false":
				*d = true
			default:
				return nil, false // other spellings: yaml.v3 decides
			}
		case *map[string][]string:
			if val != "" {
				return nil, false
			}
			n, m, ok := keywordBlock(lines[i+1:])
			if !ok {
				return nil, false
			}
			*d, i = m, i+n
		default:
			return nil, false
		}
	}
	return seen, true
}

// keywordBlock reads the indented "  key: [list]" lines of a mapping and
// returns how many lines it used.
func keywordBlock(lines []string) (int, map[string][]string, bool) {
	var m map[string][]string
	indent := ""
	n := 0
	for ; n < len(lines); n++ {
		line := lines[n]
		if strings.Trim(line, " ") == "" {
			continue
		}
		trimmed := strings.TrimLeft(line, " ")
		if trimmed == line {
			break
		}
		if indent == "" {
			indent = line[:len(line)-len(trimmed)]
		}
		if !strings.HasPrefix(line, indent) || strings.HasPrefix(line[len(indent):], " ") {
			return 0, nil, false
		}
		key, val, ok := strings.Cut(trimmed, ":")
		if !ok || !plainKey(key) || !strings.HasPrefix(val, " ") {
			return 0, nil, false
		}
		if _, dup := m[key]; dup {
			return 0, nil, false
		}
		list, ok := flowList(strings.TrimSpace(val))
		if !ok {
			return 0, nil, false
		}
		if m == nil {
			m = map[string][]string{}
		}
		m[key] = list
	}
	return n, m, true
}

// plainKey accepts keys of letters, digits, '_', '-' and '.', not
// starting with '-' or '.'.
func plainKey(k string) bool {
	if k == "" || k[0] == '-' || k[0] == '.' {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// blockScalar decodes a scalar value in block context.
func blockScalar(v string) (string, bool) {
	if v == "" {
		return "", true
	}
	if q, ok := quoted(v); ok {
		return q, true
	}
	if !plainScalar(v, false) {
		return "", false
	}
	return v, true
}

// flowList decodes "[a, "b", c]" on one line.
func flowList(v string) ([]string, bool) {
	if len(v) < 2 || v[0] != '[' || v[len(v)-1] != ']' {
		return nil, false
	}
	body := strings.TrimSpace(v[1 : len(v)-1])
	list := []string{}
	if body == "" {
		return list, true
	}
	for body != "" {
		var item string
		if body[0] == '"' || body[0] == '\'' {
			end := strings.IndexByte(body[1:], body[0])
			if end < 0 {
				return nil, false
			}
			q, ok := quoted(body[:end+2])
			if !ok {
				return nil, false
			}
			item, body = q, strings.TrimSpace(body[end+2:])
			if body != "" && body[0] != ',' {
				return nil, false
			}
		} else {
			raw, _, _ := strings.Cut(body, ",")
			item = strings.TrimSpace(raw)
			if !plainScalar(item, true) {
				return nil, false
			}
			body = body[len(raw):]
		}
		list = append(list, item)
		if body != "" {
			body = strings.TrimSpace(body[1:]) // skip the comma
			if body == "" {
				return nil, false // a trailing comma
			}
		}
	}
	return list, true
}

// quoted decodes a quoted scalar without escapes.
func quoted(v string) (string, bool) {
	if len(v) < 2 || (v[0] != '"' && v[0] != '\'') || v[len(v)-1] != v[0] {
		return "", false
	}
	inner := v[1 : len(v)-1]
	if strings.ContainsAny(inner, "\"'\\\t\u0085\u2028\u2029") {
		return "", false
	}
	return inner, true
}

// plainScalar accepts a plain scalar that yaml.v3 decodes into a string
// as written: no leading indicator, no comment, no "key: " look-alike, no
// null, no tab or line break; inside a flow list also no flow indicators,
// ':' or '?'.
func plainScalar(v string, flow bool) bool {
	if v == "" || strings.IndexByte("-?:,[]{}#&*!|>'\"%@`", v[0]) >= 0 || v[len(v)-1] == ':' {
		return false
	}
	switch v {
	case "null", "Null", "NULL", "~":
		return false
	}
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case '\t', '\r':
			return false
		case '#':
			if v[i-1] == ' ' {
				return false
			}
		case ':':
			if flow || v[i+1] == ' ' {
				return false
			}
		case '[', ']', '{', '}', ',', '?':
			if flow {
				return false
			}
		case 0xc2: // U+0085
			if i+1 < len(v) && v[i+1] == 0x85 {
				return false
			}
		case 0xe2: // U+2028, U+2029
			if i+2 < len(v) && v[i+1] == 0x80 && (v[i+2] == 0xa8 || v[i+2] == 0xa9) {
				return false
			}
		}
	}
	return true
}
