package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/traitome/oxo-call/internal/safefile"
	"github.com/traitome/oxo-call/llm"
)

// llmCacheFormat changes whenever LLMEntry changes shape.
const llmCacheFormat = 1

// LLMCache keeps what a model answered on disk (one JSON file per
// question, named by the SHA-256 of its key), so asking the same thing
// again costs no call. Writes are atomic; a corrupt entry is removed.
type LLMCache struct {
	Dir string
}

// NewLLMCache returns a cache under dir (created on the first Put).
func NewLLMCache(dir string) *LLMCache { return &LLMCache{Dir: dir} }

// LLMKey is everything a model's answer depends on. Kind is the question
// ("fill", "review"); Extra carries what else the question quoted (the
// command under review).
type LLMKey struct {
	Kind   string `json:"kind"`
	Tool   string `json:"tool"`
	Task   string `json:"task"`
	DocKey string `json:"tooldoc_key"`
	Skill  string `json:"skill"`
	Model  string `json:"model"`
	Mode   string `json:"mode"`
	Extra  string `json:"extra,omitempty"`
}

// Hash is the key's file name: the SHA-256 of its JSON form.
func (k LLMKey) Hash() string {
	b, _ := json.Marshal(k)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// LLMEntry is one cached answer.
type LLMEntry struct {
	// Fill is the model's validated fill (Kind "fill").
	Fill *llm.Fill `json:"fill,omitempty"`
	// Rejected says why the model's reply could not be used, even after
	// the repair call (Kind "fill").
	Rejected string `json:"rejected,omitempty"`
	// OK and Issue are a review's verdict (Kind "review").
	OK    bool   `json:"ok,omitempty"`
	Issue string `json:"issue,omitempty"`
	// PromptTokens is what the answer cost when it was asked.
	PromptTokens int `json:"prompt_tokens"`
}

type llmEnvelope struct {
	Format int       `json:"format"`
	Key    LLMKey    `json:"key"`
	Entry  *LLMEntry `json:"entry"`
}

func (c *LLMCache) file(k LLMKey) string { return filepath.Join(c.Dir, k.Hash()+".json") }

// Get returns the cached answer for k. A corrupt file, or one written for
// another key, is removed and reported as a miss.
func (c *LLMCache) Get(k LLMKey) (*LLMEntry, bool) {
	if c == nil {
		return nil, false
	}
	p := c.file(k)
	b, err := safefile.ReadFile(p, maxCacheFileBytes)
	if err != nil {
		return nil, false
	}
	var env llmEnvelope
	if err := json.Unmarshal(b, &env); err != nil || env.Format != llmCacheFormat || env.Key != k || env.Entry == nil {
		os.Remove(p)
		return nil, false
	}
	return env.Entry, true
}

// Put stores an answer atomically.
func (c *LLMCache) Put(k LLMKey, e *LLMEntry) error {
	if c == nil {
		return nil
	}
	if err := os.MkdirAll(c.Dir, 0o700); err != nil {
		return err
	}
	b, _ := json.Marshal(llmEnvelope{Format: llmCacheFormat, Key: k, Entry: e}) // plain strings and numbers: cannot fail
	return WriteFileAtomic(c.file(k), b, 0o600)
}
