package store

import (
	"strings"
	"testing"
	"time"
)

func TestFoldName(t *testing.T) {
	tests := map[string]string{
		"KAPI":               "kapi",
		"Kapı":               "kapi",
		"KAPİ":               "kapi",
		"kapi":               "kapi",
		"Çekmece Ön ğüşıöç":  "cekmece on gusioc",
		"İĞÜŞÖÇ":             "igusoc",
		"Yapay zekâ ÂÎÛ âîû": "yapay zeka aiu aiu",
		"Straße ÄÉ %_":       "straße ÄÉ %_",
		"":                   "",
	}
	for in, want := range tests {
		if got := FoldName(in); got != want {
			t.Errorf("FoldName(%q) = %q, want %q", in, got, want)
		}
	}
}

// Account names fold as FoldName does, and letters of other alphabets
// lower-case too: kesim user add and the sign-in limits compare by it.
func TestFoldAccountName(t *testing.T) {
	for _, same := range [][]string{
		{"ismail", "İsmail", "ISMAIL", "Ismail", "ısmaıl"},
		{"ışık", "IŞIK", "Işık", "isik"},
		{"Ayse", "ayse", "Ayşe"},
		{"ÄÉ", "äé"},
	} {
		for _, name := range same[1:] {
			if got, want := FoldAccountName(name), FoldAccountName(same[0]); got != want {
				t.Errorf("FoldAccountName(%q) = %q, want %q as %q", name, got, want, same[0])
			}
		}
	}
	if FoldAccountName("ayse") == FoldAccountName("mehmet") {
		t.Error("two names folded into one")
	}
}

func TestCursor(t *testing.T) {
	at := time.Date(2026, 11, 20, 8, 0, 0, 123456000, time.UTC)
	id := strings.Repeat("0f", 16)
	c := encodeCursor(at, id)
	if len(c) != 32 || strings.ContainsAny(c, "+/=") {
		t.Errorf("cursor %q: want 32 URL-safe characters", c)
	}
	gotAt, gotID, ok := decodeCursor(c)
	if !ok || !gotAt.Equal(at) || gotID != id {
		t.Errorf("decodeCursor(%q) = %v, %q, %v; want %v, %q", c, gotAt, gotID, ok, at, id)
	}
	l, err := LayoutQuery{Cursor: c, Search: " KAPI "}.Check()
	if err != nil || !l.After || !l.CreatedAt.Equal(at) || l.ID != id || l.Fold != "kapi" || l.Limit != DefaultLayoutPage {
		t.Errorf("Check = %+v, %v", l, err)
	}
}
