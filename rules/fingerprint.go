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
	h := sha256.New()
	for _, id := range ids {
		r := s.byID[id]
		then, _ := json.Marshal(r.Then)
		b, _ := json.Marshal([]any{r.ID, r.When, r.Priority, string(then)})
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
