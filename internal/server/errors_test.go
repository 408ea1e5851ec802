package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// Every code has its status, and the API's contract lists it.
func TestEveryCodeHasAStatusAndIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/http-api.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range apperr.Codes {
		if statusOf[c] == 0 {
			t.Errorf("code %s has no HTTP status", c)
		}
		row := fmt.Sprintf("| `%s` | %d |", c, statusOf[c])
		if !bytes.Contains(doc, []byte(row)) {
			t.Errorf("docs/http-api.md has no row %q", row)
		}
	}
	if len(statusOf) != len(apperr.Codes) {
		t.Errorf("%d statuses for %d codes", len(statusOf), len(apperr.Codes))
	}
}

func TestErrorMapsAndLogsOnlyInternalErrors(t *testing.T) {
	tests := []struct {
		name    string
		err     error
		status  int
		code    apperr.Code
		message string
		field   string
		logged  bool
	}{
		{"app error", apperr.New(apperr.Busy, msgBusy), 503, apperr.Busy, msgBusy, "", false},
		{"with a field", apperr.NewField(apperr.Invalid, "parts[2].width", "x"), 400, apperr.Invalid, "x", "parts[2].width", false},
		{"wrapped", fmt.Errorf("context: %w", apperr.New(apperr.NotFound, "yok")), 404, apperr.NotFound, "yok", "", false},
		{"engine input", &nest.InputError{Field: "sheet", Message: "ölçü"}, 400, apperr.Invalid, "ölçü", "sheet", false},
		{"internal", apperr.Wrap("db", errors.New("secret detail")), 500, apperr.Internal, apperr.MsgInternal, "", true},
		{"plain error", errors.New("secret detail"), 500, apperr.Internal, apperr.MsgInternal, "", true},
		{"unknown code", &apperr.Error{Code: "odd", Message: "secret detail"}, 500, apperr.Internal, apperr.MsgInternal, "", true},
	}
	// The client left: no answer, nothing logged.
	var logged bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := httptest.NewRecorder()
	withLogger(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { Error(w, r, ctx.Err()) }),
		slog.New(slog.NewTextHandler(&logged, nil))).ServeHTTP(w, httptest.NewRequest("GET", "/api/x", nil).WithContext(ctx))
	if w.Body.Len() != 0 || logged.Len() != 0 {
		t.Errorf("a request whose client left: answered %q, logged %q", w.Body, logged.String())
	}
	for _, tt := range tests {
		var logged bytes.Buffer
		h := withLogger(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { Error(w, r, tt.err) }),
			slog.New(slog.NewTextHandler(&logged, nil)))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/api/x", nil))
		var e errorBody
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if w.Code != tt.status || e.Error.Code != tt.code || e.Error.Message != tt.message {
			t.Errorf("%s: %d %s, want %d %s %q", tt.name, w.Code, w.Body, tt.status, tt.code, tt.message)
		}
		if tt.field != "" && e.Error.Fields[tt.field] != tt.message || tt.field == "" && e.Error.Fields != nil {
			t.Errorf("%s: fields %v, want %s", tt.name, e.Error.Fields, tt.field)
		}
		if strings.Contains(w.Body.String(), "secret") {
			t.Errorf("%s: the answer shows the cause: %s", tt.name, w.Body)
		}
		if got := strings.Contains(logged.String(), "secret detail"); got != tt.logged {
			t.Errorf("%s: logged %v, want %v: %s", tt.name, got, tt.logged, logged.String())
		}
	}
}

// Half of a surrogate pair escaped in a string would be decoded as U+FFFD
// and saved other than it was sent: it is refused as invalid UTF-8 is,
// while a whole pair, an escaped backslash before a "u" and U+FFFD itself
// are read.
func TestLoneSurrogate(t *testing.T) {
	for body, lone := range map[string]bool{
		`{"name":"a\ud800b"}`:       true,
		`{"name":"a\udc00"}`:        true,
		`{"name":"\ud83d"}`:         true,
		`{"name":"\ud83d\ud83d"}`:   true,
		`{"name":"\ud83d\u0041"}`:   true,
		`{"name":"\ud83d\ude00"}`:   false,
		`{"name":"\\ud800"}`:        false,
		`{"name":"\\\ud83d\ude00"}`: false,
		`{"name":"\ufffd Kapak"}`:   false,
		`{"name":"Kapak \u00e7\""}`: false,
		`{"name":"sonda \ud83d\"}`:  true,
	} {
		if got := loneSurrogate([]byte(body)); got != lone {
			t.Errorf("%s: lone %v, want %v", body, got, lone)
		}
	}
	h := newTestServer(t, nil)
	w := do(h, "POST", "/api/parts", `{"name":"a\ud800b","width":5,"height":1,"quantity":1}`)
	if w.Code != 400 || !strings.Contains(w.Body.String(), msgBadUTF8) {
		t.Errorf("a lone surrogate in a part's name: %d %s", w.Code, w.Body)
	}
}

// A database whose connection is refused, reset or cut in the middle of an
// answer is "unavailable" (503), which the web app treats as out of reach
// and keeps its work; other failures stay the 500 "Sunucu hatası". Neither
// shows the cause.
func TestDatabaseGoneIsUnavailable(t *testing.T) {
	for _, c := range []struct {
		err  error
		code apperr.Code
	}{
		{apperr.Wrap("list parts", fmt.Errorf("failed to receive message: %w", io.ErrUnexpectedEOF)), apperr.Unavailable},
		{apperr.Wrap("count users", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}), apperr.Unavailable},
		{apperr.Wrap("save", fmt.Errorf("write: %w", syscall.ECONNRESET)), apperr.Unavailable},
		{apperr.Wrap("save", errors.New("constraint failed")), apperr.Internal},
	} {
		w := httptest.NewRecorder()
		Error(w, httptest.NewRequest("GET", "/api/parts", nil), c.err)
		var b errorBody
		json.Unmarshal(w.Body.Bytes(), &b)
		if b.Error.Code != c.code || w.Code != statusOf[c.code] || strings.Contains(w.Body.String(), "EOF") {
			t.Errorf("%v: %d %s, want %s", c.err, w.Code, w.Body, c.code)
		}
	}
}

// A body that is JSON but no object ([], a string, a number, null) is refused
// for what it is, on every route that reads one: no field is wrong, the
// body is (it answered "Lütfen geçerli pozitif değerler girin!" without
// fields, as if a value had the wrong type).
func TestBodyThatIsNoObject(t *testing.T) {
	h := newTestServer(t, nil)
	w := do(h, "POST", "/api/layouts", `{"name":"Düzen","parts":[{"name":"A","width":10,"height":10,"quantity":1}]}`)
	var job struct{ ID string }
	if err := json.Unmarshal(w.Body.Bytes(), &job); err != nil || w.Code != http.StatusCreated {
		t.Fatalf("POST /api/layouts: %d %s", w.Code, w.Body)
	}
	for _, route := range []string{"POST /api/parts", "POST /api/layouts", "PUT /api/layouts/" + job.ID, "PATCH /api/layouts/" + job.ID,
		"PUT /api/layouts/" + job.ID + "/pieces/p1-0", "POST /api/sync", "PUT /api/stock", "POST /api/nest", "POST /api/export/pdf"} {
		method, path, _ := strings.Cut(route, " ")
		for _, body := range []string{`[]`, `[{"name":"A"}]`, `"x"`, `5`, `true`, `null`, " null\n"} {
			if route == "POST /api/nest" && strings.TrimSpace(body) == "null" {
				continue // the engine's reader takes null as the empty request, as encoding/json does: no sheet
			}
			w := do(h, method, path, body, "Content-Type", "application/json")
			var e errorBody
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || w.Code != http.StatusBadRequest ||
				e.Error.Code != apperr.Invalid || e.Error.Message != msgNotObject || e.Error.Fields != nil {
				t.Errorf("%s %s: %d %s, want 400 %q without fields", route, body, w.Code, w.Body, msgNotObject)
			}
		}
	}
	// A value of the wrong type inside the object still names its field.
	w = do(h, "POST", "/api/parts", `{"name":"A","width":"on","height":1,"quantity":1}`)
	if !strings.Contains(w.Body.String(), `"fields":{"width":`) {
		t.Errorf("a string for a width: %d %s", w.Code, w.Body)
	}
}

// A database refusal answered 4xx (store.Refused) is logged as a warning,
// with its kind, the store's operation and the driver's cause, so that a
// gap in the store's checks is seen; never with the database's own words,
// which may quote what the user sent. A user's plain mistake is not
// logged.
func TestErrorLogsDatabaseRefusals(t *testing.T) {
	for _, c := range []struct {
		kind   store.Refusal
		status int
		name   string
	}{
		{store.RefusedDuplicate, 409, "duplicate"}, {store.RefusedGone, 409, "gone"}, {store.RefusedValue, 400, "value"},
		{store.RefusedText, 400, "text"}, {store.RefusedRetry, 409, "retry"},
	} {
		err := store.Refused(c.kind, "postgres: create part", "SQLSTATE 23505 constraint parts_pkey table parts",
			errors.New(`duplicate key: Key (name)=(gizli-değer) already exists`))
		var logged bytes.Buffer
		h := withLogger(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { Error(w, r, err) }),
			slog.New(slog.NewTextHandler(&logged, nil)))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("POST", "/api/parts", nil))
		line := logged.String()
		if w.Code != c.status || strings.Contains(w.Body.String(), "gizli") {
			t.Errorf("%s: answered %d %s", c.name, w.Code, w.Body)
		}
		for _, want := range []string{"level=WARN", `msg="request refused by the database"`, "method=POST", "path=/api/parts",
			fmt.Sprintf("status=%d", c.status), "refusal=" + c.name, `op="postgres: create part"`, `cause="SQLSTATE 23505 constraint parts_pkey table parts"`} {
			if !strings.Contains(line, want) {
				t.Errorf("%s: log %q lacks %s", c.name, line, want)
			}
		}
		if strings.Contains(line, "gizli") || strings.Count(line, "\n") != 1 {
			t.Errorf("%s: log %q, want one line without the database's words", c.name, line)
		}
	}
	var logged bytes.Buffer
	h := withLogger(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		Error(w, r, apperr.NewField(apperr.Invalid, "width", store.MsgSizeTooLarge))
	}), slog.New(slog.NewTextHandler(&logged, nil)))
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/api/parts", nil))
	if logged.Len() != 0 {
		t.Errorf("a user's mistake logged: %s", logged.String())
	}
}

// A database that does not answer is 503 for the user and an error in the
// log, with the cause, for the operator: every request fails so while it
// lasts (it was answered unlogged).
func TestErrorLogsDatabaseGone(t *testing.T) {
	var logged bytes.Buffer
	gone := fmt.Errorf("postgres: list layouts: %w", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED})
	h := withLogger(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { Error(w, r, gone) }),
		slog.New(slog.NewTextHandler(&logged, nil)))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/api/layouts", nil))
	line := logged.String()
	if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), apperr.MsgUnavailable) {
		t.Errorf("answered %d %s, want 503 %q", w.Code, w.Body, apperr.MsgUnavailable)
	}
	for _, want := range []string{"level=ERROR", `msg="database unavailable"`, "method=GET", "path=/api/layouts", "connection refused"} {
		if !strings.Contains(line, want) {
			t.Errorf("log %q lacks %s", line, want)
		}
	}
}
