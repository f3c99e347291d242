package engine

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/traitome/oxo-call/internal/bincodec"
	"github.com/traitome/oxo-call/internal/safefile"
	"github.com/traitome/oxo-call/parsers"
)

// docFormat changes whenever the ToolDoc shape or the exploration changes
// in a way that makes old cache entries wrong (parsers.Version covers the
// parsers).
const docFormat = 3

// Cache keeps ToolDocs on disk (one file per tool and key) with an
// in-memory LRU in front for batch runs. A file is a header line (the
// format, docFormat and the shape of ToolDoc), the key, and the doc in
// the compact form of internal/bincodec: reading it takes a fraction of
// the time JSON took, and gives the doc JSON gave. Files of another
// format or shape (an older build, a ToolDoc with other fields) are not
// read, and are replaced.
type Cache struct {
	Dir string
	mem *lru.Cache[string, *ToolDoc]
}

// NewCache returns a cache under dir holding up to n docs in memory.
func NewCache(dir string, n int) *Cache {
	m, _ := lru.New[string, *ToolDoc](max(1, n))
	return &Cache{Dir: dir, mem: m}
}

// CacheKey identifies a ToolDoc: the program's path, size and mtime (a
// changed binary is a new key), the rules fingerprint and the doc format.
// The version is stored inside rather than keyed: it is derived from the
// same bytes, and re-running `--version` on every call costs 5–80 ms.
func CacheKey(rec *ToolRecord, rulesFingerprint string) string {
	h := sha256.Sum256(fmt.Appendf(nil, "%d|%d|%s|%d|%d|%s|%v", docFormat, parsers.Version, rec.ResolvedPath, rec.Size, rec.ModUnix, rulesFingerprint, rec.RunThroughInterpreter))
	return hex.EncodeToString(h[:])[:20]
}

// docHeader starts every cache file of this build.
var docHeader = fmt.Sprintf("oxo-call tooldoc %d %s\n", docFormat, bincodec.Fingerprint(reflect.TypeFor[ToolDoc]()))

// cacheExt is the cache files' extension; legacyExt that of the JSON
// files older builds wrote, removed with the others.
const (
	cacheExt  = ".bin"
	legacyExt = ".json"
)

func (c *Cache) file(executable, key string) string {
	return filepath.Join(c.Dir, safeName(executable)+"-"+key+cacheExt)
}

// files lists the cache files of an executable, in this format or the
// older JSON one: those whose key is keyLen long, or all when keyLen < 0.
func (c *Cache) files(executable string, keyLen int) []string {
	var out []string
	for _, ext := range []string{cacheExt, legacyExt} {
		fs, _ := filepath.Glob(filepath.Join(c.Dir, safeName(executable)+"-*"+ext))
		for _, f := range fs {
			if keyLen < 0 || len(filepath.Base(f)) == len(safeName(executable))+1+keyLen+len(ext) {
				out = append(out, f)
			}
		}
	}
	return out
}

// safeName keeps a file-name-safe form of an executable name.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == 0 || r == '\\' {
			return '_'
		}
		return r
	}, s)
}

// maxCacheFileBytes bounds one cached ToolDoc file; a larger one, or one
// that is not a regular file (a FIFO, a link to a device), is skipped and
// replaced by the next Put.
const maxCacheFileBytes = 32 << 20

// Get returns the cached doc. A corrupt or partial file is removed and
// reported as a miss with a note, never trusted.
func (c *Cache) Get(executable, key string) (doc *ToolDoc, note string) {
	if d, ok := c.mem.Get(key); ok {
		return d, "memory"
	}
	p := c.file(executable, key)
	b, err := safefile.ReadFile(p, maxCacheFileBytes)
	if safefile.IsSpecial(err) {
		return nil, "cache entry " + err.Error()
	}
	if err != nil {
		return nil, ""
	}
	body, ok := bytes.CutPrefix(b, []byte(docHeader+key+"\n"))
	d := &ToolDoc{}
	if !ok || bincodec.Unmarshal(body, d) != nil {
		os.Remove(p)
		return nil, "corrupt cache entry " + p + " removed"
	}
	c.mem.Add(key, d)
	return d, "disk"
}

// Put stores a doc atomically (temp file + rename in the same directory).
func (c *Cache) Put(executable, key string, doc *ToolDoc) error {
	c.mem.Add(key, doc)
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return err
	}
	body, err := bincodec.Marshal(doc)
	if err != nil {
		return err
	}
	if err := WriteFileAtomic(c.file(executable, key), append([]byte(docHeader+key+"\n"), body...), 0o644); err != nil {
		return err
	}
	// Entries under older keys (a changed binary, rules or parsers) or in
	// the older JSON form are never read again: remove them.
	for _, f := range c.files(executable, len(key)) {
		if f != c.file(executable, key) {
			os.Remove(f)
		}
	}
	return nil
}

// Remove deletes every cached doc of an executable; it returns how many.
func (c *Cache) Remove(executable string) int {
	c.mem.Purge()
	n := 0
	for _, f := range c.files(executable, -1) {
		if os.Remove(f) == nil {
			n++
		}
	}
	return n
}

// WriteFileAtomic writes data to a temp file beside path and renames it
// over path, so readers never see a partial file.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(name)
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		os.Remove(name)
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(name)
		return err
	}
	if err := os.Chmod(name, perm); err != nil {
		os.Remove(name)
		return err
	}
	return os.Rename(name, path)
}
