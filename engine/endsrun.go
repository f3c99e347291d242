package engine

import "github.com/traitome/oxo-call/task"

// endsRun reports a switch never added for the task's words: its help
// says it ends the run ("show the version and exit"; lexicon ends_run),
// or, for a task that gives files to work on, that it only reports on
// the program ("Show version number for this program"; reports_program):
// "a non-redundant version of proteins_all.fa" asks for no -v, "print
// the makeblastdb version" still gets -version.
func (m *mapper) endsRun(fd FlagDoc) bool {
	return task.V().Mentions("ends_run", fd.Description) || len(m.slots.Files) > 0 && task.V().Mentions("reports_program", fd.Description)
}
