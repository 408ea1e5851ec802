package main

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// Every kesim command, --help included, pays for the package
// initialisers it links. One argon2id hash in init once cost each command
// 0.34 s and 64 MiB; the start-up time itself is measured in the README,
// this test keeps any initialiser from allocating more than a little.
func TestStartupInitIsCheap(t *testing.T) {
	// The test binary links every package kesim links, and runs their
	// initialisers before it runs no test at all.
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// init kesim/internal/password @2.1 ms, 341 ms clock, 67109920 bytes, 21 allocs
	line := regexp.MustCompile(`init (\S+) @[^,]+, ([0-9.]+) ms clock, (\d+) bytes`)
	found := 0
	for _, m := range line.FindAllStringSubmatch(string(out), -1) {
		found++
		bytes, _ := strconv.Atoi(m[3])
		if bytes > 4<<20 {
			t.Errorf("package %s allocates %d bytes (%s ms) at start-up", m[1], bytes, m[2])
		}
	}
	if found == 0 {
		t.Fatalf("no init trace in the output:\n%s", out)
	}
}
