package version

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestGetFallsBack(t *testing.T) {
	defer func(v, c string) { version, commit = v, c }(version, commit)
	version, commit = "", ""
	info := Get()
	if info.Version == "" || info.Commit == "" || info.Go != runtime.Version() {
		t.Errorf("Get() = %+v: want a version and a commit even when the linker set neither", info)
	}
	version, commit = "1.2.0-3-gabc1234-dirty", "abc1234"
	if info := Get(); info.Version != "1.2.0-3-gabc1234-dirty" || info.Commit != "abc1234" {
		t.Errorf("Get() = %+v: want the values the linker set", info)
	}
}

func TestRevision(t *testing.T) {
	for _, tt := range []struct {
		settings []debug.BuildSetting
		want     string
	}{
		{nil, ""},
		{[]debug.BuildSetting{{Key: "vcs.revision", Value: "3937a0d1c2b4e5f6"}}, "3937a0d"},
		{[]debug.BuildSetting{{Key: "vcs.revision", Value: "3937a0d1c2b4e5f6"}, {Key: "vcs.modified", Value: "true"}}, "3937a0d-dirty"},
		{[]debug.BuildSetting{{Key: "vcs.modified", Value: "true"}}, ""},
	} {
		if got := revision(tt.settings); got != tt.want {
			t.Errorf("revision(%v) = %q, want %q", tt.settings, got, tt.want)
		}
	}
}
