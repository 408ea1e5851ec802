package server

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/internal/store/sqlite"
	"kesim/nest"
)

// newStoreAPI returns the store routes on a fresh SQLite database.
func newStoreAPI(t testing.TB) http.Handler {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "kesim.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	mux := http.NewServeMux()
	registerStoreRoutes(mux, st)
	return mux
}

// call sends a request and returns the status and the body.
func call(t *testing.T, h http.Handler, method, path, body string) (int, []byte) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if ct := rec.Header().Get("Content-Type"); rec.Code != http.StatusNoContent && !strings.HasPrefix(ct, "application/json") {
		t.Errorf("%s %s: Content-Type %q, want JSON", method, path, ct)
	}
	return rec.Code, rec.Body.Bytes()
}

// errorOf decodes an error answer.
func errorOf(t *testing.T, body []byte) (code apperr.Code, message string, fields map[string]string) {
	t.Helper()
	var e errorBody
	if err := json.Unmarshal(body, &e); err != nil {
		t.Fatalf("error body %s: %v", body, err)
	}
	return e.Error.Code, e.Error.Message, e.Error.Fields
}

// keys returns the sorted keys of a JSON object.
func keys(t *testing.T, obj json.RawMessage) []string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(obj, &m); err != nil {
		t.Fatalf("%s: %v", obj, err)
	}
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func TestPartsAPI(t *testing.T) {
	h := newStoreAPI(t)
	status, body := call(t, h, "POST", "/api/parts", `{"name":"  Çekmece Ön ğüşıöç İĞÜŞÖÇ ","width":45.55,"height":30,"quantity":2}`)
	if status != http.StatusCreated {
		t.Fatalf("POST /api/parts: %d %s", status, body)
	}
	if got, want := keys(t, body), []string{"createdAt", "height", "id", "name", "quantity", "width"}; !reflect.DeepEqual(got, want) {
		t.Errorf("part fields %v, want %v", got, want)
	}
	var first store.Part
	json.Unmarshal(body, &first)
	if first.Name != "Çekmece Ön ğüşıöç İĞÜŞÖÇ" || first.Width != 45.55 || first.Height != 30 || first.Quantity != 2 || first.CreatedAt.IsZero() {
		t.Errorf("stored part %+v", first)
	}
	if status, body := call(t, h, "POST", "/api/parts", `{"name":"Raf","width":0.1,"height":1000,"quantity":100000}`); status != http.StatusCreated {
		t.Fatalf("second POST: %d %s", status, body)
	}

	status, body = call(t, h, "GET", "/api/parts", "")
	var list []store.Part
	if status != http.StatusOK || json.Unmarshal(body, &list) != nil {
		t.Fatalf("GET /api/parts: %d %s", status, body)
	}
	if len(list) != 2 || list[0].Name != "Raf" || list[1].ID != first.ID {
		t.Errorf("GET /api/parts = %+v, want Raf then the first part (newest first)", list)
	}

	if status, body := call(t, h, "DELETE", "/api/parts/"+first.ID, ""); status != http.StatusNoContent || len(body) != 0 {
		t.Errorf("DELETE: %d %s, want 204 and no body", status, body)
	}
	status, body = call(t, h, "DELETE", "/api/parts/"+first.ID, "")
	if code, msg, _ := errorOf(t, body); status != http.StatusNotFound || code != apperr.NotFound || msg != store.MsgPartNotFound {
		t.Errorf("second DELETE: %d %s", status, body)
	}
	if _, body := call(t, h, "GET", "/api/parts", ""); strings.Contains(string(body), first.ID) {
		t.Errorf("deleted part still listed: %s", body)
	}
}

func TestLayoutsAPI(t *testing.T) {
	h := newStoreAPI(t)
	in := `{"name":"Mutfak dolabı","parts":[` +
		`{"id":"p1","name":"Kapak","width":50,"height":30,"quantity":2},` +
		`{"id":"p2","name":"Raf","width":45.55,"height":12.05,"quantity":7,"rotate":false}],` +
		`"sheet":{"width":183,"height":366.5},"options":{"kerf":0.3,"trim":1,"guillotine":true}}`
	status, body := call(t, h, "POST", "/api/layouts", in)
	if status != http.StatusCreated {
		t.Fatalf("POST /api/layouts: %d %s", status, body)
	}
	if got, want := keys(t, body), []string{"createdAt", "cutPieces", "id", "name", "options", "parts", "progress", "recutPieces", "sheet", "state"}; !reflect.DeepEqual(got, want) {
		t.Errorf("layout fields %v, want %v", got, want)
	}
	var saved store.Layout
	json.Unmarshal(body, &saved)

	// The list shows it without its parts, only counted.
	status, body = call(t, h, "GET", "/api/layouts", "")
	var list struct {
		Layouts []json.RawMessage `json:"layouts"`
	}
	if status != http.StatusOK || json.Unmarshal(body, &list) != nil || len(list.Layouts) != 1 {
		t.Fatalf("GET /api/layouts: %d %s", status, body)
	}
	if got, want := keys(t, body), []string{"layouts"}; !reflect.DeepEqual(got, want) {
		t.Errorf("list fields %v, want %v (no next on the last page)", got, want)
	}
	if got, want := keys(t, list.Layouts[0]), []string{"createdAt", "id", "name", "partLines", "pieces", "progress", "sheet", "state"}; !reflect.DeepEqual(got, want) {
		t.Errorf("list entry fields %v, want %v", got, want)
	}
	var sum store.LayoutSummary
	json.Unmarshal(list.Layouts[0], &sum)
	if want := (store.LayoutSummary{ID: saved.ID, Name: "Mutfak dolabı", CreatedAt: saved.CreatedAt,
		Sheet: &nest.Sheet{Width: 183, Height: 366.5}, PartLines: 2, Pieces: 9, State: store.StatePlanned}); !reflect.DeepEqual(sum, want) {
		t.Errorf("listed %+v, want %+v", sum, want)
	}

	status, body = call(t, h, "GET", "/api/layouts/"+saved.ID, "")
	var got store.Layout
	if status != http.StatusOK || json.Unmarshal(body, &got) != nil {
		t.Fatalf("GET /api/layouts/{id}: %d %s", status, body)
	}
	if k, want := keys(t, body), []string{"createdAt", "cutPieces", "id", "name", "options", "parts", "progress", "recutPieces", "sheet", "state"}; !reflect.DeepEqual(k, want) {
		t.Errorf("layout fields %v, want %v", k, want)
	}
	// Loading it restores the whole job: parts with their rotation lock, the
	// canvas and the options.
	if got.ID != saved.ID || got.Name != "Mutfak dolabı" || len(got.Parts) != 2 ||
		got.Parts[1].Width != 45.55 || got.Parts[1].Rotate == nil || *got.Parts[1].Rotate ||
		got.Sheet.Width != 183 || got.Sheet.Height != 366.5 || got.Options.Kerf != 0.3 || !got.Options.Guillotine {
		t.Errorf("GET /api/layouts/{id} = %+v", got)
	}

	// Without sheet and options: the default canvas.
	status, body = call(t, h, "POST", "/api/layouts", `{"name":"Yerel","parts":[{"name":"A","width":1,"height":2,"quantity":1}]}`)
	var def store.Layout
	if status != http.StatusCreated || json.Unmarshal(body, &def) != nil || def.Sheet != store.DefaultSheet {
		t.Errorf("layout without a sheet: %d %s", status, body)
	}

	if status, _ := call(t, h, "DELETE", "/api/layouts/"+saved.ID, ""); status != http.StatusNoContent {
		t.Errorf("DELETE: %d", status)
	}
	status, body = call(t, h, "DELETE", "/api/layouts/"+saved.ID, "")
	if code, msg, _ := errorOf(t, body); status != http.StatusNotFound || code != apperr.NotFound || msg != store.MsgLayoutMissing {
		t.Errorf("second DELETE: %d %s", status, body)
	}
	for _, id := range []string{saved.ID, "yok", strings.Repeat("0", 32)} {
		status, body = call(t, h, "GET", "/api/layouts/"+id, "")
		if code, msg, _ := errorOf(t, body); status != http.StatusNotFound || code != apperr.NotFound || msg != store.MsgLayoutMissing {
			t.Errorf("GET /api/layouts/%s: %d %s, want 404", id, status, body)
		}
	}
}

func TestStoreAPIValidation(t *testing.T) {
	h := newStoreAPI(t)
	manyParts := `{"name":"Dev","parts":[` + strings.Repeat(`{"name":"a","width":1,"height":1,"quantity":1},`, store.MaxLayoutParts) +
		`{"name":"a","width":1,"height":1,"quantity":1}]}`
	tests := []struct {
		name, path, body string
		message, field   string
	}{
		{"no name", "/api/parts", `{"width":10,"height":10,"quantity":1}`, store.MsgRequired, "name"},
		{"blank name", "/api/parts", `{"name":"   ","width":10,"height":10,"quantity":1}`, store.MsgRequired, "name"},
		{"no width", "/api/parts", `{"name":"a","height":10,"quantity":1}`, store.MsgRequired, "width"},
		{"no quantity", "/api/parts", `{"name":"a","width":10,"height":10}`, store.MsgRequired, "quantity"},
		{"empty body", "/api/parts", ``, store.MsgRequired, ""},
		{"zero width", "/api/parts", `{"name":"a","width":0,"height":10,"quantity":1}`, store.MsgInvalidValues, "width"},
		{"negative height", "/api/parts", `{"name":"a","width":1,"height":-1,"quantity":1}`, store.MsgInvalidValues, "height"},
		{"text width", "/api/parts", `{"name":"a","width":"on","height":1,"quantity":1}`, store.MsgInvalidValues, "width"},
		{"half quantity", "/api/parts", `{"name":"a","width":1,"height":1,"quantity":2.5}`, store.MsgInvalidValues, "quantity"},
		{"zero quantity", "/api/parts", `{"name":"a","width":1,"height":1,"quantity":0}`, store.MsgInvalidValues, "quantity"},
		{"many", "/api/parts", `{"name":"a","width":1,"height":1,"quantity":100001}`, store.MsgQuantity, "quantity"},
		{"wide", "/api/parts", `{"name":"a","width":1000.01,"height":1,"quantity":1}`, store.MsgSizeTooLarge, "width"},
		{"rounds to nothing", "/api/parts", `{"name":"a","width":0.0000001,"height":1,"quantity":1}`, `"0,0000001" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın`, "width"},
		{"below the least side", "/api/parts", `{"name":"a","width":0.001,"height":1,"quantity":1}`, `"0,001" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın`, "width"},
		{"below the least height", "/api/parts", `{"name":"a","width":1,"height":0.05,"quantity":1}`, `"0,05" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın`, "height"},
		{"sync part below the least side", "/api/sync", `{"parts":[{"name":"a","width":0.001,"height":1,"quantity":1}]}`, `"0,001" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın`, "parts[0].width"},
		{"long name", "/api/parts", `{"name":"` + strings.Repeat("ğ", 201) + `","width":1,"height":1,"quantity":1}`, store.MsgNameTooLong, "name"},
		{"not JSON", "/api/parts", `{"name":`, msgBadJSON, ""},
		{"two values", "/api/parts", `{"name":"a","width":1,"height":1,"quantity":1} {}`, msgBadJSON, ""},
		{"stray brace", "/api/parts", `{"name":"a","width":1,"height":1,"quantity":1}}`, msgBadJSON, ""},
		{"stray bracket", "/api/sync", `{"parts":[]}]`, msgBadJSON, ""},
		{"name not UTF-8", "/api/parts", "{\"name\":\"a\xff\xfeb\",\"width\":1,\"height\":1,\"quantity\":1}", msgBadUTF8, ""},
		{"layout name not UTF-8", "/api/layouts", "{\"name\":\"L\xff\",\"parts\":[{\"name\":\"a\",\"width\":1,\"height\":1,\"quantity\":1}]}", msgBadUTF8, ""},
		{"layout no name", "/api/layouts", `{"parts":[{"name":"a","width":1,"height":1,"quantity":1}]}`, store.MsgLayoutName, "name"},
		{"layout no parts", "/api/layouts", `{"name":"Boş","parts":[]}`, store.MsgLayoutEmpty, "parts"},
		{"layout part", "/api/layouts", `{"name":"D","parts":[{"name":"a","width":1,"height":1,"quantity":1},{"name":"b","height":1,"quantity":1}]}`, store.MsgRequired, "parts[1].width"},
		{"layout sheet", "/api/layouts", `{"name":"D","parts":[{"name":"a","width":1,"height":1,"quantity":1}],"sheet":{"width":10000.01,"height":1}}`, store.MsgSheetTooLarge, "sheet.width"},
		{"layout too many parts", "/api/layouts", manyParts, store.MsgLayoutTooBig, "parts"},
		{"sync part", "/api/sync", `{"parts":[{"name":"a","width":1,"height":1,"quantity":1},{"name":"b","width":-1,"height":1,"quantity":1}]}`, store.MsgInvalidValues, "parts[1].width"},
		{"sync layout", "/api/sync", `{"layouts":[{"name":"x","parts":[{"name":"a","width":1,"height":1,"quantity":0.5}]}]}`, store.MsgInvalidValues, "layouts[0].parts[0].quantity"},
	}
	for _, tt := range tests {
		status, body := call(t, h, "POST", tt.path, tt.body)
		code, msg, fields := errorOf(t, body)
		if status != http.StatusBadRequest || code != apperr.Invalid || msg != tt.message {
			t.Errorf("%s: %d %s, want 400 invalid %q", tt.name, status, body, tt.message)
			continue
		}
		if tt.field != "" && !strings.Contains(fmt.Sprint(fields), tt.field) {
			t.Errorf("%s: fields %v, want %q", tt.name, fields, tt.field)
		}
	}
	// Nothing of the rejected requests was saved.
	if _, body := call(t, h, "GET", "/api/parts", ""); string(bytes.TrimSpace(body)) != "[]" {
		t.Errorf("GET /api/parts after rejected requests: %s, want []", body)
	}
	if _, body := call(t, h, "GET", "/api/layouts", ""); string(bytes.TrimSpace(body)) != `{"layouts":[]}` {
		t.Errorf("GET /api/layouts after rejected requests: %s, want no layouts", body)
	}
}

func TestStoreAPIBodyTooLarge(t *testing.T) {
	h := newStoreAPI(t)
	huge := `{"name":"` + strings.Repeat("a", maxStoreBody) + `","width":1,"height":1,"quantity":1}`
	for _, path := range []string{"/api/parts", "/api/layouts", "/api/sync"} {
		status, body := call(t, h, "POST", path, huge)
		if code, msg, _ := errorOf(t, body); status != http.StatusRequestEntityTooLarge || code != apperr.TooLarge || msg != "İstek gövdesi çok büyük: en fazla 5 MB gönderilebilir." {
			t.Errorf("POST %s of 5 MB: %d %s, want 413 too_large", path, status, body)
		}
	}
	// Just under the limit is fine.
	big := `{"name":"a","width":1,"height":1,"quantity":1,"pad":"` + strings.Repeat(" ", maxStoreBody-200) + `"}`
	if status, body := call(t, h, "POST", "/api/parts", big); status != http.StatusCreated {
		t.Errorf("POST just under 5 MB: %d %.200s", status, body)
	}
}

func TestSyncAPI(t *testing.T) {
	h := newStoreAPI(t)
	// What the browser kept locally: layouts in the local 'nesting-layouts'
	// format (timestamp ids, numeric part ids, createdAt), one part twice.
	local := `{
		"parts": [
			{"name":"Kapak","width":50,"height":30,"quantity":2},
			{"name":"Kapak","width":50,"height":30,"quantity":5},
			{"name":"Raf","width":45.55,"height":12.05,"quantity":1}
		],
		"layouts": [
			{"id":"1732268400000","name":"Mutfak","createdAt":"2026-11-20T08:00:00.000Z",
			 "parts":[{"id":1732268400001,"name":"Kapak","width":50,"height":30,"quantity":2}]},
			{"id":"1732268400002","name":"Banyo","createdAt":"2026-11-21T08:00:00.000Z",
			 "parts":[{"id":"x","name":"Raf","width":45.55,"height":12.05,"quantity":1}]}
		]
	}`
	for i, want := range []string{`{"newParts":2,"newLayouts":2}`, `{"newParts":0,"newLayouts":0}`} {
		status, body := call(t, h, "POST", "/api/sync", local)
		if status != http.StatusOK || string(bytes.TrimSpace(body)) != want {
			t.Errorf("sync %d: %d %s, want 200 %s", i+1, status, body, want)
		}
	}
	_, body := call(t, h, "GET", "/api/layouts", "")
	var page store.LayoutPage
	json.Unmarshal(body, &page)
	if len(page.Layouts) != 2 || page.Layouts[1].Name != "Mutfak" {
		t.Fatalf("synced layouts: %s", body)
	}
	var layouts [2]store.Layout
	for i, l := range page.Layouts {
		_, body := call(t, h, "GET", "/api/layouts/"+l.ID, "")
		json.Unmarshal(body, &layouts[i])
	}
	if layouts[1].Name != "Mutfak" || layouts[1].Parts[0].ID != "1732268400001" {
		t.Fatalf("synced layout: %+v", layouts[1])
	}
	// They keep the dates they were saved locally.
	if got := layouts[1].CreatedAt.Format(time.RFC3339); got != "2026-11-20T08:00:00Z" {
		t.Errorf("Mutfak created at %s, want its local date 2026-11-20T08:00:00Z", got)
	}
	// A date that cannot be read blocks nothing: the layout is dated now.
	odd := `{"layouts":[{"name":"Tuhaf","createdAt":"22.11.2026 10:00","parts":[{"name":"a","width":1,"height":1,"quantity":1}]}]}`
	if status, body := call(t, h, "POST", "/api/sync", odd); status != http.StatusOK || string(bytes.TrimSpace(body)) != `{"newParts":0,"newLayouts":1}` {
		t.Errorf("sync with an odd date: %d %s", status, body)
	}
	if status, body := call(t, h, "POST", "/api/sync", `{}`); status != http.StatusOK || string(bytes.TrimSpace(body)) != `{"newParts":0,"newLayouts":0}` {
		t.Errorf("empty sync: %d %s", status, body)
	}
}

// The parts of one save, dated alike to the millisecond by the browser,
// are listed newest first in the reverse of the order they were sent, as
// parts sent without a date: not shuffled by their random ids.
func TestSyncKeepsTheOrderOfPartsDatedAlike(t *testing.T) {
	h := newStoreAPI(t)
	names := []string{"Yan", "Raf", "Taban", "Arkalık", "Kapak", "Çekmece", "Tavan", "Baza"}
	var items []string
	for _, n := range names {
		items = append(items, `{"name":"`+n+`","width":50,"height":30,"quantity":1,"createdAt":"2026-11-20T08:00:00.123Z"}`)
	}
	if status, body := call(t, h, "POST", "/api/sync", `{"parts":[`+strings.Join(items, ",")+`]}`); status != http.StatusOK {
		t.Fatalf("sync: %d %s", status, body)
	}
	_, body := call(t, h, "GET", "/api/parts", "")
	var parts []store.Part
	if err := json.Unmarshal(body, &parts); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range parts {
		got = append(got, p.Name)
	}
	want := slices.Clone(names)
	slices.Reverse(want)
	if !slices.Equal(got, want) {
		t.Errorf("saved parts listed as %v, want %v", got, want)
	}
}

// failingStore fails every call as a database that went away does.
type failingStore struct{ store.Store }

var errDatabaseGone = errors.New("pq: the database system is shutting down (secret detail)")

func (failingStore) ListParts(context.Context, store.Owner) ([]store.Part, error) {
	return nil, apperr.Wrap("list parts", errDatabaseGone)
}

func (failingStore) CreateLayout(context.Context, store.Owner, store.LayoutInput) (store.Layout, error) {
	return store.Layout{}, apperr.Wrap("create layout", errDatabaseGone)
}

func (failingStore) DeletePart(context.Context, store.Owner, string) error {
	return errDatabaseGone // not even a store error
}

func (failingStore) ListLayouts(context.Context, store.Owner, store.LayoutQuery) (store.LayoutPage, error) {
	return store.LayoutPage{}, apperr.Wrap("list layouts", errDatabaseGone)
}

func (failingStore) GetLayout(context.Context, store.Owner, string) (store.Layout, error) {
	return store.Layout{}, apperr.Wrap("get layout", errDatabaseGone)
}

func (failingStore) GetStock(context.Context, store.Owner) (store.StockList, error) {
	return store.StockList{}, apperr.Wrap("get stock", errDatabaseGone)
}

func (failingStore) ReplaceStock(context.Context, store.Owner, store.StockList) (store.StockList, error) {
	return store.StockList{}, apperr.Wrap("replace stock", errDatabaseGone)
}

func TestStoreAPIInternalErrors(t *testing.T) {
	var logged bytes.Buffer
	mux := http.NewServeMux()
	registerStoreRoutes(mux, failingStore{})
	h := withLogger(mux, slog.New(slog.NewTextHandler(&logged, nil)))
	requests := []struct{ method, path, body string }{
		{"GET", "/api/parts", ""},
		{"POST", "/api/layouts", `{"name":"a","parts":[{"name":"a","width":1,"height":1,"quantity":1}]}`},
		{"DELETE", "/api/parts/abc", ""},
		{"GET", "/api/layouts?q=kapak", ""},
		{"GET", "/api/layouts/abc", ""},
		{"GET", "/api/stock", ""},
		{"PUT", "/api/stock", `{"stock":[],"bands":[]}`},
	}
	for _, r := range requests {
		status, body := call(t, h, r.method, r.path, r.body)
		code, msg, fields := errorOf(t, body)
		if status != http.StatusInternalServerError || code != apperr.Internal || msg != "Sunucu hatası" || fields != nil {
			t.Errorf("%s %s: %d %s, want 500 with only 'Sunucu hatası'", r.method, r.path, status, body)
		}
		if strings.Contains(string(body), "secret") {
			t.Errorf("%s %s: the answer shows the cause: %s", r.method, r.path, body)
		}
	}
	if n := strings.Count(logged.String(), "secret detail"); n != len(requests) {
		t.Errorf("log has the cause %d times, want %d:\n%s", n, len(requests), logged.String())
	}
}

// seedLayouts saves n layouts of 20 part lines each through the API.
func seedLayouts(tb testing.TB, h http.Handler, n int) {
	tb.Helper()
	var b strings.Builder
	b.WriteString(`{"layouts":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"Düzen %d","parts":[`, i)
		for j := range 20 {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"id":"%d","name":"Parça %d","width":%d.5,"height":45.55,"quantity":%d}`, j, j, 10+j, j+1)
		}
		b.WriteString(`],"sheet":{"width":183,"height":366}}`)
	}
	b.WriteString(`]}`)
	req := httptest.NewRequest("POST", "/api/sync", strings.NewReader(b.String()))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		tb.Fatalf("seed: %d %s", rec.Code, rec.Body)
	}
}

// BenchmarkListLayoutsAPI answers GET /api/layouts (its first page of 50)
// with 1,000 saved layouts of 20 part lines.
func BenchmarkListLayoutsAPI(b *testing.B) {
	h := newStoreAPI(b)
	seedLayouts(b, h, 1000)
	b.ResetTimer()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/layouts", nil))
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}

// BenchmarkMixedAPI sends a mix of reads and writes from parallel clients
// over real HTTP on loopback, as a workshop's browsers do: per 10 requests,
// 6 list parts, 2 list layouts (of 100), 1 saves a part, 1 saves a layout.
// req/s is the throughput on SQLite (issue 5: 500 req/s without error).
func BenchmarkMixedAPI(b *testing.B) {
	h := newStoreAPI(b)
	seedLayouts(b, h, 100)
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := srv.Client()
	layout := `{"name":"Yeni","parts":[{"name":"Kapak","width":50,"height":30,"quantity":2}]}`
	var n atomic.Int64
	b.SetParallelism(4)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1)
			var resp *http.Response
			var err error
			switch i % 10 {
			case 0:
				resp, err = client.Post(srv.URL+"/api/parts", "application/json",
					strings.NewReader(fmt.Sprintf(`{"name":"P%d","width":10,"height":20,"quantity":1}`, i)))
			case 1:
				resp, err = client.Post(srv.URL+"/api/layouts", "application/json", strings.NewReader(layout))
			case 2, 3:
				resp, err = client.Get(srv.URL + "/api/layouts")
			default:
				resp, err = client.Get(srv.URL + "/api/parts")
			}
			if err != nil {
				b.Error(err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode >= 300 {
				b.Errorf("status %d", resp.StatusCode)
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
}

// apiCrashHelperEnv names the database of the API crash helper; the test
// binary run with it set is the helper process.
const apiCrashHelperEnv = "KESIM_API_CRASH_HELPER_DB"

// TestMain runs the API crash helper instead of the tests when
// apiCrashHelperEnv is set: TestStoreAPICrashKeepsAnsweredSaves starts the
// test binary again as that helper.
func TestMain(m *testing.M) {
	if path := os.Getenv(apiCrashHelperEnv); path != "" {
		apiCrashHelper(path)
	}
	os.Exit(m.Run())
}

// apiCrashHelper serves the store routes on the SQLite database at path on
// a loopback port, which it prints, until it is killed. It never returns.
func apiCrashHelper(path string) {
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		fmt.Println("open:", err)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("listen:", err)
		os.Exit(1)
	}
	mux := http.NewServeMux()
	registerStoreRoutes(mux, st)
	fmt.Println(ln.Addr())
	http.Serve(ln, mux)
	os.Exit(1)
}

// TestStoreAPICrashKeepsAnsweredSaves kills the server with SIGKILL in the
// middle of a stream of saves from several clients: every save answered 201
// must be in the database afterwards, and the database intact.
func TestStoreAPICrashKeepsAnsweredSaves(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a helper process")
	}
	path := filepath.Join(t.TempDir(), "kesim.db")
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), apiCrashHelperEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(out)
	if !sc.Scan() {
		t.Fatal("the helper printed no address")
	}
	addr := sc.Text()
	if _, err := net.ResolveTCPAddr("tcp", addr); err != nil {
		t.Fatalf("helper: %s", addr)
	}

	const clients, killAfter = 4, 100
	var (
		mu       sync.Mutex
		answered []string
		killed   = make(chan struct{})
		kill     sync.Once
		wg       sync.WaitGroup
	)
	client := &http.Client{Timeout: 10 * time.Second}
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				body := fmt.Sprintf(`{"name":"Düzen %d-%d","parts":[{"name":"Kapak","width":45.55,"height":30,"quantity":2}]}`, c, i)
				resp, err := client.Post("http://"+addr+"/api/layouts", "application/json", strings.NewReader(body))
				if err != nil {
					select {
					case <-killed:
						return // the server is gone, as it should be
					default:
						t.Errorf("save before the kill: %v", err)
						return
					}
				}
				var l store.Layout
				err = json.NewDecoder(resp.Body).Decode(&l)
				resp.Body.Close()
				if resp.StatusCode != http.StatusCreated || err != nil {
					continue // not answered 201: nothing is promised
				}
				mu.Lock()
				answered = append(answered, l.ID)
				n := len(answered)
				mu.Unlock()
				if n == killAfter {
					kill.Do(func() {
						close(killed)
						cmd.Process.Signal(syscall.SIGKILL)
					})
				}
			}
		}()
	}
	wg.Wait()
	cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("helper ended with %v, want killed by SIGKILL", cmd.ProcessState)
	}
	t.Logf("server killed after %d answered saves", len(answered))

	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("reopen after the crash: %v", err)
	}
	defer st.Close()
	for _, id := range answered {
		if _, err := st.GetLayout(context.Background(), store.Anonymous(), id); err != nil {
			t.Errorf("save %s was answered 201 but is not in the database: %v", id, err)
		}
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var check string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Errorf("integrity_check = %q, %v; want ok", check, err)
	}
}

// listPage gets one page of GET /api/layouts.
func listPage(t *testing.T, h http.Handler, query string) (store.LayoutPage, []byte) {
	t.Helper()
	status, body := call(t, h, "GET", "/api/layouts"+query, "")
	var page store.LayoutPage
	if status != http.StatusOK || json.Unmarshal(body, &page) != nil {
		t.Fatalf("GET /api/layouts%s: %d %s", query, status, body)
	}
	return page, body
}

// TestLayoutsListAPI pages through 100 saved layouts of 40 part lines,
// searches them, and checks the answers to a bad query.
func TestLayoutsListAPI(t *testing.T) {
	h := newStoreAPI(t)
	var b strings.Builder
	b.WriteString(`{"layouts":[`)
	for i := range 100 {
		if i > 0 {
			b.WriteByte(',')
		}
		name := fmt.Sprintf("Düzen %d", i)
		if i%10 == 3 {
			name = fmt.Sprintf("KAPI %d", i)
		}
		fmt.Fprintf(&b, `{"name":%q,"createdAt":"2026-01-01T00:%02d:00Z","parts":[`, name, i/2) // pairs share a date
		for j := range 40 {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"id":"%d","name":"Parça %d","width":%d.5,"height":45.55,"quantity":%d}`, j, j, 10+j, j+1)
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`]}`)
	if status, body := call(t, h, "POST", "/api/sync", b.String()); status != http.StatusOK {
		t.Fatalf("sync: %d %s", status, body)
	}

	// The default page: the 50 newest, without parts, and a cursor.
	page, body := listPage(t, h, "")
	if len(page.Layouts) != store.DefaultLayoutPage || page.Next == "" {
		t.Fatalf("first page: %d layouts, next %q", len(page.Layouts), page.Next)
	}
	if n := page.Layouts[0].Name; n != "Düzen 99" && n != "Düzen 98" || page.Layouts[0].PartLines != 40 || page.Layouts[0].Pieces != 820 {
		t.Errorf("newest layout listed as %+v", page.Layouts[0])
	}
	if bytes.Contains(body, []byte("Parça")) || len(body) > 12000 {
		t.Errorf("the list has %d bytes and the parts; want summaries only", len(body))
	}

	// Pages of 7 list each layout once, newest first, the last without a
	// next page.
	var names []string
	cursor := ""
	for pages := 0; ; pages++ {
		page, body := listPage(t, h, "?limit=7&cursor="+url.QueryEscape(cursor))
		names = append(names, summaryNames(page.Layouts)...)
		if page.Next == "" {
			if pages != 14 || len(page.Layouts) != 2 || bytes.Contains(body, []byte(`"next"`)) {
				t.Errorf("last page %d: %s", pages, body)
			}
			break
		}
		cursor = page.Next
	}
	if len(names) != 100 {
		t.Fatalf("pages listed %d layouts: %v", len(names), names)
	}
	seen := map[string]bool{}
	for i, n := range names {
		// Two layouts share each date; between them the id decides.
		var num int
		fmt.Sscanf(n[strings.LastIndexByte(n, ' ')+1:], "%d", &num)
		if num/2 != (99-i)/2 || seen[n] {
			t.Errorf("layout %d is %s, want number %d or its pair", i, n, 99-i)
		}
		seen[n] = true
	}

	// A search: case and Turkish letters do not matter.
	for _, q := range []string{"kapı", "KAPI", "kapi", "Kapİ"} {
		page, _ := listPage(t, h, "?q="+url.QueryEscape(q)+"&limit=200")
		if len(page.Layouts) != 10 || page.Next != "" || page.Layouts[0].Name != "KAPI 93" {
			t.Errorf("search %q: %v", q, summaryNames(page.Layouts))
		}
	}
	page, _ = listPage(t, h, "?q=kap%C4%B1+9&limit=200")
	if got := summaryNames(page.Layouts); !reflect.DeepEqual(got, []string{"KAPI 93"}) {
		t.Errorf("search 'kapı 9': %v", got)
	}
	page, _ = listPage(t, h, "?q=KAPI&limit=4")
	page, _ = listPage(t, h, "?q=KAPI&limit=4&cursor="+page.Next)
	if got := summaryNames(page.Layouts); !reflect.DeepEqual(got, []string{"KAPI 53", "KAPI 43", "KAPI 33", "KAPI 23"}) || page.Next == "" {
		t.Errorf("second page of a search: %v, next %q", got, page.Next)
	}

	bad := []struct{ query, field, msg string }{
		{"?limit=0", "limit", store.MsgLayoutLimit},
		{"?limit=-1", "limit", store.MsgLayoutLimit},
		{"?limit=201", "limit", store.MsgLayoutLimit},
		{"?limit=abc", "limit", store.MsgLayoutLimit},
		{"?limit=1.5", "limit", store.MsgLayoutLimit},
		{"?limit=", "limit", store.MsgLayoutLimit},
		{"?limit=99999999999999999999", "limit", store.MsgLayoutLimit},
		{"?cursor=abc", "cursor", store.MsgLayoutCursor},
		{"?cursor=" + strings.Repeat("A", 44), "cursor", store.MsgLayoutCursor},
		// Well formed, but at 1970-01-01T00:00:00Z, where no layout is.
		{"?cursor=" + strings.Repeat("A", 32), "cursor", store.MsgLayoutCursor},
		{"?q=" + strings.Repeat("a", 201), "q", store.MsgSearchLong},
	}
	for _, tt := range bad {
		status, body := call(t, h, "GET", "/api/layouts"+tt.query, "")
		code, msg, fields := errorOf(t, body)
		if status != http.StatusBadRequest || code != apperr.Invalid || msg != tt.msg || fields[tt.field] != tt.msg {
			t.Errorf("GET /api/layouts%s: %d %s, want 400 %q on %s", tt.query, status, body, tt.msg, tt.field)
		}
	}
	if page, _ := listPage(t, h, "?limit=200"); len(page.Layouts) != 100 || page.Next != "" {
		t.Errorf("a page of 200: %d layouts, next %q", len(page.Layouts), page.Next)
	}
}

func summaryNames(list []store.LayoutSummary) []string {
	names := make([]string, len(list))
	for i, l := range list {
		names[i] = l.Name
	}
	return names
}

// TestLayoutsAPIPerUser checks that in team mode a user lists, searches and
// loads only their own layouts: another user's id answers 404.
// TestLayoutSawProfile: a guillotine layout's saw profile (options.firstCut,
// options.stages; the web app's "İlk kesim" and "Kesim kademesi") is saved
// with the layout and loaded back with it, and one the engine would refuse
// (without guillotine, out of range, of another type) is refused on its
// field in the engine's words, so that every saved layout lays out again.
func TestLayoutSawProfile(t *testing.T) {
	h := newStoreAPI(t)
	parts := `"parts":[{"id":"p1","name":"Kapak","width":50,"height":30,"quantity":2}],"sheet":{"width":183,"height":366}`
	status, body := call(t, h, "POST", "/api/layouts", `{"name":"Testere",`+parts+`,"options":{"kerf":0.4,"guillotine":true,"firstCut":"long","stages":3}}`)
	if status != http.StatusCreated {
		t.Fatalf("POST /api/layouts: %d %s", status, body)
	}
	var saved store.Layout
	json.Unmarshal(body, &saved)
	status, body = call(t, h, "GET", "/api/layouts/"+saved.ID, "")
	var got store.Layout
	if status != http.StatusOK || json.Unmarshal(body, &got) != nil {
		t.Fatalf("GET /api/layouts/{id}: %d %s", status, body)
	}
	if want := (nest.Options{Kerf: 0.4, Guillotine: true, FirstCut: nest.FirstCutLong, Stages: 3}); got.Options != want {
		t.Errorf("loaded options %+v, want %+v", got.Options, want)
	}
	var raw struct {
		Options map[string]json.RawMessage `json:"options"`
	}
	json.Unmarshal(body, &raw)
	if string(raw.Options["firstCut"]) != `"long"` || string(raw.Options["stages"]) != `3` {
		t.Errorf("options answered %s", body)
	}

	// Without a profile the options answer as before it: no firstCut, no stages.
	status, body = call(t, h, "POST", "/api/layouts", `{"name":"Serbest",`+parts+`,"options":{"guillotine":true}}`)
	if status != http.StatusCreated || strings.Contains(string(body), "firstCut") || strings.Contains(string(body), "stages") {
		t.Errorf("layout without a profile: %d %s", status, body)
	}

	for _, c := range []struct{ options, field, message string }{
		{`{"guillotine":false,"firstCut":"long"}`, "options.firstCut", nest.MsgProfileNoGuil},
		{`{"stages":3}`, "options.stages", nest.MsgProfileNoGuil},
		{`{"guillotine":true,"firstCut":"across"}`, "options.firstCut", nest.MsgFirstCut},
		{`{"guillotine":true,"stages":1}`, "options.stages", nest.MsgStages},
		{`{"guillotine":true,"stages":10}`, "options.stages", nest.MsgStages},
		{`{"guillotine":true,"stages":"3"}`, "options.stages", nest.MsgStages},
	} {
		status, body := call(t, h, "POST", "/api/layouts", `{"name":"Hatalı",`+parts+`,"options":`+c.options+`}`)
		if _, _, fields := errorOf(t, body); status != http.StatusBadRequest || fields[c.field] != c.message {
			t.Errorf("options %s: %d %s; want 400 %s %q", c.options, status, body, c.field, c.message)
		}
	}
}

func TestLayoutsAPIPerUser(t *testing.T) {
	ts := newTeamServer(t, true)
	a, b := ts.client(), ts.client()
	a.login(t, "ayse")
	b.login(t, "mehmet")
	w := a.do("POST", "/api/layouts", `{"name":"Mutfak","parts":[{"name":"A","width":1,"height":1,"quantity":3}]}`)
	var layout store.Layout
	if w.Code != http.StatusCreated || json.Unmarshal(w.Body.Bytes(), &layout) != nil {
		t.Fatalf("save: %d %s", w.Code, w.Body)
	}
	if w := a.do("GET", "/api/layouts/"+layout.ID, ""); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"quantity":3`) {
		t.Errorf("A loads own layout: %d %s", w.Code, w.Body)
	}
	if w := a.do("GET", "/api/layouts?q=mutfak", ""); !strings.Contains(w.Body.String(), layout.ID) {
		t.Errorf("A searches own layouts: %d %s", w.Code, w.Body)
	}
	if w := b.do("GET", "/api/layouts/"+layout.ID, ""); w.Code != http.StatusNotFound || strings.Contains(w.Body.String(), "Mutfak") {
		t.Errorf("B loads A's layout: %d %s, want 404", w.Code, w.Body)
	}
	for _, q := range []string{"", "?q=mutfak", "?limit=200"} {
		if w := b.do("GET", "/api/layouts"+q, ""); w.Code != http.StatusOK || strings.TrimSpace(w.Body.String()) != `{"layouts":[]}` {
			t.Errorf("B lists layouts%s: %d %s", q, w.Code, w.Body)
		}
	}
	if w := ts.client().do("GET", "/api/layouts/"+layout.ID, ""); w.Code != http.StatusUnauthorized {
		t.Errorf("signed out: %d, want 401", w.Code)
	}
}

// kitchenStockJSON is a stock list in the engine's JSON shape.
const kitchenStockJSON = `{"stock":[` +
	`{"id":"s1","name":"Beyaz 18 büyük","material":"Beyaz Sunta","thickness":18,"width":183,"height":366,"quantity":4,"price":1450,"grain":"none"},` +
	`{"id":"s2","material":"Beyaz Sunta","thickness":18,"width":210,"height":280,"price":1300},` +
	`{"id":"s3","material":"Ceviz MDF","thickness":18,"width":183,"height":366,"price":2100,"grain":"vertical"}],` +
	`"bands":[{"code":"B1","name":"PVC 0,8 beyaz","thickness":0.8,"price":6.5,"overlength":2}]}`

// defaultOffcutSettingsJSON is the offcut settings of a user who saved none.
const defaultOffcutSettingsJSON = `"offcutSettings":{"rules":[{"minWidth":30,"minHeight":30}],"maxArea":0,"minUse":60}`

// noOptionsJSON ends the answer of a user who saved no layout options:
// the defaults, and that none were saved.
const noOptionsJSON = `,"options":{"objective":"cost","deductBands":false,"keepLeftover":false},"optionsSaved":false}`

func TestStockAPI(t *testing.T) {
	h := newStoreAPI(t)
	status, body := call(t, h, "GET", "/api/stock", "")
	if status != http.StatusOK || strings.TrimSpace(string(body)) != `{"stock":[],"bands":[],`+defaultOffcutSettingsJSON+`,"version":0`+noOptionsJSON {
		t.Errorf("GET /api/stock before any save: %d %s", status, body)
	}
	status, body = call(t, h, "PUT", "/api/stock", kitchenStockJSON)
	if status != http.StatusOK {
		t.Fatalf("PUT /api/stock: %d %s", status, body)
	}
	var want, put, got store.StockList
	json.Unmarshal([]byte(kitchenStockJSON), &want)
	if err := json.Unmarshal(body, &put); err != nil || !reflect.DeepEqual(put, want) {
		t.Errorf("PUT answered %s, want the list as sent", body)
	}
	status, body = call(t, h, "GET", "/api/stock", "")
	if err := json.Unmarshal(body, &got); status != http.StatusOK || err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("GET after PUT: %d %s", status, body)
	}
	// The engine's JSON, byte for byte: a stored list can be sent to the
	// engine as it comes.
	if compact := new(bytes.Buffer); json.Compact(compact, []byte(kitchenStockJSON)) != nil ||
		strings.TrimSpace(string(body)) != strings.TrimSuffix(compact.String(), "}")+","+defaultOffcutSettingsJSON+`,"version":1`+noOptionsJSON {
		t.Errorf("GET /api/stock = %s\nwant %s", body, kitchenStockJSON)
	}
	// PUT replaces the whole list.
	if status, body := call(t, h, "PUT", "/api/stock", `{"stock":[{"id":"x","width":100,"height":50}],"bands":[]}`); status != http.StatusOK {
		t.Fatalf("second PUT: %d %s", status, body)
	}
	if _, body := call(t, h, "GET", "/api/stock", ""); strings.TrimSpace(string(body)) != `{"stock":[{"id":"x","width":100,"height":50}],"bands":[],`+defaultOffcutSettingsJSON+`,"version":2`+noOptionsJSON {
		t.Errorf("after the second PUT: %s", body)
	}
}

// Two tabs read the list at one version: the first save passes and
// answers the next version, the second, which names the version it read,
// is 409 with the Turkish message and changes nothing; a save without a
// version (a client of before versions) still replaces the list.
func TestStockAPIVersion(t *testing.T) {
	h := newStoreAPI(t)
	if status, body := call(t, h, "PUT", "/api/stock", kitchenStockJSON); status != http.StatusOK {
		t.Fatalf("PUT: %d %s", status, body)
	}
	version := func(body []byte) int64 {
		t.Helper()
		var v struct {
			Version *int64 `json:"version"`
		}
		if err := json.Unmarshal(body, &v); err != nil || v.Version == nil {
			t.Fatalf("no version in %s", body)
		}
		return *v.Version
	}
	_, body := call(t, h, "GET", "/api/stock", "")
	read := version(body)
	tab1 := fmt.Sprintf(`{"stock":[{"id":"bir","width":100,"height":50}],"bands":[],"version":%d}`, read)
	tab2 := fmt.Sprintf(`{"stock":[{"id":"iki","width":100,"height":50}],"bands":[],"version":%d}`, read)
	status, body := call(t, h, "PUT", "/api/stock", tab1)
	if status != http.StatusOK || version(body) != read+1 {
		t.Fatalf("first tab's PUT: %d %s, want 200 with version %d", status, body, read+1)
	}
	status, body = call(t, h, "PUT", "/api/stock", tab2)
	if code, msg, _ := errorOf(t, body); status != http.StatusConflict || code != apperr.Conflict || msg != store.MsgStockChanged {
		t.Errorf("second tab's PUT of version %d: %d %s, want 409 %q", read, status, body, store.MsgStockChanged)
	}
	if _, body := call(t, h, "GET", "/api/stock", ""); !strings.Contains(string(body), `"id":"bir"`) || version(body) != read+1 {
		t.Errorf("after the refused PUT: %s, want the first tab's list at version %d", body, read+1)
	}
	if status, body := call(t, h, "PUT", "/api/stock", `{"stock":[],"bands":[],"version":"1"}`); status != http.StatusBadRequest {
		t.Errorf("a version of the wrong type: %d %s, want 400", status, body)
	}
	if status, body := call(t, h, "PUT", "/api/stock", `{"stock":[],"bands":[]}`); status != http.StatusOK || version(body) != read+2 {
		t.Errorf("PUT without a version: %d %s, want 200 with version %d", status, body, read+2)
	}
}

func TestStockAPIValidation(t *testing.T) {
	h := newStoreAPI(t)
	if status, body := call(t, h, "PUT", "/api/stock", kitchenStockJSON); status != http.StatusOK {
		t.Fatalf("PUT: %d %s", status, body)
	}
	rows := make([]string, store.MaxStockRows+1)
	for i := range rows {
		rows[i] = fmt.Sprintf(`{"id":"s%d","width":10,"height":10}`, i)
	}
	for _, tc := range []struct{ name, body, field, msg string }{
		{"empty body", ``, "", store.MsgRequired},
		{"not JSON", `{"stock":`, "", "İstek gövdesi geçerli bir JSON değil."},
		{"no stock", `{"bands":[]}`, "stock", store.MsgRequired},
		{"no bands", `{"stock":[]}`, "bands", store.MsgRequired},
		{"null stock", `{"stock":null,"bands":[]}`, "stock", store.MsgRequired},
		{"too many rows", `{"stock":[` + strings.Join(rows, ",") + `],"bands":[]}`, "stock", store.MsgStockTooMany},
		{"fractional quantity", `{"stock":[{"id":"a","width":1,"height":1,"quantity":2.5}],"bands":[]}`, "stock[0].quantity", store.MsgStockQuantity},
		{"fractional minUse", `{"stock":[],"bands":[],"offcutSettings":{"rules":[],"maxArea":0,"minUse":50.5}}`, "offcutSettings.minUse", store.MsgOffcutMinUse},
		// A part of the settings would reset the rest.
		{"settings without rules", `{"stock":[],"bands":[],"offcutSettings":{"maxArea":5,"minUse":60}}`, "offcutSettings.rules", store.MsgRequired},
		{"settings without maxArea", `{"stock":[],"bands":[],"offcutSettings":{"rules":[],"minUse":60}}`, "offcutSettings.maxArea", store.MsgRequired},
		{"settings without minUse", `{"stock":[],"bands":[],"offcutSettings":{"rules":[],"maxArea":0}}`, "offcutSettings.minUse", store.MsgRequired},
		{"empty settings", `{"stock":[],"bands":[],"offcutSettings":{}}`, "offcutSettings.rules", store.MsgRequired},
		// A rule's least size left out or misspelled is not "any size".
		{"rule without minHeight", `{"stock":[],"bands":[],"offcutSettings":{"rules":[{"minWidth":1}],"maxArea":0,"minUse":60}}`, "offcutSettings.rules[0].minHeight", msgOffcutRuleSizes},
		{"rule with minHeight misspelled", `{"stock":[],"bands":[],"offcutSettings":{"rules":[{"minWidth":30,"minHeight":30},{"minWidth":1,"minHieght":5}],"maxArea":0,"minUse":60}}`, "offcutSettings.rules[1].minHeight", msgOffcutRuleSizes},
		{"rule without minWidth", `{"stock":[],"bands":[],"offcutSettings":{"rules":[{"material":"MDF","minHeight":1}],"maxArea":0,"minUse":60}}`, "offcutSettings.rules[0].minWidth", msgOffcutRuleSizes},
		{"rule of null sizes", `{"stock":[],"bands":[],"offcutSettings":{"rules":[{"minWidth":null,"minHeight":null}],"maxArea":0,"minUse":60}}`, "offcutSettings.rules[0].minWidth", msgOffcutRuleSizes},
		{"null rule", `{"stock":[],"bands":[],"offcutSettings":{"rules":[null],"maxArea":0,"minUse":60}}`, "offcutSettings.rules[0].minWidth", msgOffcutRuleSizes},
		{"too many rules", `{"stock":[],"bands":[],"offcutSettings":{"rules":[` + strings.Repeat(`{},`, nest.MaxOffcutRules) + `{}],"maxArea":0,"minUse":60}}`, "offcutSettings.rules", nest.MsgTooManyRules},
		{"negative rule size", `{"stock":[],"bands":[],"offcutSettings":{"rules":[{"minWidth":-1,"minHeight":1}],"maxArea":0,"minUse":60}}`, "offcutSettings.rules[0].minWidth", nest.MsgOffcutRuleSize},
		{"huge quantity", `{"stock":[{"id":"a","width":1,"height":1,"quantity":1e300}],"bands":[]}`, "stock[0].quantity", store.MsgStockQuantity},
		{"string width", `{"stock":[{"id":"a","width":"10","height":1}],"bands":[]}`, "stock.width", store.MsgInvalidValues},
		{"repeated id", `{"stock":[{"id":"a","width":1,"height":1},{"id":"a","width":1,"height":1}],"bands":[]}`, "stock[1].id", store.MsgStockID},
		{"no width", `{"stock":[{"id":"a","height":1}],"bands":[]}`, "stock[0].width", store.MsgInvalidSheet},
		{"grain", `{"stock":[{"id":"a","width":1,"height":1,"grain":"yatay"}],"bands":[]}`, "stock[0].grain", store.MsgGrain},
		{"price", `{"stock":[{"id":"a","width":1,"height":1,"price":-5}],"bands":[]}`, "stock[0].price", store.MsgPrice},
		{"band code", `{"stock":[],"bands":[{"name":"kodsuz"}]}`, "bands[0].code", store.MsgBandCode},
		{"band thickness", `{"stock":[],"bands":[{"code":"B","thickness":11}]}`, "bands[0].thickness", store.MsgBandThickness},
	} {
		status, body := call(t, h, "PUT", "/api/stock", tc.body)
		code, msg, fields := errorOf(t, body)
		if status != http.StatusBadRequest || code != apperr.Invalid || msg != tc.msg || (tc.field != "" && fields[tc.field] != tc.msg) {
			t.Errorf("%s: %d %s, want 400 %q on %q", tc.name, status, body, tc.msg, tc.field)
		}
	}
	var got, want store.StockList
	_, body := call(t, h, "GET", "/api/stock", "")
	json.Unmarshal(body, &got)
	json.Unmarshal([]byte(kitchenStockJSON), &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("a refused PUT changed the list: %s", body)
	}
	huge := `{"stock":[],"bands":[],"pad":"` + strings.Repeat("a", maxStoreBody) + `"}`
	if status, body := call(t, h, "PUT", "/api/stock", huge); status != http.StatusRequestEntityTooLarge {
		t.Errorf("PUT of 5 MB: %d %.200s, want 413", status, body)
	}
}

// An offcut rule keeps every key it was sent with, and a least size of 0
// said in so many words is "any size" (only a key left out is refused).
func TestStockAPIOffcutRuleKeys(t *testing.T) {
	h := newStoreAPI(t)
	settings := `"offcutSettings":{"rules":[{"material":"MDF","thickness":18,"minWidth":0,"minHeight":25.5}],"maxArea":0,"minUse":60}`
	status, body := call(t, h, "PUT", "/api/stock", `{"stock":[],"bands":[],`+settings+`}`)
	if status != http.StatusOK || !strings.Contains(string(body), settings) {
		t.Errorf("PUT of a rule with every key: %d %s, want 200 with %s", status, body, settings)
	}
}

// The layout options travel with the list: the defaults and
// "optionsSaved":false before any are saved, as saved after (each save one
// version), kept by a PUT without them (a client from before them), and
// refused with the Turkish message on their field when wrong, changing
// nothing.
func TestStockAPIOptions(t *testing.T) {
	h := newStoreAPI(t)
	type answer struct {
		Options      *store.StockOptions `json:"options"`
		OptionsSaved *bool               `json:"optionsSaved"`
		Version      int64               `json:"version"`
	}
	read := func(body []byte) answer {
		t.Helper()
		var a answer
		if err := json.Unmarshal(body, &a); err != nil || a.Options == nil || a.OptionsSaved == nil {
			t.Fatalf("no options in %s", body)
		}
		return a
	}
	_, body := call(t, h, "GET", "/api/stock", "")
	if a := read(body); *a.Options != store.DefaultStockOptions() || *a.OptionsSaved {
		t.Errorf("before any save: %s, want the defaults, not saved", body)
	}
	// A save without options stores none.
	status, body := call(t, h, "PUT", "/api/stock", kitchenStockJSON)
	if a := read(body); status != http.StatusOK || *a.OptionsSaved || *a.Options != store.DefaultStockOptions() {
		t.Errorf("PUT without options: %d %s, want the defaults, not saved", status, body)
	}
	want := store.StockOptions{Objective: "sheets", DeductBands: true, KeepLeftover: true}
	status, body = call(t, h, "PUT", "/api/stock",
		`{"stock":[],"bands":[],"options":{"objective":"sheets","deductBands":true,"keepLeftover":true},"version":1}`)
	if a := read(body); status != http.StatusOK || !*a.OptionsSaved || *a.Options != want || a.Version != 2 {
		t.Fatalf("PUT with options: %d %s, want %+v saved at version 2", status, body, want)
	}
	if !strings.Contains(string(body), `"options":{"objective":"sheets","deductBands":true,"keepLeftover":true},"optionsSaved":true`) {
		t.Errorf("the options' JSON: %s", body)
	}
	_, body = call(t, h, "GET", "/api/stock", "")
	if a := read(body); !*a.OptionsSaved || *a.Options != want || a.Version != 2 {
		t.Errorf("GET after PUT: %s, want %+v saved at version 2", body, want)
	}
	// An older client's save keeps them.
	status, body = call(t, h, "PUT", "/api/stock", `{"stock":[{"id":"x","width":100,"height":50}],"bands":[],"version":2}`)
	if a := read(body); status != http.StatusOK || !*a.OptionsSaved || *a.Options != want || a.Version != 3 {
		t.Errorf("PUT without options: %d %s, want %+v kept at version 3", status, body, want)
	}
	// A stale save of other options is a conflict and changes nothing.
	status, body = call(t, h, "PUT", "/api/stock", `{"stock":[],"bands":[],"options":{"objective":"area","deductBands":false,"keepLeftover":false},"version":2}`)
	if code, msg, _ := errorOf(t, body); status != http.StatusConflict || code != apperr.Conflict || msg != store.MsgStockChanged {
		t.Errorf("stale PUT: %d %s, want 409", status, body)
	}
	for _, tc := range []struct{ name, options, field, msg string }{
		{"objective", `{"objective":"ucuz","deductBands":false,"keepLeftover":false}`, "options.objective", store.MsgObjective},
		{"empty objective", `{"objective":"","deductBands":false,"keepLeftover":false}`, "options.objective", store.MsgObjective},
		{"no objective", `{"deductBands":false,"keepLeftover":false}`, "options.objective", store.MsgObjective},
		{"numeric objective", `{"objective":1,"deductBands":false,"keepLeftover":false}`, "options.objective", typeMessage("options.objective")},
		{"no deductBands", `{"objective":"cost","keepLeftover":false}`, "options.deductBands", store.MsgRequired},
		{"no keepLeftover", `{"objective":"cost","deductBands":true}`, "options.keepLeftover", store.MsgRequired},
		{"string deductBands", `{"objective":"cost","deductBands":"evet","keepLeftover":false}`, "options.deductBands", typeMessage("options.deductBands")},
		{"numeric keepLeftover", `{"objective":"cost","deductBands":false,"keepLeftover":1}`, "options.keepLeftover", typeMessage("options.keepLeftover")},
		{"not an object", `"cost"`, "options", typeMessage("options")},
	} {
		status, body := call(t, h, "PUT", "/api/stock", `{"stock":[],"bands":[],"options":`+tc.options+`}`)
		code, msg, fields := errorOf(t, body)
		if status != http.StatusBadRequest || code != apperr.Invalid || msg != tc.msg || fields[tc.field] != tc.msg {
			t.Errorf("%s: %d %s, want 400 %q on %q", tc.name, status, body, tc.msg, tc.field)
		}
	}
	_, body = call(t, h, "GET", "/api/stock", "")
	if a := read(body); !*a.OptionsSaved || *a.Options != want || a.Version != 3 || !strings.Contains(string(body), `"id":"x"`) {
		t.Errorf("after refused PUTs: %s, want %+v at version 3 with row x", body, want)
	}
}

// Parts and layouts carry the new fields; old clients' bodies and answers
// are unchanged.
func TestPartsAndLayoutsWithMaterial(t *testing.T) {
	h := newStoreAPI(t)
	status, body := call(t, h, "POST", "/api/parts",
		`{"name":"Yan","width":56,"height":72,"quantity":2,"material":"Beyaz Sunta","thickness":18,"grain":"vertical","edges":{"top":"B1","left":"B1"}}`)
	if status != http.StatusCreated {
		t.Fatalf("POST part: %d %s", status, body)
	}
	if got, want := keys(t, body), []string{"createdAt", "edges", "grain", "height", "id", "material", "name", "quantity", "thickness", "width"}; !reflect.DeepEqual(got, want) {
		t.Errorf("part fields %v, want %v", got, want)
	}
	status, body = call(t, h, "POST", "/api/parts", `{"name":"Yan","width":56,"height":72,"quantity":2,"grain":"yukarı"}`)
	if _, _, fields := errorOf(t, body); status != http.StatusBadRequest || fields["grain"] != store.MsgGrain {
		t.Errorf("bad grain: %d %s", status, body)
	}
	layout := `{"name":"Mutfak","sheet":{"width":183,"height":366},` +
		`"parts":[{"id":"p1","name":"Yan","width":56,"height":72,"quantity":2,"material":"Beyaz Sunta","thickness":18,"edges":{"top":"B1","left":"B1"}},` +
		`{"id":"p2","name":"Kapak","width":40,"height":70,"quantity":2,"material":"Ceviz MDF","grain":"vertical"}],` +
		`"options":{"kerf":0.3,"trim":0,"guillotine":false,"timeLimitMs":1000,"seed":0,"objective":"cost","deductBands":true},` +
		strings.TrimPrefix(kitchenStockJSON, "{")
	status, body = call(t, h, "POST", "/api/layouts", layout)
	if status != http.StatusCreated {
		t.Fatalf("POST layout: %d %s", status, body)
	}
	var created store.Layout
	json.Unmarshal(body, &created)
	status, body = call(t, h, "GET", "/api/layouts/"+created.ID, "")
	if status != http.StatusOK {
		t.Fatalf("GET layout: %d %s", status, body)
	}
	var sent, loaded map[string]json.RawMessage
	json.Unmarshal([]byte(layout), &sent)
	json.Unmarshal(body, &loaded)
	for _, k := range []string{"name", "sheet", "parts", "options", "stock", "bands"} {
		var a, b bytes.Buffer
		json.Compact(&a, sent[k])
		json.Compact(&b, loaded[k])
		if a.String() != b.String() {
			t.Errorf("layout %s loads back as %s\nsent %s", k, b.String(), a.String())
		}
	}
	status, body = call(t, h, "POST", "/api/layouts", strings.Replace(layout, `"left":"B1"`, `"left":"B7"`, 1))
	if _, _, fields := errorOf(t, body); status != http.StatusBadRequest || fields["parts[0].edges.left"] != store.MsgUnknownBand {
		t.Errorf("unknown band code: %d %s", status, body)
	}
	// A layout without the new fields answers exactly the old fields.
	status, body = call(t, h, "POST", "/api/layouts", `{"name":"Eski","parts":[{"name":"A","width":1,"height":1,"quantity":1}]}`)
	if status != http.StatusCreated {
		t.Fatalf("old layout: %d %s", status, body)
	}
	if got, want := keys(t, body), []string{"createdAt", "cutPieces", "id", "name", "options", "parts", "progress", "recutPieces", "sheet", "state"}; !reflect.DeepEqual(got, want) {
		t.Errorf("old layout fields %v, want %v", got, want)
	}
	// Sync carries a layout's stock and bands.
	sync := `{"parts":[],"layouts":[` + strings.Replace(layout, `"Mutfak"`, `"Yerel"`, 1) + `]}`
	if status, body := call(t, h, "POST", "/api/sync", sync); status != http.StatusOK || !strings.Contains(string(body), `"newLayouts":1`) {
		t.Fatalf("sync: %d %s", status, body)
	}
	_, body = call(t, h, "GET", "/api/layouts?q=yerel", "")
	var page store.LayoutPage
	if json.Unmarshal(body, &page) != nil || len(page.Layouts) != 1 {
		t.Fatalf("synced layout not listed: %s", body)
	}
	_, body = call(t, h, "GET", "/api/layouts/"+page.Layouts[0].ID, "")
	json.Unmarshal(body, &loaded)
	for _, k := range []string{"stock", "bands", "parts"} {
		var a, b bytes.Buffer
		json.Compact(&a, sent[k])
		json.Compact(&b, loaded[k])
		if a.String() != b.String() {
			t.Errorf("synced layout %s: %s\nsent %s", k, b.String(), a.String())
		}
	}
}

// Each user has their own stock; signed out there is none; a cross-site
// PUT is refused.
func TestStockAPIPerUser(t *testing.T) {
	ts := newTeamServer(t, true)
	a, b := ts.client(), ts.client()
	a.login(t, "ayse")
	b.login(t, "mehmet")
	if w := a.do("PUT", "/api/stock", kitchenStockJSON); w.Code != http.StatusOK {
		t.Fatalf("A saves: %d %s", w.Code, w.Body)
	}
	if w := b.do("GET", "/api/stock", ""); w.Code != http.StatusOK || strings.TrimSpace(w.Body.String()) != `{"stock":[],"bands":[],`+defaultOffcutSettingsJSON+`,"version":0`+noOptionsJSON {
		t.Errorf("B reads: %d %s, want empty lists", w.Code, w.Body)
	}
	if w := b.do("PUT", "/api/stock", `{"stock":[],"bands":[]}`); w.Code != http.StatusOK {
		t.Errorf("B clears own: %d %s", w.Code, w.Body)
	}
	if w := a.do("GET", "/api/stock", ""); !strings.Contains(w.Body.String(), `"Ceviz MDF"`) {
		t.Errorf("A's list after B cleared B's: %s", w.Body)
	}
	if w := ts.client().do("GET", "/api/stock", ""); w.Code != http.StatusUnauthorized {
		t.Errorf("signed out GET: %d, want 401", w.Code)
	}
	if w := ts.client().do("PUT", "/api/stock", kitchenStockJSON); w.Code != http.StatusUnauthorized {
		t.Errorf("signed out PUT: %d, want 401", w.Code)
	}
	if w := a.do("PUT", "/api/stock", `{"stock":[],"bands":[]}`, "Origin", "https://kotu.example"); w.Code != http.StatusForbidden {
		t.Errorf("cross-site PUT: %d, want 403", w.Code)
	}
	if w := a.do("GET", "/api/stock", ""); !strings.Contains(w.Body.String(), `"Ceviz MDF"`) {
		t.Errorf("A's list after the refused cross-site PUT: %s", w.Body)
	}
}

// A canvas over the specification's 1000 cm, which the canvas dialog takes
// after asking: the engine lays it out, and the layout saves with its
// result and loads back as it was (the store refused it while the engine
// and the web app took it).
func TestLayoutOnAHugeCanvasSaves(t *testing.T) {
	h := newTestServer(t, nil)
	req := `{"sheet":{"width":1200,"height":2500},"parts":[{"id":"p1","name":"Kapı Ön Çekmece","width":45.5,"height":30,"quantity":3}]}`
	w := do(h, "POST", "/api/nest", req)
	if w.Code != http.StatusOK {
		t.Fatalf("POST /api/nest on a 1200 x 2500 canvas: %d %s", w.Code, w.Body)
	}
	result := strings.TrimSpace(w.Body.String())
	layout := `{"name":"Büyük tuval",` + strings.TrimPrefix(strings.TrimSuffix(req, "}"), "{") + `,"result":` + result + `}`
	w = do(h, "POST", "/api/layouts", layout)
	if w.Code != http.StatusCreated {
		t.Fatalf("POST /api/layouts on a 1200 x 2500 canvas: %d %s", w.Code, w.Body)
	}
	var saved struct {
		ID     string          `json:"id"`
		Sheet  nest.Sheet      `json:"sheet"`
		Result json.RawMessage `json:"result"`
	}
	json.Unmarshal(w.Body.Bytes(), &saved)
	w = do(h, "GET", "/api/layouts/"+saved.ID, "")
	var got struct {
		Sheet  nest.Sheet  `json:"sheet"`
		Result nest.Result `json:"result"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &got); w.Code != http.StatusOK || err != nil ||
		got.Sheet != (nest.Sheet{Width: 1200, Height: 2500}) || got.Result.Stats.Placed != 3 {
		t.Errorf("GET the saved layout: %d %.300s", w.Code, w.Body)
	}
}

// Unknown fields are ignored on every route (docs/http-api.md, "Bodies"):
// the web app sends back answer-only fields, and a newer client's field
// must not make an older server refuse the body. A misspelled key that
// would lose data is refused instead, because the key it misses is
// required: the stored data is kept.
func TestUnknownFieldsIgnoredRequiredKeysGuarded(t *testing.T) {
	h := newTestServer(t, nil)
	origin := []string{"Origin", "http://localhost"}
	if w := do(h, "POST", "/api/parts", `{"name":"Kapak","width":45.5,"height":30,"quantity":2,"renk":"beyaz"}`, origin...); w.Code != http.StatusCreated || strings.Contains(w.Body.String(), "renk") {
		t.Errorf("a part with an unknown field: %d %s, want 201 without it", w.Code, w.Body)
	}
	layout := `{"name":"Mutfak","parts":[{"name":"Kapak","width":45.5,"height":30,"quantity":2,"renk":"beyaz"}],"state":"cut","progress":{"cut":9,"total":9},"yeniAlan":1}`
	w := do(h, "POST", "/api/layouts", layout, origin...)
	if w.Code != http.StatusCreated || !strings.Contains(w.Body.String(), `"state":"planned"`) || strings.Contains(w.Body.String(), "yeniAlan") {
		t.Errorf("a layout with answer-only and unknown fields: %d %s, want 201, planned, without them", w.Code, w.Body)
	}
	if w := do(h, "POST", "/api/nest", `{"sheet":{"width":100,"height":148},"parts":[{"name":"Kapak","width":45.5,"height":30,"quantity":2}],"yeniSecenek":true}`, origin...); w.Code != http.StatusOK {
		t.Errorf("an engine request with an unknown field: %d %s, want 200", w.Code, w.Body)
	}
	if w := do(h, "PUT", "/api/stock", kitchenStockJSON, origin...); w.Code != http.StatusOK {
		t.Fatalf("PUT /api/stock: %d %s", w.Code, w.Body)
	}
	for _, body := range []string{
		`{"stok":[],"bands":[]}`,
		`{"stock":[],"band":[]}`,
		`{"stock":[],"bands":[],"offcutSettings":{"rules":[],"maxAria":0,"minUse":60}}`,
	} {
		w := do(h, "PUT", "/api/stock", body, origin...)
		if _, msg, fields := errorOf(t, w.Body.Bytes()); w.Code != http.StatusBadRequest || msg != store.MsgRequired || len(fields) != 1 {
			t.Errorf("PUT %s: %d %s, want 400 %q naming the missing key", body, w.Code, w.Body, store.MsgRequired)
		}
	}
	if w := do(h, "GET", "/api/stock", ""); !strings.Contains(w.Body.String(), `"id":"s3"`) {
		t.Errorf("the misspelled saves changed the stock list: %s", w.Body)
	}
	if w := do(h, "POST", "/api/parts", `{"name":"Kapak","witdh":45.5,"height":30,"quantity":2}`, origin...); w.Code != http.StatusBadRequest {
		t.Errorf("a part with width misspelled: %d %s, want 400", w.Code, w.Body)
	}
}

// A layout of more pieces than the engine lays out is refused on every
// route that saves one (the audit saved 2 lines x 100,000 with 201, and
// the layout could never be laid out again); one of the engine's limit
// saves.
func TestLayoutPieceLimit(t *testing.T) {
	h := newStoreAPI(t)
	body := func(name string, q1, q2 int) string {
		return fmt.Sprintf(`{"name":%q,"parts":[{"name":"A","width":1,"height":1,"quantity":%d},{"name":"B","width":1,"height":1,"quantity":%d}]}`, name, q1, q2)
	}
	over := body("Çok", store.MaxQuantity, store.MaxQuantity)
	status, answer := call(t, h, "POST", "/api/layouts", over)
	if _, msg, fields := errorOf(t, answer); status != http.StatusBadRequest || msg != store.MsgLayoutPieces || fields["parts[1].quantity"] != msg {
		t.Errorf("POST /api/layouts of %d pieces: %d %s", 2*store.MaxQuantity, status, answer)
	}
	status, answer = call(t, h, "POST", "/api/sync", `{"parts":[],"layouts":[`+over+`]}`)
	if _, msg, fields := errorOf(t, answer); status != http.StatusBadRequest || fields["layouts[0].parts[1].quantity"] != msg {
		t.Errorf("POST /api/sync of a layout of %d pieces: %d %s", 2*store.MaxQuantity, status, answer)
	}
	l := saveJob(t, h, body("Tam", nest.MaxPieces-1, 1))
	status, answer = call(t, h, "PUT", "/api/layouts/"+l.ID, over)
	if _, msg, _ := errorOf(t, answer); status != http.StatusBadRequest || msg != store.MsgLayoutPieces {
		t.Errorf("PUT /api/layouts of %d pieces: %d %s", 2*store.MaxQuantity, status, answer)
	}
}
