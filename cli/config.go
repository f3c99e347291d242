package cli

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/internal/safefile"
	"github.com/traitome/oxo-call/llm"
)

// ConfigFile is the YAML configuration (it may hold an API token, so it is
// written with mode 0600).
func (p Paths) ConfigFile() string { return filepath.Join(p.Config, "config.yaml") }

// configKey is one setting: its dotted name, the environment variable that
// overrides it, its default and how a value is checked.
type configKey struct {
	Name    string
	Env     string
	Default string
	Secret  bool
	// URL keys may carry credentials (https://user:password@host/…):
	// they are shown with the user information masked.
	URL   bool
	Usage string
	// check validates a value and returns its normal form.
	check func(string) (string, error)
}

// configKeys are the valid keys, in display order.
var configKeys = []configKey{
	{Name: "llm.provider", Env: "OXO_CALL_LLM_PROVIDER", Usage: "model provider: " + strings.Join(llm.ProviderNames(), ", "), check: checkProvider},
	{Name: "llm.api_token", Env: "OXO_CALL_LLM_API_TOKEN", Secret: true, Usage: "API token (openai and anthropic also read OPENAI_API_KEY / ANTHROPIC_API_KEY)", check: checkText},
	{Name: "llm.api_base", Env: "OXO_CALL_LLM_API_BASE", URL: true, Usage: "API base URL (https, or http for localhost)", check: checkBaseURL},
	{Name: "llm.model", Env: "OXO_CALL_LLM_MODEL", Usage: "model name (default: the provider's)", check: checkText},
	{Name: "llm.max_tokens", Default: "2048", Usage: "largest reply, in tokens", check: checkInt},
	{Name: "llm.temperature", Default: "0", Usage: "sampling temperature, 0 to 2", check: checkTemperature},
	{Name: "llm.stream", Default: "true", Usage: "stream replies", check: checkBool},
	{Name: "llm.timeout", Default: "120s", Usage: "time limit per request, e.g. 120s or 2m", check: checkTimeout},
	{Name: "llm.mode", Default: engine.LLMAuto, Usage: "when to ask the model: auto (when rules are unsure), always, never", check: checkMode},
	{Name: "llm.cache", Default: "true", Usage: "cache the model's answers", check: checkBool},
}

// keyNames lists the valid key names.
func keyNames() []string {
	out := make([]string, len(configKeys))
	for i, k := range configKeys {
		out[i] = k.Name
	}
	return out
}

func lookupKey(name string) (configKey, error) {
	for _, k := range configKeys {
		if k.Name == name {
			return k, nil
		}
	}
	return configKey{}, usagef("unknown config key %q (valid: %s)", name, strings.Join(keyNames(), ", "))
}

// providerAliases are other spellings users write.
var providerAliases = map[string]string{"copilot": "github-copilot", "claude": "anthropic", "llama.cpp": "llamacpp"}

func checkProvider(v string) (string, error) {
	n := strings.ToLower(strings.TrimSpace(v))
	if a, ok := providerAliases[n]; ok {
		n = a
	}
	for _, p := range llm.ProviderNames() {
		if p == n {
			return n, nil
		}
	}
	return "", fmt.Errorf("unknown provider %q (valid: %s)", v, strings.Join(llm.ProviderNames(), ", "))
}

func checkText(v string) (string, error) {
	v = strings.TrimSpace(v)
	if strings.ContainsAny(v, "\n\r\x00") {
		return "", errors.New("must be one line")
	}
	return v, nil
}

func checkBaseURL(v string) (string, error) {
	v = strings.TrimRight(strings.TrimSpace(v), "/")
	u, err := url.Parse(v)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return "", fmt.Errorf("%q is not an http(s) URL", v)
	}
	if u.Scheme == "http" && !isLocalHost(u.Hostname()) {
		return "", fmt.Errorf("%s must use https (plain http is only for localhost)", u.Redacted())
	}
	return v, nil
}

// isLocalHost reports localhost or a loopback address.
func isLocalHost(h string) bool {
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

func checkInt(v string) (string, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 1 || n > 1<<20 {
		return "", fmt.Errorf("%q is not a whole number from 1 to %d", v, 1<<20)
	}
	return strconv.Itoa(n), nil
}

func checkTemperature(v string) (string, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || f < 0 || f > 2 {
		return "", fmt.Errorf("%q is not a number from 0 to 2", v)
	}
	return strconv.FormatFloat(f, 'g', -1, 64), nil
}

func checkBool(v string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "yes", "on", "1":
		return "true", nil
	case "false", "no", "off", "0":
		return "false", nil
	}
	return "", fmt.Errorf("%q is not true or false", v)
}

func checkTimeout(v string) (string, error) {
	v = strings.TrimSpace(v)
	if n, err := strconv.Atoi(v); err == nil {
		v = strconv.Itoa(n) + "s"
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return "", fmt.Errorf("%q is not a duration such as 120s or 2m", v)
	}
	return d.String(), nil
}

func checkMode(v string) (string, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	if v == "" || engine.CheckLLMMode(v) != nil {
		return "", fmt.Errorf("%q is not one of %s", v, strings.Join(engine.LLMModes, ", "))
	}
	return v, nil
}

// Setting is a key's effective value and where it came from: "env NAME",
// "config file", "default" or "not set".
type Setting struct {
	Key    string `json:"key"`
	Value  string `json:"value"`
	Source string `json:"source"`
}

// Config is the configuration file with the environment on top.
type Config struct {
	Path   string
	doc    map[string]any    // the whole document, unknown keys kept
	file   map[string]string // dotted key → normalised value from the file
	getenv func(string) string
	// Warnings are problems that do not stop the program (a loose file
	// mode, a bad value that is ignored).
	Warnings []string
	// Err is set when the file could not be read or parsed; the file is
	// then treated as empty and not overwritten.
	Err error
}

// maxConfigBytes bounds the configuration file; a real one is a few
// hundred bytes.
const maxConfigBytes = 1 << 20

// LoadConfig reads path (a missing file is an empty configuration).
func LoadConfig(path string, getenv func(string) string) *Config {
	c := &Config{Path: path, doc: map[string]any{}, file: map[string]string{}, getenv: getenv}
	b, err := safefile.ReadFile(path, maxConfigBytes)
	if errors.Is(err, os.ErrNotExist) {
		return c
	}
	if err != nil {
		c.Err = err
		if safefile.IsSpecial(err) {
			c.Warnings = append(c.Warnings, err.Error())
		}
		return c
	}
	if st, err := os.Stat(path); err == nil && st.Mode().Perm()&0o077 != 0 {
		c.Warnings = append(c.Warnings, fmt.Sprintf("%s has mode %04o but may hold an API token; run: chmod 600 %s", path, st.Mode().Perm(), path))
	}
	var doc map[string]any
	if err := yaml.Unmarshal(b, &doc); err != nil {
		c.Err = fmt.Errorf("%s: %v", path, err)
		return c
	}
	if doc != nil {
		c.doc = doc
	}
	sec, ok := c.doc["llm"].(map[string]any)
	if !ok {
		if c.doc["llm"] != nil {
			c.Warnings = append(c.Warnings, fmt.Sprintf("%s: llm is not a mapping; ignored", path))
		}
		return c
	}
	names := make([]string, 0, len(sec))
	for k := range sec {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		name := "llm." + k
		key, err := lookupKey(name)
		if err != nil {
			c.Warnings = append(c.Warnings, fmt.Sprintf("%s: unknown key %s ignored (valid: %s)", path, name, strings.Join(keyNames(), ", ")))
			continue
		}
		v, err := key.check(fmt.Sprint(sec[k]))
		if err != nil {
			c.Warnings = append(c.Warnings, fmt.Sprintf("%s: %s: %v; ignored", path, name, err))
			continue
		}
		c.file[name] = v
	}
	return c
}

// Get returns a key's effective value: the environment, then the file,
// then (for the token) OPENAI_API_KEY or ANTHROPIC_API_KEY when the
// provider is openai or anthropic, then the default.
func (c *Config) Get(name string) Setting {
	k, _ := lookupKey(name)
	if k.Env != "" {
		if v := strings.TrimSpace(c.getenv(k.Env)); v != "" {
			if n, err := k.check(v); err == nil {
				v = n
			}
			return Setting{name, v, "env " + k.Env}
		}
	}
	if v, ok := c.file[name]; ok {
		return Setting{name, v, "config file"}
	}
	if name == "llm.api_token" {
		env := map[string]string{"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}[c.Get("llm.provider").Value]
		if v := strings.TrimSpace(c.getenv(env)); env != "" && v != "" {
			return Setting{name, v, "env " + env}
		}
	}
	if k.Default != "" {
		return Setting{name, k.Default, "default"}
	}
	return Setting{name, "", "not set"}
}

// Set checks a value and writes it to the file ("" removes the key).
func (c *Config) Set(pairs ...[2]string) error {
	if c.Err != nil {
		return fmt.Errorf("not changing the configuration: %v (fix or remove the file first)", c.Err)
	}
	sec, _ := c.doc["llm"].(map[string]any)
	if sec == nil {
		sec = map[string]any{}
	}
	for _, p := range pairs {
		k, err := lookupKey(p[0])
		if err != nil {
			return err
		}
		short := strings.TrimPrefix(k.Name, "llm.")
		if strings.TrimSpace(p[1]) == "" {
			delete(sec, short)
			delete(c.file, k.Name)
			continue
		}
		v, err := k.check(p[1])
		if err != nil {
			return usagef("%s: %v", k.Name, err)
		}
		sec[short] = typed(v)
		c.file[k.Name] = v
	}
	c.doc["llm"] = sec
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	_ = enc.Encode(c.doc) // maps of strings, numbers and booleans: cannot fail
	if err := os.MkdirAll(filepath.Dir(c.Path), 0o700); err != nil {
		return err
	}
	return engine.WriteFileAtomic(c.Path, b.Bytes(), 0o600)
}

// typed turns a normalised value into the YAML scalar it reads best as.
func typed(v string) any {
	if v == "true" || v == "false" {
		return v == "true"
	}
	if n, err := strconv.Atoi(v); err == nil {
		return n
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		return f
	}
	return v
}

// Show returns every key's effective setting, the token masked.
func (c *Config) Show() []Setting {
	out := make([]Setting, len(configKeys))
	for i, k := range configKeys {
		s := c.Get(k.Name)
		s.Value = k.shown(s.Value)
		out[i] = s
	}
	return out
}

// shown is a value as it may be printed: a secret masked, a URL with its
// user information masked.
func (k configKey) shown(v string) string {
	switch {
	case k.Secret:
		return maskSecret(v)
	case k.URL:
		return maskURL(v)
	}
	return v
}

// maskURL replaces the user name and password of a URL with "****".
func maskURL(v string) string {
	u, err := url.Parse(v)
	if err != nil || u.Opaque != "" {
		// Not a URL we can read: hide anything before an "@".
		if i := strings.LastIndex(v, "@"); i >= 0 {
			if j := strings.Index(v, "://"); j >= 0 && j < i {
				return v[:j+3] + "****" + v[i:]
			}
			return "****" + v[i:]
		}
		return v
	}
	if u.User == nil {
		return v
	}
	const mark = "OXOMASKED" // url escapes "*"; put it in afterwards
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), mark)
	} else {
		u.User = url.User(mark)
	}
	return strings.Replace(u.String(), mark, "****", 1)
}

// urlSecrets are the user information parts of a URL ("u:sk-x", "sk-x"),
// longest first, so a message quoting them can be redacted.
func urlSecrets(v string) []string {
	u, err := url.Parse(v)
	if err != nil || u.User == nil {
		return nil
	}
	var out []string
	if p, ok := u.User.Password(); ok && p != "" {
		out = append(out, u.User.String(), p)
	} else if n := u.User.Username(); n != "" {
		out = append(out, n)
	}
	return out
}

// maskSecret shows at most the last 4 characters of a secret, and none of
// a short one.
func maskSecret(s string) string {
	switch {
	case s == "":
		return ""
	case len(s) < 12:
		return "****"
	}
	return "****" + s[len(s)-4:]
}

// llmSettings are the effective model settings, typed.
type llmSettings struct {
	Provider, Token, Base, Model, Mode string
	MaxTokens                          int
	Temperature                        float64
	Stream, Cache                      bool
	Timeout                            time.Duration
}

// LLM returns the effective model settings.
func (c *Config) LLM() llmSettings {
	s := llmSettings{
		Provider: c.Get("llm.provider").Value, Token: c.Get("llm.api_token").Value, Base: c.Get("llm.api_base").Value,
		Model: c.Get("llm.model").Value, Mode: c.Get("llm.mode").Value,
		Stream: c.Get("llm.stream").Value == "true", Cache: c.Get("llm.cache").Value == "true",
	}
	s.MaxTokens, _ = strconv.Atoi(c.Get("llm.max_tokens").Value)
	s.Temperature, _ = strconv.ParseFloat(c.Get("llm.temperature").Value, 64)
	s.Timeout, _ = time.ParseDuration(c.Get("llm.timeout").Value)
	return s
}

// Configured reports whether a model can be asked: a provider is set and
// it runs locally (ollama), has a token, or its api_base is local.
func (s llmSettings) Configured() bool {
	if s.Provider == "" {
		return false
	}
	if s.Provider == "ollama" || s.Provider == "ollama-openai" || s.Token != "" {
		return true
	}
	u, err := url.Parse(s.Base)
	return s.Base != "" && err == nil && isLocalHost(u.Hostname())
}

// config loads the configuration once per invocation and prints its
// warnings.
func (a *app) config() *Config {
	if a.cfg == nil {
		a.cfg = LoadConfig(a.d.paths().ConfigFile(), a.d.Getenv)
		for _, w := range a.cfg.Warnings {
			fmt.Fprintln(a.d.IO.Err, "warning: "+w)
		}
	}
	return a.cfg
}

// redact replaces the API token in s. Every text that may quote a
// provider's reply or error goes through it before it is shown.
func (a *app) redact(s string) string {
	st := a.config().LLM()
	if tok := st.Token; len(tok) >= 8 {
		s = strings.ReplaceAll(s, tok, "****")
	}
	for _, sec := range urlSecrets(st.Base) {
		if len(sec) >= 4 {
			s = strings.ReplaceAll(s, sec, "****")
		}
	}
	return s
}
