package engine

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/traitome/oxo-call/internal/bincodec"
	"github.com/traitome/oxo-call/internal/safefile"
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
)

// Stage 3 compares the task's concepts with those of every example of
// the skill, and finding an example's concepts means evaluating every
// intents rule on its task: about a third of Stage 3's time, spent anew
// on the same example tasks at every command. A ConceptCache keeps them
// on disk, one file per skill. A file's key hashes the program (its path,
// size and modification time), the rules' fingerprint (user rules
// included) and the skill's example tasks, so an edited rule, skill or a
// new build never reads another's concepts. An example task whose
// evaluation failed (a rule that did not evaluate, warned about) is not
// kept, so the failure is found and warned about again. A file that is
// missing, foreign, truncated or corrupt is ignored and written anew.

// conceptsHeader starts every concepts file.
const conceptsHeader = "oxo-call concepts 1\n"

// maxConceptFileBytes bounds one concepts file.
const maxConceptFileBytes = 4 << 20

// ConceptCache is the on-disk cache of skill example concepts.
type ConceptCache struct {
	Dir string
	mu  sync.Mutex
}

// NewConceptCache returns the cache kept in dir.
func NewConceptCache(dir string) *ConceptCache { return &ConceptCache{Dir: dir} }

// exampleConcepts are the concepts of one skill's example tasks: those
// read from its file and those found during this command.
type exampleConcepts struct {
	cache *ConceptCache
	file  string
	key   string
	// tasks are the skill's example tasks, the only texts kept.
	tasks map[string]bool
	known map[string][]string
	added bool
}

// forSkill returns the example concepts of sk under rs, read from its
// file when there is one for this key; nil without a cache or skill.
func (c *ConceptCache) forSkill(rs *rules.Set, sk *skills.Skill) *exampleConcepts {
	if c == nil || sk == nil || len(sk.Examples) == 0 {
		return nil
	}
	prog, ok := rules.ProgramKey()
	if !ok {
		return nil
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s%s\n%s\n%s\n", conceptsHeader, prog, rs.Fingerprint(), sk.Name)
	ec := &exampleConcepts{cache: c, tasks: map[string]bool{}}
	for _, ex := range sk.Examples {
		fmt.Fprintf(h, "%d %s\n", len(ex.Task), ex.Task)
		ec.tasks[ex.Task] = true
	}
	ec.key = hex.EncodeToString(h.Sum(nil))[:20]
	ec.file = filepath.Join(c.Dir, safeName(sk.Name)+"-"+ec.key+cacheExt)
	b, err := safefile.ReadFile(ec.file, maxConceptFileBytes)
	if body, ok := bytes.CutPrefix(b, []byte(conceptsHeader+ec.key+"\n")); err == nil && ok {
		if bincodec.Unmarshal(body, &ec.known) != nil {
			ec.known = nil
		}
	}
	// Only the skill's tasks: a file that holds another text is not this
	// skill's.
	for t := range ec.known {
		if !ec.tasks[t] {
			ec.known = nil
			break
		}
	}
	if ec.known == nil {
		ec.known = map[string][]string{}
	}
	return ec
}

// get returns the concepts kept for text.
func (ec *exampleConcepts) get(text string) (map[string]bool, bool) {
	if ec == nil {
		return nil, false
	}
	list, ok := ec.known[text]
	if !ok {
		return nil, false
	}
	out := make(map[string]bool, len(list))
	for _, c := range list {
		out[c] = true
	}
	return out, true
}

// put keeps the concepts found for text when it is an example task.
func (ec *exampleConcepts) put(text string, concepts map[string]bool) {
	if ec == nil || !ec.tasks[text] {
		return
	}
	list := make([]string, 0, len(concepts))
	for c := range concepts {
		list = append(list, c)
	}
	sort.Strings(list)
	ec.known[text] = list
	ec.added = true
}

// save writes the file when concepts were found during this command, and
// removes the skill's files of other keys. A file that cannot be written
// is no error: the next command finds the concepts again.
func (ec *exampleConcepts) save() {
	if ec == nil || !ec.added {
		return
	}
	body, err := bincodec.Marshal(ec.known)
	if err != nil {
		return
	}
	ec.cache.mu.Lock()
	defer ec.cache.mu.Unlock()
	if os.MkdirAll(ec.cache.Dir, 0o755) != nil || WriteFileAtomic(ec.file, append([]byte(conceptsHeader+ec.key+"\n"), body...), 0o644) != nil {
		return
	}
	ec.added = false
	base := filepath.Base(ec.file)
	old, _ := filepath.Glob(filepath.Join(ec.cache.Dir, base[:len(base)-len(ec.key)-len(cacheExt)]+"*"+cacheExt))
	for _, f := range old {
		if f != ec.file && len(filepath.Base(f)) == len(base) {
			os.Remove(f)
		}
	}
}

// concepts is the engine's ConceptCache; nil when it has none or with
// NoCache.
func (e *Engine) concepts() *ConceptCache {
	if e.opts.NoCache {
		return nil
	}
	return e.opts.Concepts
}
