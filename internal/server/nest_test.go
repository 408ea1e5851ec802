package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"kesim/internal/apperr"
	"kesim/nest"
)

// More layouts than the server has cores: each waits its turn and all are
// answered; a request whose client has left while waiting is dropped.
func TestNestAPIQueues(t *testing.T) {
	h := newTestServer(t, nil)
	body := `{"sheet":{"width":100,"height":148},"parts":[{"id":"a","name":"Raf","width":33,"height":21,"quantity":40}],"options":{"timeLimitMs":50}}`
	n := 2*runtime.GOMAXPROCS(0) + 2
	codes := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each from its own client: one client has half the admissions.
			r := httptest.NewRequest("POST", "http://localhost/api/nest", strings.NewReader(body))
			r.RemoteAddr = fmt.Sprintf("127.0.0.%d:40000", i+1)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			codes[i] = w.Code
		}()
	}
	wg.Wait()
	for i, c := range codes {
		if c != 200 {
			t.Errorf("request %d: %d", i, c)
		}
	}

	// All slots taken: a request whose client is gone returns without work.
	for range cap(nestSlots) {
		nestSlots <- struct{}{}
	}
	defer func() {
		for range cap(nestSlots) {
			<-nestSlots
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := httptest.NewRequest("POST", "/api/nest", strings.NewReader(body)).WithContext(ctx)
	w := httptest.NewRecorder()
	(&nestHandler{limit: time.Second}).ServeHTTP(w, r)
	if w.Code != statusClientLeft || w.Body.Len() != 0 {
		t.Errorf("answered a request whose client left: %d %s", w.Code, w.Body)
	}
}

// A body shorter than its Content-Length, from a client that closed its
// side of the connection, is no JSON: the client still reads a 400 with
// the Turkish message, never an empty 200 that looks like a saved layout.
func TestShortBodyAnswered(t *testing.T) {
	srv := httptest.NewServer(newTestServer(t, nil))
	defer srv.Close()
	for _, path := range []string{"/api/nest", "/api/layouts", "/api/parts"} {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		_, err = fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"name\":\"x\",", path, srv.Listener.Addr())
		if err != nil {
			t.Fatal(err)
		}
		_ = conn.(*net.TCPConn).CloseWrite()
		_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		body, _ := io.ReadAll(resp.Body)
		conn.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), msgBadJSON) {
			t.Errorf("%s: %d %s", path, resp.StatusCode, body)
		}
	}
}

// Options the engine refuses get its message from the server too (also a
// value of the wrong type: half a percent): the server's caps lower only
// values the engine takes.
func TestNestAPIRefusesOptionsOutOfRange(t *testing.T) {
	h := newTestServer(t, nil)
	for _, tc := range []struct{ opts, field, msg string }{
		{`{"workers":65}`, "options.workers", "Çalışan sayısı 0 ile 64 arasında olmalı."},
		{`{"timeLimitMs":600001}`, "options.timeLimitMs", "Süre sınırı 0 ile 600.000 ms arasında olmalı."},
		{`{"workers":-1}`, "options.workers", "Çalışan sayısı 0 ile 64 arasında olmalı."},
		{`{"offcutMinUse":50.5}`, "options.offcutMinUse", nest.MsgOffcutMinUse},
		{`{"timeLimitMs":1e12}`, "options.timeLimitMs", "Süre sınırı 0 ile 600.000 ms arasında olmalı."},
	} {
		w, e := postNest(t, h, `{"sheet":{"width":100,"height":148},"parts":[{"name":"Raf","width":33,"height":21,"quantity":2}],"options":`+tc.opts+`}`)
		if w.Code != http.StatusBadRequest || e.Error.Fields[tc.field] != tc.msg {
			t.Errorf("%s: %d %s", tc.opts, w.Code, w.Body)
		}
	}
	if w, _ := postNest(t, h, `{"sheet":{"width":100,"height":148},"parts":[{"name":"Raf","width":33,"height":21,"quantity":2}],"options":{"workers":64,"timeLimitMs":600000}}`); w.Code != http.StatusOK {
		t.Errorf("options within the engine's range: %d %s", w.Code, w.Body)
	}
}

// postNest sends body to h and decodes the answer's error, if any.
func postNest(t *testing.T, h http.Handler, body string) (*httptest.ResponseRecorder, errorBody) {
	t.Helper()
	r := httptest.NewRequest("POST", "http://localhost/api/nest", strings.NewReader(body))
	r.RemoteAddr = "127.0.0.1:40000"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var e errorBody
	if w.Code != http.StatusOK {
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
			t.Fatalf("error answer %d %q: %v", w.Code, w.Body, err)
		}
	}
	return w, e
}

// nestBody is a request on a 100 x 148 sheet with one part line per
// quantity.
func nestBody(quantities ...string) string {
	var b strings.Builder
	b.WriteString(`{"sheet":{"width":100,"height":148},"parts":[`)
	for i, q := range quantities {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"P%d","width":%d,"height":7,"quantity":%s}`, i, 5+i%20, q)
	}
	b.WriteString(`]}`)
	return b.String()
}

// The pieces of a request are counted before any layout work, without a
// sum that could overflow: over the limit is 413 with a Turkish message
// naming it.
func TestNestAPIPieceLimit(t *testing.T) {
	h := &nestHandler{limit: 5 * time.Second, log: slog.New(slog.DiscardHandler)}
	const msg = "Bu sunucuda bir hesaplamada en fazla 20.000 parça yerleştirilebilir."
	maxInt := strconv.Itoa(math.MaxInt)
	tooMany := []struct{ name, body string }{
		{"20,001 of one part", nestBody("20001")},
		{"20,001 in two lines", nestBody("20000", "1")},
		{"100,000 lines", `{"sheet":{"width":100,"height":148},"parts":[` +
			strings.Repeat(`{"width":5,"height":7,"quantity":1},`, 99999) + `{"width":5,"height":7,"quantity":1}]}`},
		{"100,000 pieces", nestBody("100000")},
		{"largest quantity", nestBody(maxInt)},
		{"sum past the largest int", nestBody("1", maxInt)},
		{"largest twice", nestBody(maxInt, maxInt)},
		{"negative then largest", nestBody(strconv.Itoa(math.MinInt), maxInt, "5")},
		{"100,000 empty lines", `{"parts":[` + strings.Repeat(`{},`, 100000) + `{}]}`},
	}
	for _, tt := range tooMany {
		w, e := postNest(t, h, tt.body)
		if w.Code != http.StatusRequestEntityTooLarge || e.Error.Code != apperr.TooLarge || e.Error.Message != msg {
			t.Errorf("%s (%d bytes): %d %.300s, want 413 %q", tt.name, len(tt.body), w.Code, w.Body, msg)
		}
	}
	// A quantity no integer holds is a bad quantity, named by its field
	// with the quantity's own message (engine.md), as 1.5 is.
	w, e := postNest(t, h, nestBody("1", "1e30"))
	if w.Code != http.StatusBadRequest || e.Error.Fields["parts[1].quantity"] != "Adet 1 veya daha büyük bir tam sayı olmalı." {
		t.Errorf("quantity 1e30: %d %s", w.Code, w.Body)
	}

	// The limit is the server's: exactly that many are laid out.
	h.maxPieces = 10
	if w, _ := postNest(t, h, nestBody("3", "3", "4")); w.Code != http.StatusOK {
		t.Errorf("10 pieces with a limit of 10: %d %s", w.Code, w.Body)
	}
	w, e = postNest(t, h, nestBody("3", "3", "5"))
	if w.Code != http.StatusRequestEntityTooLarge || e.Error.Message != "Bu sunucuda bir hesaplamada en fazla 10 parça yerleştirilebilir." {
		t.Errorf("11 pieces with a limit of 10: %d %s", w.Code, w.Body)
	}
	// Negative and zero quantities are the engine's to reject (400), and a
	// line counts one piece at least.
	if w, _ := postNest(t, h, nestBody("0", "-5", "3")); w.Code != http.StatusBadRequest {
		t.Errorf("zero and negative quantities: %d %s", w.Code, w.Body)
	}
	if w, _ := postNest(t, h, nestBody("0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0")); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("11 lines of quantity 0 with a limit of 10: %d %s", w.Code, w.Body)
	}

	// The server's configuration reaches the handler.
	srv := New(Config{NestMaxPieces: 1000, Logger: slog.New(slog.DiscardHandler)})
	if w, e := postNest(t, srv, nestBody("1000", "1")); w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(e.Error.Message, " 1.000 parça") {
		t.Errorf("1,001 pieces with a limit of 1.000: %d %s", w.Code, w.Body)
	}
}

// TestNestAPITimeCap checks that neither the improvement phase (options
// timeLimitMs and iterations) nor the constructive phase runs past the
// server's cap.
func TestNestAPITimeCap(t *testing.T) {
	h := &nestHandler{limit: 500 * time.Millisecond, log: slog.New(slog.DiscardHandler)}
	req := hardJob()
	for _, o := range []nest.Options{
		{TimeLimitMs: 600000},
		{Iterations: 100000000},
		{TimeLimitMs: 600000, Iterations: 100000000},
	} {
		req.Options = o
		body, _ := json.Marshal(req)
		start := time.Now()
		w, _ := postNest(t, h, string(body))
		elapsed := time.Since(start)
		var res nest.Result
		if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &res) != nil {
			t.Fatalf("%+v: %d %s", o, w.Code, w.Body)
		}
		if err := nest.Verify(req, res); err != nil {
			t.Errorf("%+v: %v", o, err)
		}
		// The cap is 0.5 s; the old bound was the cap plus 10 s.
		if elapsed > 4*time.Second {
			t.Errorf("%+v: answered after %v, past the cap of %v", o, elapsed, h.limit)
		}
	}

	// A job whose first layout takes longer than the cap: 503, in time.
	h.limit = time.Millisecond
	var b strings.Builder
	b.WriteString(`{"sheet":{"width":183,"height":366},"options":{"guillotine":true,"kerf":0.3},"parts":[`)
	for i := range 20000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"width":%d.%d,"height":%d.5,"quantity":1}`, 3+i*7%57, i%10, 3+i*13%77)
	}
	b.WriteString(`]}`)
	start := time.Now()
	w, e := postNest(t, h, b.String())
	elapsed := time.Since(start)
	if w.Code != http.StatusServiceUnavailable || e.Error.Code != "timeout" || !strings.Contains(e.Error.Message, "0,001 saniyede") {
		t.Errorf("20,000 pieces in 1 ms: %d %.300s", w.Code, w.Body)
	}
	if elapsed > 4*time.Second {
		t.Errorf("20,000 pieces with a cap of 1 ms answered after %v", elapsed)
	}
}

// More requests than the server holds at once: the next is answered 503
// without its body being read.
func TestNestAPIBusy(t *testing.T) {
	for range cap(nestAdmitted) {
		nestAdmitted <- struct{}{}
	}
	defer func() {
		for range cap(nestAdmitted) {
			<-nestAdmitted
		}
	}()
	body := &countingReader{r: strings.NewReader(nestBody("1"))}
	r := httptest.NewRequest("POST", "/api/nest", body)
	w := httptest.NewRecorder()
	(&nestHandler{limit: time.Second}).ServeHTTP(w, r)
	var e errorBody
	json.Unmarshal(w.Body.Bytes(), &e)
	if w.Code != http.StatusServiceUnavailable || e.Error.Code != "busy" || e.Error.Message != msgBusy || body.n != 0 {
		t.Errorf("%d %s after reading %d bytes, want 503 busy before reading", w.Code, w.Body, body.n)
	}
}

// One client holds at most half of the admissions: its next request is
// answered 503 before its body is read, while another client's is laid out.
func TestNestAPIBusyPerClient(t *testing.T) {
	var dones []func()
	for range admittedPerClient {
		r := httptest.NewRequest("POST", "/api/nest", nil)
		r.RemoteAddr = "192.0.2.7:1000"
		done, ok := admit(httptest.NewRecorder(), r)
		if !ok {
			t.Fatal("a client's first admissions refused")
		}
		dones = append(dones, done)
	}
	defer func() {
		for _, done := range dones {
			done()
		}
	}()
	for _, tc := range []struct {
		addr string
		code int
	}{{"192.0.2.7:2000", http.StatusServiceUnavailable}, {"192.0.2.8:1000", http.StatusOK}} {
		body := &countingReader{r: strings.NewReader(nestBody("1"))}
		r := httptest.NewRequest("POST", "/api/nest", body)
		r.RemoteAddr = tc.addr
		w := httptest.NewRecorder()
		(&nestHandler{limit: time.Second}).ServeHTTP(w, r)
		if w.Code != tc.code || tc.code != http.StatusOK && body.n != 0 {
			t.Errorf("%s: %d %.200s after reading %d bytes, want %d", tc.addr, w.Code, w.Body, body.n, tc.code)
		}
	}
}

// A client that stalls while sending its body holds its admission for
// bodyTimeout, then reads its 400 and gives the admission back.
func TestNestAPIStalledBody(t *testing.T) {
	defer func(d time.Duration) { bodyTimeout = d }(bodyTimeout)
	bodyTimeout = 300 * time.Millisecond
	srv := httptest.NewServer(newTestServer(t, nil))
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/nest HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"sheet\":", srv.Listener.Addr())
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), msgBadJSON) {
		t.Errorf("stalled body: %d %s", resp.StatusCode, b)
	}
	// The handler gives its admission back as it returns, just after the answer.
	left := -1
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		admitted.Lock()
		left = len(admitted.n)
		admitted.Unlock()
		if left == 0 && len(nestAdmitted) == 0 {
			break
		}
	}
	if left != 0 || len(nestAdmitted) != 0 {
		t.Errorf("admissions held after the answer: %d clients, %d in all", left, len(nestAdmitted))
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// A value of the wrong type is named by its place in the request, as the
// engine names its own errors: parts[1].width.
func TestNestAPITypeErrorField(t *testing.T) {
	h := &nestHandler{limit: time.Second, log: slog.New(slog.DiscardHandler)}
	tests := []struct{ body, field string }{
		{`{"parts":[{"name":"a","width":1,"height":1,"quantity":1},{"name":"b","width":"x","height":1,"quantity":1}]}`, "parts[1].width"},
		{`{"parts":[{"name":"a","width":1,"height":1,"quantity":1.5}]}`, "parts[0].quantity"},
		{`{"sheet":{"width":"a"}}`, "sheet.width"},
		{`{"options":{"guillotine":1}}`, "options.guillotine"},
		{`{"parts":{}}`, "parts"},
		{`{"parts":7}`, "parts"},
	}
	for _, tt := range tests {
		w, e := postNest(t, h, tt.body)
		if w.Code != http.StatusBadRequest || e.Error.Code != apperr.Invalid || e.Error.Fields[tt.field] == "" {
			t.Errorf("%s: %d %s, want 400 on %s", tt.body, w.Code, w.Body, tt.field)
		}
	}
}

// The server's reader, nest.ReadRequest, decodes what encoding/json
// decodes, the new fields (stock rows, bands, a part's material, grain
// and edges) included.
func TestReadNestRequestMatchesJSON(t *testing.T) {
	bodies := []string{
		`{"sheet":{"width":100,"height":148},"parts":[{"id":"k","name":"Kapak","width":50,"height":74,"quantity":4,"rotate":false}],"options":{"kerf":0.3,"trim":1,"guillotine":true,"timeLimitMs":50,"seed":7,"iterations":9}}`,
		`{"Parts":[{"NAME":"a","Width":1,"height":2,"quantity":3}],"SHEET":{"width":1,"height":2}}`,
		`{"parts":null,"sheet":null,"options":null}`,
		`{"extra":[1,{"a":[null,true]}],"parts":[],"more":"x"}`,
		`{"sheet":{"width":1},"sheet":{"height":2}}`,
		`{}`,
		`null`,
		` {"parts":[{"name":"\u00c7ekmece","width":1e1,"height":2.5,"quantity":1}]} `,
		`{"parts":[{"name":"a","unknown":{"x":1},"quantity":2}]}`,
		`{"sheet":{"width":183,"height":366},"stock":[{"id":"s1","name":"Beyaz 18","material":"Beyaz Sunta","thickness":18,"width":183,"height":366,"quantity":4,"price":1450,"grain":"none"}],` +
			`"bands":[{"code":"B1","name":"PVC","thickness":0.8,"price":6.5,"overlength":2}],` +
			`"parts":[{"name":"Yan","width":56,"height":72,"quantity":2,"material":"Beyaz Sunta","thickness":18,"grain":"vertical","edges":{"top":"B1","left":"B1"}}],"options":{"objective":"cost","deductBands":true}}`,
		`{"STOCK":[{"ID":"s1","Quantity":2}],"Bands":[{"Code":"B"}],"parts":[{"Edges":{"Top":"B"},"edges":null}]}`,
		`{"stock":null,"bands":[]}`,
	}
	for _, body := range bodies {
		var want nest.Request
		if err := json.Unmarshal([]byte(body), &want); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		got, err := nest.ReadRequest(strings.NewReader(body), DefaultNestMaxPieces)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\ngot  %+v, %v\nwant %+v", body, got, err, want)
		}
	}
	for _, body := range []string{``, `{`, `{"parts":[`, `{"parts":[{}`, `{"parts":[]} {}`, `{}}`, `null]`, `[]`, `"x"`, `{"parts":[1]}`, `{"sheet":`,
		`{"stock":[{"id":1}]}`, `{"bands":{}}`, `{"parts":[{"edges":[]}]}`, `{"stock":[{}]`} {
		var want nest.Request
		if json.Unmarshal([]byte(body), &want) == nil {
			t.Fatalf("%q decodes", body)
		}
		if _, err := nest.ReadRequest(strings.NewReader(body), DefaultNestMaxPieces); err == nil {
			t.Errorf("%q: no error, want one as encoding/json gives", body)
		}
	}
}

// FuzzReadNestRequest checks the server's reader, nest.ReadRequest,
// against encoding/json: what
// one decodes, the other decodes alike, and an error of one is an error of
// the other, unless the request is over the piece limit.
func FuzzReadNestRequest(f *testing.F) {
	f.Add([]byte(`{"sheet":{"width":100,"height":148},"parts":[{"id":"k","name":"Kapak","width":50,"height":74,"quantity":4,"rotate":false}],"options":{"kerf":0.3,"iterations":5}}`))
	f.Add([]byte(`{"PARTS":[{"Quantity":3},{}],"x":[{"parts":1}],"sheet":null}`))
	f.Add([]byte(`{"parts":[{"quantity":9223372036854775807},{"quantity":1}]}`))
	f.Add([]byte(`{"parts":[{"quantity":-9223372036854775808},{"quantity":"1"}]}`))
	f.Add([]byte(` null `))
	f.Add([]byte(`{"stock":[{"id":"s1","material":"Beyaz","thickness":18,"width":183,"height":366,"quantity":2,"price":1450,"grain":"vertical"}],"bands":[{"code":"B1","thickness":0.8,"price":6.5,"overlength":2}],"parts":[{"quantity":3,"grain":"horizontal","edges":{"top":"B1","right":"B1"}}],"options":{"objective":"area","deductBands":true}}`))
	f.Add([]byte(`{"Stock":[{"Id":"a"},{"id":"a"}],"parts":[{"edges":null,"Material":"x"}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		const limit = 50
		var want nest.Request
		wantErr := json.Unmarshal(body, &want)
		got, err := nest.ReadRequest(bytes.NewReader(body), limit)
		var ie *nest.InputError
		if errors.As(err, &ie) {
			// Only the list limits, which a fuzzed body of at
			// most a few kB rarely reaches.
			if wantErr == nil && len(want.Stock) <= 1000 && len(want.Bands) <= 100 {
				t.Fatalf("%q: %v, but json.Unmarshal gives %d stock rows and %d bands", body, err, len(want.Stock), len(want.Bands))
			}
			return
		}
		if errors.Is(err, nest.ErrTooManyPieces) {
			pieces := 0
			for _, p := range want.Parts {
				pieces += max(min(p.Quantity, limit+1), 1)
			}
			if wantErr == nil && pieces <= limit {
				t.Fatalf("%q: too many pieces, but json.Unmarshal gives %d", body, pieces)
			}
			return
		}
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("%q: readNestRequest %v, json.Unmarshal %v", body, err, wantErr)
		}
		if err == nil && !reflect.DeepEqual(got, want) && !repeatsParts(body) {
			t.Fatalf("%q:\ngot  %+v\nwant %+v", body, got, want)
		}
	})
}

// repeatsParts reports whether body may hold a list's key twice, which
// encoding/json merges into the first list while nest.ReadRequest keeps
// the last.
func repeatsParts(body []byte) bool {
	b := bytes.ToLower(body)
	return bytes.Count(b, []byte("parts")) > 1 || bytes.Count(b, []byte("stock")) > 1 || bytes.Count(b, []byte("bands")) > 1
}

// Stock rows and bands reach the engine; past 1,000 stock rows or 100
// bands the reading stops with the engine's message on the list.
func TestNestAPIStockAndBands(t *testing.T) {
	h := &nestHandler{limit: 5 * time.Second, log: slog.New(slog.DiscardHandler)}
	body := `{"stock":[{"id":"s1","material":"Beyaz","thickness":18,"width":100,"height":100,"quantity":1,"price":500},{"id":"s2","material":"Beyaz","thickness":18,"width":100,"height":148,"price":900}],` +
		`"bands":[{"code":"B1","price":6.5,"overlength":2}],` +
		`"parts":[{"id":"a","name":"Yan","width":60,"height":70,"quantity":3,"material":"Beyaz","thickness":18,"edges":{"top":"B1"}}]}`
	w, _ := postNest(t, h, body)
	var res nest.Result
	if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &res) != nil {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	req, err := nest.DecodeRequest([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	if err := nest.Verify(req, res); err != nil {
		t.Errorf("Verify: %v", err)
	}
	if len(res.Materials) != 1 || res.Stats.Cost <= 0 || len(res.BandTotals) != 1 || res.Pages[0].StockID == "" {
		t.Errorf("result without the stock's fields: %s", w.Body)
	}

	rows := func(item string, n int) string { return strings.TrimSuffix(strings.Repeat(item+",", n), ",") }
	for _, tt := range []struct{ body, field, msg string }{
		{`{"stock":[` + rows(`{"id":"s","width":100,"height":100}`, 1001) + `],"parts":[{"width":1,"height":1,"quantity":1}]}`, "stock", "En fazla 1.000 stok satırı olabilir."},
		{`{"bands":[` + rows(`{"code":"B"}`, 101) + `]}`, "bands", "En fazla 100 bant kodu olabilir."},
	} {
		w, e := postNest(t, h, tt.body)
		if w.Code != http.StatusBadRequest || e.Error.Fields[tt.field] != tt.msg {
			t.Errorf("%.60s: %d %.300s, want 400 %s: %s", tt.body, w.Code, w.Body, tt.field, tt.msg)
		}
	}
}

// One request cannot take every core: options.workers is capped at
// nestMaxWorkers (half the cores), and the time limit at the hard cap;
// smaller values are kept.
func TestNestAPIBoundOptions(t *testing.T) {
	defer func(old int) { nestMaxWorkers = old }(nestMaxWorkers)
	nestMaxWorkers = 2
	for _, c := range []struct{ in, want nest.Options }{
		{nest.Options{Workers: 8, TimeLimitMs: 60000}, nest.Options{Workers: 2, TimeLimitMs: 5000}},
		{nest.Options{Workers: 1, TimeLimitMs: 1000, Seed: 3}, nest.Options{Workers: 1, TimeLimitMs: 1000, Seed: 3}},
		{nest.Options{}, nest.Options{}},
	} {
		got := c.in
		boundOptions(&got, 5*time.Second)
		if got != c.want {
			t.Errorf("%+v: %+v, want %+v", c.in, got, c.want)
		}
	}
}

// hardJob is a job whose search does not end at its lower bound within
// seconds.
func hardJob() nest.Request {
	parts := [][3]float64{{37.5, 22.5, 2}, {28.5, 51.5, 1}, {37.5, 23.5, 1}, {14.5, 29.5, 3}, {18.5, 57.5, 3},
		{37.5, 21.5, 3}, {26.5, 78.5, 2}, {44.5, 63.5, 2}, {28.5, 42.5, 3}, {44.5, 13.5, 1}, {50.5, 27.5, 1},
		{21.5, 73.5, 1}, {23.5, 14.5, 1}, {25.5, 40.5, 1}, {53.5, 50.5, 1}, {15.5, 22.5, 3}, {44.5, 49.5, 1},
		{50.5, 52.5, 3}, {16.5, 36.5, 1}, {31.5, 70.5, 1}, {25.5, 37.5, 3}, {34.5, 67.5, 1}, {24.5, 61.5, 2},
		{25.5, 32.5, 2}, {21.5, 48.5, 3}, {43.5, 70.5, 2}, {31.5, 15.5, 2}, {35.5, 54.5, 3}, {22.5, 15.5, 2},
		{35.5, 31.5, 1}, {46.5, 48.5, 2}, {30.5, 19.5, 2}, {52.5, 28.5, 3}, {26.5, 78.5, 3}, {29.5, 38.5, 3},
		{28.5, 39.5, 2}, {27.5, 63.5, 1}, {49.5, 65.5, 2}, {58.5, 63.5, 2}, {53.5, 35.5, 3}}
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 148}}
	for i, p := range parts {
		req.Parts = append(req.Parts, nest.Part{ID: strconv.Itoa(i), Name: "P", Width: p[0], Height: p[1], Quantity: int(p[2])})
	}
	return req
}

// The body's deadline ends with the body: a layout that runs (or waits for
// a core) longer than bodyTimeout is still answered.
func TestNestAPIBodyTimeoutEndsWithTheBody(t *testing.T) {
	defer func(d time.Duration) { bodyTimeout = d }(bodyTimeout)
	bodyTimeout = 200 * time.Millisecond
	srv := httptest.NewServer(newTestServer(t, nil))
	defer srv.Close()
	// Sizes no bound closes: the search runs its whole time.
	var parts []string
	for i := range 120 {
		parts = append(parts, fmt.Sprintf(`{"name":"P%d","width":%d.3,"height":%d.7,"quantity":1}`, i, 11+i*7%53, 9+i*11%61))
	}
	body := `{"sheet":{"width":100,"height":148},"parts":[` + strings.Join(parts, ",") + `],"options":{"timeLimitMs":1000,"seed":1}}`
	start := time.Now()
	resp, err := http.Post(srv.URL+"/api/nest", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), `"pages"`) {
		t.Errorf("a layout of %v after a body timeout of %v: %d %.200s", time.Since(start), bodyTimeout, resp.StatusCode, b)
	}
	if time.Since(start) < 2*bodyTimeout {
		t.Skipf("the layout ended in %v, before the body's deadline mattered", time.Since(start))
	}
}
