package engine

// ToolRecord is what Stage 1 knows about the tool the user named.
type ToolRecord struct {
	// Name is the tool as the user typed it.
	Name string `json:"name"`
	// Executable is the base name of the program that runs ("featureCounts").
	Executable string `json:"executable"`
	// ResolvedPath is the absolute path of the program or script.
	ResolvedPath string `json:"resolved_path,omitempty"`
	// Interpreter runs a script ("python3"); InterpreterPath is where it is.
	Interpreter     string `json:"interpreter,omitempty"`
	InterpreterPath string `json:"interpreter_path,omitempty"`
	// RunThroughInterpreter is true when the script is not executable and
	// must be started as `interpreter script`.
	RunThroughInterpreter bool `json:"run_through_interpreter,omitempty"`
	// IsPathDependent is true when the user named the tool by a path.
	IsPathDependent bool `json:"is_path_dependent"`
	// GlobalPath is where PATH lookup found a bare name.
	GlobalPath string `json:"global_path,omitempty"`
	Version    string `json:"version,omitempty"`
	// Installed is false when the tool was not found here; commands are then
	// built from skills and user docs only, and marked unchecked.
	Installed      bool        `json:"installed"`
	CompanionTools []Companion `json:"companion_tools,omitempty"`
	// Size and ModUnix identify the binary for the ToolDoc cache.
	Size    int64 `json:"size,omitempty"`
	ModUnix int64 `json:"mod_unix,omitempty"`
}

// Companion is an executable installed with the tool (hisat2-build).
type Companion struct {
	Name string `json:"name"`
	Path string `json:"path"`
	// Rule is the id of the companion rule that accepted it.
	Rule string `json:"rule"`
	// Package is the package that ships both ("dpkg:hmmer"), when known.
	Package string `json:"package,omitempty"`
}

// Companion returns the companion with the given name.
func (r *ToolRecord) Companion(name string) (Companion, bool) {
	for _, c := range r.CompanionTools {
		if c.Name == name {
			return c, true
		}
	}
	return Companion{}, false
}

// Argv0 returns the argv prefix that starts the tool: the interpreter and
// script for scripts run through one, else the executable as typed on PATH
// or the resolved path for path-dependent tools.
func (r *ToolRecord) Argv0() []string {
	switch {
	case r.RunThroughInterpreter:
		return []string{r.Interpreter, r.ResolvedPath}
	case r.IsPathDependent:
		return []string{r.ResolvedPath}
	case r.ResolvedPath != "":
		return []string{r.ResolvedPath}
	default:
		return []string{r.Executable}
	}
}

// DisplayArgv0 is Argv0 as shown to the user: bare names stay bare.
func (r *ToolRecord) DisplayArgv0() []string {
	switch {
	case r.RunThroughInterpreter:
		return []string{r.Interpreter, r.Name}
	case r.IsPathDependent:
		return []string{r.Name}
	default:
		return []string{r.Executable}
	}
}
