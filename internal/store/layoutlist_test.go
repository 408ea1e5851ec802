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

// A cursor is refused only when no layout can be where it points: the
// all-"A" cursor (1970-01-01T00:00:00Z, id 00…0) and times past 2^53 µs;
// any other time and any id are a position, whether a layout is still
// there or not.
func TestCursorPositions(t *testing.T) {
	zeroID := strings.Repeat("0", 32)
	for _, tc := range []struct {
		name   string
		cursor string
		ok     bool
	}{
		{"all A", strings.Repeat("A", 32), false},
		{"zero time, another id", encodeCursor(time.UnixMicro(0), strings.Repeat("f", 32)), false},
		{"first microsecond", encodeCursor(time.UnixMicro(1), zeroID), true},
		{"a layout's, id 00…0", encodeCursor(time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC), zeroID), true},
		{"last time", encodeCursor(time.UnixMicro(1<<53), zeroID), true},
		{"past the last time", encodeCursor(time.UnixMicro(1<<53+1), zeroID), false},
	} {
		_, err := LayoutQuery{Cursor: tc.cursor}.Check()
		if tc.ok && err != nil {
			t.Errorf("%s (%s): %v, want a position", tc.name, tc.cursor, err)
		}
		if !tc.ok && !isInvalid(err, "cursor", MsgLayoutCursor) {
			t.Errorf("%s (%s): %v, want invalid cursor", tc.name, tc.cursor, err)
		}
	}
}
