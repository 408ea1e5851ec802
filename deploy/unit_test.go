package deploy

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestUnitVerifies runs systemd-analyze verify on kesim.service, as an
// administrator's systemd would read it: any warning (a misspelt key, an
// unknown value) fails the test, not only an error.
func TestUnitVerifies(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze is not installed (Debian: apt-get install systemd): the unit is not verified")
	}
	unit, err := os.ReadFile("kesim.service")
	if err != nil {
		t.Fatal(err)
	}
	// verify insists that ExecStart's binary exists: this test's own
	// binary stands in for /usr/local/bin/kesim.
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	text := string(unit)
	if !strings.Contains(text, "\nExecStart=/usr/local/bin/kesim serve\n") {
		t.Fatal("ExecStart is no longer /usr/local/bin/kesim serve: update docs/operations.md and this test")
	}
	text = strings.Replace(text, "ExecStart=/usr/local/bin/kesim", "ExecStart="+self, 1)
	path := filepath.Join(t.TempDir(), "kesim.service")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", path).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}

// TestUnitSettingsAreKesims checks that every KESIM_ variable the unit
// sets is one kesim serve reads (docs/cli.md): a misspelt name would be
// ignored without a word.
func TestUnitSettingsAreKesims(t *testing.T) {
	unit, err := os.ReadFile("kesim.service")
	if err != nil {
		t.Fatal(err)
	}
	cli, err := os.ReadFile("../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	set := regexp.MustCompile(`(?m)^Environment=(KESIM_[A-Z_]+)=`).FindAllStringSubmatch(string(unit), -1)
	if len(set) == 0 {
		t.Fatal("the unit sets no KESIM_ variable")
	}
	for _, m := range set {
		if !strings.Contains(string(cli), "`"+m[1]+"`") {
			t.Errorf("the unit sets %s, which docs/cli.md does not name", m[1])
		}
	}
}
