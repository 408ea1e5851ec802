package partcsv

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"kesim/nest"
)

// parity is testdata/parity.json: part lists and the answer both this
// reader and the web app's (web/src/features/parts/parity.test.ts) give.
type parity struct {
	Words struct {
		Headers         map[string][]string `json:"headers"`
		FallbackHeaders map[string][]string `json:"fallbackHeaders"`
		QuantityUnits   []string            `json:"quantityUnits"`
		Grain           map[string][]string `json:"grain"`
		Rotate          map[string][]string `json:"rotate"`
		Keys            map[string]string   `json:"keys"`
	} `json:"words"`
	Cases []struct {
		Name          string          `json:"name"`
		Input         string          `json:"input"`
		Parts         []nest.Part     `json:"parts"`
		Refused       []parityRefusal `json:"refused"`
		HeaderRefused int             `json:"headerRefused"`
		HeaderMsgs    []string        `json:"headerMessages"` // what both say of the header refused
		Converted     []Conversion    `json:"converted"`      // header, from, to
		Disabled      []int           `json:"disabled"`       // the lines left out
		StoreLimits   bool            `json:"storeLimits"`    // the case holds under StoreLimits only
	} `json:"cases"`
	Files []parityFile `json:"files"`
}

// parityFile is a file of parity.json's or stockparity.json's files: its
// bytes, and the message refusing it as no list, or the rows it is read
// to (stock in stockparity.json).
type parityFile struct {
	Name    string       `json:"name"`
	Base64  []byte       `json:"base64"` // encoding/json decodes base64 to []byte
	Message string       `json:"message"`
	Parts   []nest.Part  `json:"parts"`
	Stock   []nest.Stock `json:"stock"`
}

// checkFile checks that read refuses the file f whole with its message,
// or reads it (to want, when given): never as no list.
func checkFile[T any](t *testing.T, f parityFile, read func([]byte) ([]T, error), want []T) {
	t.Helper()
	got, err := read(f.Base64)
	var e *Error
	switch {
	case f.Message != "":
		if !errors.As(err, &e) || err.Error() != f.Message || e.Lines[0].Line != 0 {
			t.Errorf("got %+v, %v; want refused: %s", got, err, f.Message)
		}
	case want != nil:
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("got %+v, %v; want %+v", got, err, want)
		}
	case errors.As(err, &e) && e.Lines[0].Line == 0:
		t.Errorf("refused whole: %v", err)
	}
}

func readParity(t testing.TB) parity {
	t.Helper()
	var p parity
	readJSON(t, "testdata/parity.json", &p)
	return p
}

// readJSON reads the JSON file path into v.
func readJSON(t testing.TB, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

// The web's names of the part columns (PasteColumn), in column order.
var webColumns = [numColumns]string{"name", "width", "height", "quantity", "rotate", "material", "thickness", "grain", "band", "top", "bottom", "left", "right", "enabled"}

// The words this reader takes are the web's, word for word, and fold
// alike: the header words of each column (the first naming it), the
// fallback header words, the words after a quantity, the grain and the
// rotate words.
func TestPartWordsParity(t *testing.T) {
	p := readParity(t)
	headers := map[string][]string{}
	for c, words := range partHeaderWords {
		headers[webColumns[c]] = words
		if words[0] != columnNames[c] {
			t.Errorf("column %s is named %q in messages, its first word is %q", webColumns[c], columnNames[c], words[0])
		}
	}
	if !reflect.DeepEqual(headers, p.Words.Headers) {
		t.Errorf("header words\n got %v\nwant %v", headers, p.Words.Headers)
	}
	fallback := map[string][]string{}
	for c, words := range partFallbackWords {
		fallback[webColumns[c]] = words
	}
	if !reflect.DeepEqual(fallback, p.Words.FallbackHeaders) {
		t.Errorf("fallback header words\n got %v\nwant %v", fallback, p.Words.FallbackHeaders)
	}
	if !reflect.DeepEqual(quantityUnitWords, p.Words.QuantityUnits) {
		t.Errorf("quantity words\n got %v\nwant %v", quantityUnitWords, p.Words.QuantityUnits)
	}
	grain := map[string][]string{}
	for g, words := range partGrainWords {
		if g == "" {
			g = nest.GrainNone
		}
		grain[g] = words
	}
	if !reflect.DeepEqual(grain, p.Words.Grain) {
		t.Errorf("grain words\n got %v\nwant %v", grain, p.Words.Grain)
	}
	rotate := map[string][]string{"yes": rotateWords[true], "no": rotateWords[false]}
	if !reflect.DeepEqual(rotate, p.Words.Rotate) {
		t.Errorf("rotate words\n got %v\nwant %v", rotate, p.Words.Rotate)
	}
	for word, key := range p.Words.Keys {
		if got := wordKey(word); got != key {
			t.Errorf("wordKey(%q) = %q, want %q", word, got, key)
		}
	}
}

// Every list of the table gets the web's answer: the same parts, the same
// rows refused by line and column, the same header refused, the same
// columns converted, under the store's limits (the web's) and, but for a
// case of storeLimits, the engine's. Read takes a list only when no row is refused; its
// good rows are checked all the same (readParts).
func TestParity(t *testing.T) {
	for _, tc := range readParity(t).Cases {
		t.Run(tc.Name, func(t *testing.T) {
			limits := []Limits{StoreLimits, EngineLimits}
			if tc.StoreLimits {
				limits = limits[:1]
			}
			for _, lim := range limits {
				parts, conv, err := ReadConverted(strings.NewReader(tc.Input), lim)
				l, lerr := readParts(strings.NewReader(tc.Input), lim)
				if tc.HeaderRefused > 0 {
					checkHeaderRefused(t, tc.HeaderRefused, tc.HeaderMsgs, parts, err, lerr)
					continue
				}
				if lerr != nil {
					t.Fatalf("the list refused whole: %v", lerr)
				}
				want := make([]nest.Part, len(tc.Parts))
				for i, p := range tc.Parts {
					p.ID = "p" + strconv.Itoa(i+1)
					want[i] = p
				}
				if len(want) == 0 {
					want = nil
				}
				if !reflect.DeepEqual(l.parts, want) {
					t.Errorf("good rows\n got %+v\nwant %+v", l.parts, want)
				}
				type refusal struct {
					line  int
					field string
				}
				var got, wantRefused []refusal
				lines := map[int]bool{}
				for _, le := range l.errs {
					got = append(got, refusal{le.Line, le.Field})
					lines[le.Line] = true
				}
				for _, r := range tc.Refused {
					wantRefused = append(wantRefused, refusal{r.Line, r.Field})
					delete(lines, r.Line)
				}
				// A row may have more bad fields than the first the web names.
				for _, r := range wantRefused {
					found := false
					for _, g := range got {
						found = found || g == r
					}
					if !found {
						t.Errorf("line %d, %q not refused: %v", r.line, r.field, l.errs)
					}
				}
				if len(lines) > 0 {
					t.Errorf("lines refused the web takes: %v", l.errs)
				}
				checkMessages(t, l.errs, tc.Refused)
				if !reflect.DeepEqual(l.info.Disabled, tc.Disabled) {
					t.Errorf("lines left out %v, want %v", l.info.Disabled, tc.Disabled)
				}
				if len(tc.Refused) > 0 {
					if parts != nil || err == nil {
						t.Errorf("Read took a list with bad rows: %+v, %v", parts, err)
					}
					continue
				}
				if err != nil || !reflect.DeepEqual(parts, want) {
					t.Errorf("Read: %+v, %v; want %+v", parts, err, want)
				}
				if len(conv) == 0 {
					conv = nil
				}
				if _, info, _ := ReadInfo(strings.NewReader(tc.Input), lim); !reflect.DeepEqual(info.Disabled, tc.Disabled) {
					t.Errorf("ReadInfo: lines left out %v, want %v", info.Disabled, tc.Disabled)
				}
				if !reflect.DeepEqual(conv, tc.Converted) {
					t.Errorf("converted %v, want %v", conv, tc.Converted)
				}
			}
		})
	}
}

// Each file of parity.json is refused as no list with its message, or
// read (a Windows-1254 or UTF-16 list is no binary file), by Read under
// either limits, as by the web's file import.
func TestParityFiles(t *testing.T) {
	files := readParity(t).Files
	if len(files) == 0 {
		t.Fatal("no files")
	}
	for _, f := range files {
		t.Run(f.Name, func(t *testing.T) {
			want := f.Parts
			for i := range want {
				want[i].ID = "p" + strconv.Itoa(i+1)
			}
			for _, lim := range []Limits{StoreLimits, EngineLimits} {
				checkFile(t, f, func(b []byte) ([]nest.Part, error) { return ReadLimits(bytes.NewReader(b), lim) }, want)
			}
		})
	}
}
