package partcsv

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"kesim/nest"
)

// stockParity is testdata/stockparity.json: stock lists and the answer
// both this reader and the web's stock import
// (web/src/features/stock/stockParity.test.ts) give.
type stockParity struct {
	Words struct {
		Headers     map[string][]string `json:"headers"`
		PartColumns []string            `json:"partColumns"`
	} `json:"words"`
	Cases []struct {
		Name          string          `json:"name"`
		Input         string          `json:"input"`
		Stock         []nest.Stock    `json:"stock"`
		Refused       []parityRefusal `json:"refused"`
		HeaderRefused int             `json:"headerRefused"`
		HeaderMsgs    []string        `json:"headerMessages"`
		Converted     []Conversion    `json:"converted"`
		Disabled      []int           `json:"disabled"`
		Unknown       []string        `json:"unknown"`
	} `json:"cases"`
	Files []parityFile `json:"files"`
}

func readStockParity(t *testing.T) stockParity {
	t.Helper()
	var p stockParity
	readJSON(t, "testdata/stockparity.json", &p)
	return p
}

// The web's names of the stock columns (StockColumn).
var webStockColumns = map[column]string{colID: "id", colName: "name", colMaterial: "material", colThickness: "thickness", colWidth: "width",
	colHeight: "height", colQuantity: "quantity", colPrice: "price", colGrain: "grain", colEnabled: "enabled"}

// A stock list's header words are the web's, word for word: its own, the
// first naming the column in messages, and the part list's words of the
// columns both have, which name them when no cell names them by a word of
// their own.
func TestStockWordsParity(t *testing.T) {
	p := readStockParity(t)
	headers := map[string][]string{}
	for c, words := range stockHeaderWords {
		headers[webStockColumns[c]] = words
		if words[0] != columnNames[c] {
			t.Errorf("column %s is named %q in messages, its first word is %q", webStockColumns[c], columnNames[c], words[0])
		}
	}
	if !reflect.DeepEqual(headers, p.Words.Headers) {
		t.Errorf("header words\n got %v\nwant %v", headers, p.Words.Headers)
	}
	var shared []string
	for _, c := range stockPartColumns {
		shared = append(shared, webStockColumns[c])
	}
	if !reflect.DeepEqual(shared, p.Words.PartColumns) {
		t.Errorf("columns read by the part list's words %v, want %v", shared, p.Words.PartColumns)
	}
}

// Every stock list of the table gets the web's answer: the same rows, the
// same lines refused by line and column, the same header refused, the
// same columns converted and not read, the same rows left out. ReadStock
// takes a list only when no row is refused; its good rows are checked all
// the same (readStock).
func TestStockParity(t *testing.T) {
	for _, tc := range readStockParity(t).Cases {
		t.Run(tc.Name, func(t *testing.T) {
			l, err := readStock(strings.NewReader(tc.Input), StoreLimits)
			stock, info, rerr := ReadStockInfo(strings.NewReader(tc.Input), StoreLimits)
			if tc.HeaderRefused > 0 {
				checkHeaderRefused(t, tc.HeaderRefused, tc.HeaderMsgs, stock, err, rerr)
				return
			}
			if err != nil {
				t.Fatalf("the list refused whole: %v", err)
			}
			got := make([]nest.Stock, len(l.stock))
			for i, s := range l.stock {
				if i < len(tc.Stock) && tc.Stock[i].ID == "" {
					s.ID = "" // made by the reader, as the web makes its own
				}
				got[i] = s
			}
			want := tc.Stock
			if len(want) == 0 {
				want = []nest.Stock{}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("good rows\n got %+v\nwant %+v", got, want)
			}
			type refusal struct {
				line  int
				field string
			}
			var refused, wantRefused []refusal
			for _, le := range l.errs {
				refused = append(refused, refusal{le.Line, le.Field})
			}
			for _, r := range tc.Refused {
				wantRefused = append(wantRefused, refusal{r.Line, r.Field})
			}
			if !reflect.DeepEqual(refused, wantRefused) {
				t.Errorf("refused %v, want %v (%v)", refused, wantRefused, l.errs)
			}
			checkMessages(t, l.errs, tc.Refused)
			if !reflect.DeepEqual(l.info.Disabled, tc.Disabled) {
				t.Errorf("lines left out %v, want %v", l.info.Disabled, tc.Disabled)
			}
			if !reflect.DeepEqual(l.info.Unknown, tc.Unknown) {
				t.Errorf("columns not read %q, want %q", l.info.Unknown, tc.Unknown)
			}
			if len(tc.Refused) > 0 {
				if stock != nil || rerr == nil {
					t.Errorf("ReadStockInfo took a list with bad rows: %+v, %v", stock, rerr)
				}
				return
			}
			if rerr != nil || !reflect.DeepEqual(stock, l.stock) {
				t.Errorf("ReadStockInfo: %+v, %v; want %+v", stock, rerr, l.stock)
			}
			if !reflect.DeepEqual(info.Converted, tc.Converted) {
				t.Errorf("converted %v, want %v", info.Converted, tc.Converted)
			}
		})
	}
}

// checkHeaderRefused checks that every reader's error (errs) refuses the
// list's header, on line alone, and, when msgs are given, with those
// messages in that order (a final period aside); got is what the reader
// returned.
func checkHeaderRefused(t *testing.T, line int, msgs []string, got any, errs ...error) {
	t.Helper()
	for _, err := range errs {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("got %+v, %v; want the header on line %d refused", got, err, line)
		}
		var said []string
		for _, le := range e.Lines {
			if le.Line != line {
				t.Errorf("header refused: %v, want line %d only", err, line)
			}
			said = append(said, strings.TrimSuffix(le.Message, "."))
		}
		if msgs == nil {
			continue
		}
		var want []string
		for _, m := range msgs {
			want = append(want, strings.TrimSuffix(m, "."))
		}
		if !reflect.DeepEqual(said, want) {
			t.Errorf("header refused saying %q, want %q", said, want)
		}
	}
}

// parityRefusal is a bad field of a parity case: its line, its column
// (” for a row refused whole) and, if given, the message both readers
// give (a final period aside: the web ends its messages with one).
type parityRefusal struct {
	Line    int    `json:"line"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

// checkMessages checks that errs give each refusal of want that names a
// message that message, on its line and column.
func checkMessages(t *testing.T, errs []LineError, want []parityRefusal) {
	t.Helper()
	for _, w := range want {
		if w.Message == "" {
			continue
		}
		found := false
		for _, e := range errs {
			if e.Line == w.Line && e.Field == w.Field && strings.TrimSuffix(e.Message, ".") == strings.TrimSuffix(w.Message, ".") {
				found = true
			}
		}
		if !found {
			t.Errorf("line %d, %s: want %q, got %v", w.Line, w.Field, w.Message, errs)
		}
	}
}

// Each file of stockparity.json is refused as no list with its message,
// or read, by ReadStock as by the web's stock import; the band reader
// says the same of it, naming its own list.
func TestStockParityFiles(t *testing.T) {
	files := readStockParity(t).Files
	if len(files) == 0 {
		t.Fatal("no files")
	}
	for _, f := range files {
		t.Run(f.Name, func(t *testing.T) {
			var want []nest.Stock
			for _, s := range f.Stock {
				s.ID = "" // each reader makes its own
				want = append(want, s)
			}
			checkFile(t, f, func(b []byte) ([]nest.Stock, error) {
				stock, err := ReadStock(bytes.NewReader(b))
				for i := range stock {
					stock[i].ID = ""
				}
				return stock, err
			}, want)
			bands := f
			bands.Message = strings.Replace(strings.Replace(f.Message, "levha listesi", "bant listesi", 1), "levhaları", "bant kodlarını", 1)
			checkFile(t, bands, func(b []byte) ([]nest.Band, error) { return ReadBands(bytes.NewReader(b)) }, nil)
		})
	}
}
