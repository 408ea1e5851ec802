package main

import (
	"fmt"
	"io"
	"runtime"

	"kesim/internal/version"
)

// runVersion implements `kesim version`: the release, the commit and the Go
// toolchain of this binary, e.g.
//
//	kesim 1.2.0-3-gabc1234 (commit abc1234, go1.24.2 linux/amd64)
func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := cmdVersion.flagSet()
	if code, ok := cmdVersion.parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return cmdVersion.usageError(stderr, fmt.Sprintf("beklenmeyen argüman %q", fs.Arg(0)))
	}
	v := version.Get()
	fmt.Fprintf(stdout, "kesim %s (commit %s, %s %s/%s)\n", v.Version, v.Commit, v.Go, runtime.GOOS, runtime.GOARCH)
	return 0
}
