package export

import (
	"errors"
	"strings"
	"testing"
)

// The job's address, as the CLI's user types it or as the web app sends
// it, gives each sheet's checklist address; anything else is refused with
// a Turkish message.
func TestSheetURL(t *testing.T) {
	for _, base := range []string{
		"https://kesim.atolye.local/is/42",
		"https://kesim.atolye.local/is/42/",
		"https://kesim.atolye.local/is/42/levha",
		"https://kesim.atolye.local/is/42/levha/",
	} {
		if err := CheckSheetURL(base); err != nil {
			t.Errorf("CheckSheetURL(%q) = %v", base, err)
		}
		if got, want := SheetURL(base, 2), "https://kesim.atolye.local/is/42/levha/3"; got != want {
			t.Errorf("SheetURL(%q, 2) = %q, want %q", base, got, want)
		}
	}
	if got := SheetURL("http://192.168.1.20:8080/is/lay-7f3a/levha/", 0); got != "http://192.168.1.20:8080/is/lay-7f3a/levha/1" {
		t.Errorf("SheetURL = %q", got)
	}
	if err := CheckSheetURL(""); err != nil || SheetURL("", 0) != "" {
		t.Errorf("the empty base: %v, %q", err, SheetURL("", 0))
	}
	long := "https://k.local/is/" + strings.Repeat("9", MaxSheetURL)
	if err := CheckSheetURL(long[:MaxSheetURL]); err != nil {
		t.Errorf("%d characters: %v", MaxSheetURL, err)
	}
	if err := CheckSheetURL(long); !errors.Is(err, ErrSheetURLLong) {
		t.Errorf("%d characters: %v, want ErrSheetURLLong", len(long), err)
	}
	for _, bad := range []string{
		"kesim.local/is/42", "ftp://kesim.local/is/42", "javascript:alert(1)", "https:///is/42",
		"https://kesim.local", "https://kesim.local/", "https://kesim.local/levha/", "https://levha/", "http://levha",
		"https://kesim.local/is/42?x=1", "https://kesim.local/is/42#a", "https://kesim.local/is/4 2",
		"https://kesim.local/iş/42", "https://u:p@kesim.local/is/42", "https://kesim.local/is/\x00",
	} {
		err := CheckSheetURL(bad)
		if !errors.Is(err, ErrSheetURL) {
			t.Errorf("CheckSheetURL(%q) = %v, want ErrSheetURL", bad, err)
		}
	}
	if !strings.Contains(ErrSheetURL.Error(), "https://") || !strings.Contains(ErrSheetURLLong.Error(), "500") {
		t.Error("the errors do not say what is wanted")
	}
}
