// Package version tells which build of Kesim is running: the release and
// commit the Makefile stamps into bin/kesim, or, in a binary built without
// them (go build, go run), the commit Go records from the repository.
package version

import (
	"runtime"
	"runtime/debug"
)

// Set by the linker: go build -ldflags "-X kesim/internal/version.version=...
// -X kesim/internal/version.commit=..." (the Makefile's build target).
var (
	version string
	commit  string
)

// Defaults when neither the linker nor Go's build information says.
const (
	DefaultVersion = "0.0.0-dev"
	UnknownCommit  = "unknown"
)

// Info is what kesim version prints and /api/health says.
type Info struct {
	Version string `json:"version"` // git describe --tags --always --dirty
	Commit  string `json:"commit"`  // the short commit hash
	Go      string `json:"-"`       // the toolchain, e.g. go1.24.2
}

// Get returns the running build's version. A value the linker did not set
// falls back to Go's build information: the module version (a tagged
// release installed with go install) and the vcs.revision of a go build in
// the repository, shortened as git rev-parse --short does.
func Get() Info {
	info := Info{Version: version, Commit: commit, Go: runtime.Version()}
	bi, ok := debug.ReadBuildInfo()
	if info.Version == "" && ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		info.Version = bi.Main.Version
	}
	if info.Commit == "" && ok {
		info.Commit = revision(bi.Settings)
	}
	if info.Version == "" {
		info.Version = DefaultVersion
	}
	if info.Commit == "" {
		info.Commit = UnknownCommit
	}
	return info
}

// revision returns the vcs.revision setting shortened to 7 characters, with
// "-dirty" when the tree had changes.
func revision(settings []debug.BuildSetting) string {
	var rev string
	var modified bool
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if len(rev) > 7 {
		rev = rev[:7]
	}
	if rev != "" && modified {
		rev += "-dirty"
	}
	return rev
}
