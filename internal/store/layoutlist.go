package store

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"strings"
	"time"
	"unicode/utf8"

	"kesim/nest"
)

// Page sizes of a layout list.
const (
	DefaultLayoutPage = 50
	MaxLayoutPage     = 200
)

// Turkish messages of a layout list's query.
const (
	MsgLayoutLimit  = "Sayfa boyutu 1 ile 200 arasında bir tam sayı olmalı."
	MsgLayoutCursor = "Liste sayfası bulunamadı; lütfen listeyi baştan yükleyin."
	MsgSearchLong   = "Arama metni en fazla 200 karakter olabilir."
)

// LayoutQuery asks for one page of a layout list.
type LayoutQuery struct {
	// Search, when not empty, keeps the layouts whose name contains it,
	// compared through FoldName: letter case and the Turkish diacritics do
	// not matter.
	Search string
	// Limit is the page size, 1 to MaxLayoutPage; 0 means
	// DefaultLayoutPage.
	Limit int
	// Cursor is the Next of the previous page; empty starts at the newest
	// layout.
	Cursor string
}

// LayoutListing is a checked LayoutQuery as the drivers run it: the
// owner's layouts ordered by (created_at, id), both descending, whose
// folded name contains Fold, from the first after (CreatedAt, ID) when
// After is set, at most Limit of them.
type LayoutListing struct {
	Fold      string
	Limit     int
	After     bool
	CreatedAt time.Time
	ID        string
}

// Check checks q and returns it as the drivers run it. A limit outside 1
// to MaxLayoutPage, a search longer than a name can be, or a cursor that
// no page gave is an Invalid error (fields "limit", "q" and "cursor").
func (q LayoutQuery) Check() (LayoutListing, error) {
	l := LayoutListing{Limit: q.Limit}
	switch {
	case q.Limit == 0:
		l.Limit = DefaultLayoutPage
	case q.Limit < 0 || q.Limit > MaxLayoutPage:
		return l, invalid("limit", MsgLayoutLimit)
	}
	s := strings.TrimSpace(q.Search)
	if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
		return l, invalid("q", MsgTextInvalid)
	}
	if utf8.RuneCountInString(s) > MaxNameLength {
		return l, invalid("q", MsgSearchLong)
	}
	l.Fold = FoldName(s)
	if q.Cursor != "" {
		t, id, ok := decodeCursor(q.Cursor)
		if !ok {
			return l, invalid("cursor", MsgLayoutCursor)
		}
		l.After, l.CreatedAt, l.ID = true, t, id
	}
	return l, nil
}

// Page makes the page of a listing from the summaries a driver read: at
// most l.Limit+1 of them, the one past the limit telling that another page
// follows.
func (l LayoutListing) Page(rows []LayoutSummary) LayoutPage {
	p := LayoutPage{Layouts: rows}
	if len(rows) > l.Limit {
		p.Layouts = rows[:l.Limit]
		last := p.Layouts[l.Limit-1]
		p.Next = encodeCursor(last.CreatedAt, last.ID)
	}
	if p.Layouts == nil {
		p.Layouts = []LayoutSummary{}
	}
	return p
}

// A cursor is the creation time (microseconds since 1970, 8 bytes big
// endian) and the id (16 bytes) of the last layout of a page, in unpadded
// URL-safe base64: 32 characters. The list goes on with the rows that come
// after that one in the order (created_at DESC, id DESC), so rows added
// meanwhile never make it repeat or skip one.
//
// A cursor is a position, not a row: one whose layout was deleted since
// still goes on from where that layout was. Any 16 bytes are an id, so a
// cursor is refused only when it is not 24 bytes in that base64 or its time
// is none a layout can have: at or before 1970-01-01T00:00:00Z (the time of
// the all-"A" cursor; a layout's time is the server's clock when it was
// saved, which cannot read the very start of 1970 while a server runs, or
// a client's date from 2000 on, Clock.At) or past 2^53 µs (the year 2255).
func encodeCursor(t time.Time, id string) string {
	var b [24]byte
	binary.BigEndian.PutUint64(b[:8], uint64(t.UnixMicro()))
	if _, err := hex.Decode(b[8:], []byte(id)); err != nil || len(id) != 32 {
		return "" // ids are NewID's; a row without one ends the list
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func decodeCursor(c string) (time.Time, string, bool) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil || len(b) != 24 {
		return time.Time{}, "", false
	}
	us := int64(binary.BigEndian.Uint64(b[:8]))
	if us <= 0 || us > 1<<53 {
		return time.Time{}, "", false
	}
	return time.UnixMicro(us).UTC(), hex.EncodeToString(b[8:]), true
}

// foldPairs maps each letter that FoldName changes, besides A to Z, to
// what it becomes: the Turkish letters with a diacritic, in both cases, to
// the plain ASCII letter, so that ı, i, I and İ are all one letter. The
// drivers build their SQL from this table, so the database folds stored
// names exactly as FoldName folds the search.
var foldPairs = [][2]string{
	{"ç", "c"}, {"Ç", "c"}, {"ğ", "g"}, {"Ğ", "g"}, {"ı", "i"}, {"İ", "i"},
	{"ö", "o"}, {"Ö", "o"}, {"ş", "s"}, {"Ş", "s"}, {"ü", "u"}, {"Ü", "u"},
	{"â", "a"}, {"Â", "a"}, {"î", "i"}, {"Î", "i"}, {"û", "u"}, {"Û", "u"},
}

// FoldName returns the form of a name that a layout search compares: A to
// Z in lower case, and the Turkish letters ç ğ ı İ ö ş ü and â î û (either
// case) as c g i i o s u a i u. Every other character stays as it is. So
// "kapi" finds "KAPI", "Kapı" and "KAPİ", and "cekmece" finds "Çekmece".
func FoldName(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case 'A' <= r && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		default:
			b.WriteString(foldRune(r))
		}
	}
	return b.String()
}

func foldRune(r rune) string {
	s := string(r)
	for _, p := range foldPairs {
		if p[0] == s {
			return p[1]
		}
	}
	return s
}

// FoldPairs returns the letters FoldName maps besides A to Z, each with
// what it becomes, for a driver's SQL.
func FoldPairs() [][2]string { return foldPairs }

// Counts returns a layout's part lines and pieces (the sum of the
// quantities), the columns part_lines and pieces. Validated layouts have
// at most MaxLayoutParts lines of at most MaxQuantity pieces, so the sum
// cannot overflow.
func Counts(parts []nest.Part) (lines, pieces int) {
	for _, p := range parts {
		pieces += p.Quantity
	}
	return len(parts), pieces
}

// ParseSheet reads a stored sheet column, or returns nil when it cannot. A
// layout with stock rows and no canvas has the zero sheet, as GetLayout
// answers it.
func ParseSheet(data []byte) *nest.Sheet {
	sh, err := nest.DecodeSheet(data)
	if err != nil {
		return nil
	}
	return &sh
}
