package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sort"
)

// Fingerprint is a hash of every rule's id, expression, priority and then
// value. Caches of derived data (the ToolDoc) include it in their key, so
// editing a rule invalidates what it produced.
func (s *Set) Fingerprint() string {
	s.fpOnce.Do(func() { s.fp = s.fingerprint() })
	return s.fp
}

// fingerprint computes Fingerprint; a Set does not change after Load.
func (s *Set) fingerprint() string {
	ids := make([]string, 0, len(s.byID))
	for id := range s.byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	// The rules' JSON goes to the hash through one buffer.
	h := sha256.New()
	b := make([]byte, 0, 32<<10)
	for _, id := range ids {
		if j := s.byID[id].fingerprintJSON(); len(b)+len(j) <= cap(b) {
			b = append(b, j...)
		} else {
			h.Write(b)
			h.Write([]byte(j))
			b = b[:0]
		}
	}
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// fingerprintJSON is what Fingerprint hashes of one rule: its id,
// expression, priority and then value, as JSON. A rule from the cache
// brings it along (written by this same program).
func (r *Rule) fingerprintJSON() string {
	if r.fpJSON != "" {
		return r.fpJSON
	}
	then, _ := json.Marshal(r.Then)
	b, _ := json.Marshal([]any{r.ID, r.When, r.Priority, string(then)})
	return string(b)
}
