// Command kesim lays out rectangular parts on sheets, serves the Kesim web
// app and runs the optimizer's benchmark. kesim help lists its commands;
// kesim help COMMAND shows one command's usage, flags and an example.
//
//	kesim nest  --sheet 100x148 parts.csv
//	kesim bench ../shared/bench/2bp/bwmv_500.json
//	kesim serve --addr 127.0.0.1:8080
//	kesim user  add ayse --admin
//	kesim version
//	kesim backup yedek.db
//	kesim restore yedek.db
//
// kesim with no command (double-clicked on a desktop) is kesim start: it
// serves on this computer and opens the browser on the app.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command args name and returns its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// No command, or only flags: the desktop start, as a double-click runs
	// kesim.
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && !isHelpOrVersion(args[0]) {
		return runDesktop(args, stdout, stderr)
	}
	switch args[0] {
	case "start":
		return runDesktop(args[1:], stdout, stderr)
	case "nest":
		return runNest(args[1:], stdin, stdout, stderr)
	case "bench":
		return runBench(args[1:], stdout, stderr)
	case "serve":
		return runServe(args[1:], stdout, stderr)
	case "backup":
		return runBackup(args[1:], stdout, stderr)
	case "restore":
		return runRestore(args[1:], stdout, stderr)
	case "user":
		return runUser(args[1:], stdin, stdout, stderr)
	case "version", "--version":
		return runVersion(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		return runHelp(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "kesim: bilinmeyen komut %q\n\n", args[0])
	printUsage(stderr)
	return 2
}

// isHelpOrVersion reports whether arg is one of the flags that name a
// command: --help, --version and their spellings.
func isHelpOrVersion(arg string) bool {
	switch arg {
	case "-h", "-help", "--help", "--version":
		return true
	}
	return false
}

// runHelp implements `kesim help [COMMAND [SUBCOMMAND]]`: the list of
// commands, or what COMMAND --help prints.
func runHelp(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		printUsage(stdout)
		return 0
	case len(args) == 2 && args[0] == "user", len(args) == 1:
		for _, c := range commands {
			if c.name == args[0] {
				return run(append(args, "--help"), nil, stdout, stderr)
			}
		}
	}
	fmt.Fprintf(stderr, "kesim help: bilinmeyen konu %q\n\n", strings.Join(args, " "))
	printUsage(stderr)
	return 2
}
