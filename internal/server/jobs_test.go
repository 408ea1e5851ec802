package server

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"kesim/internal/store"
	"kesim/internal/store/sqlite"
	"kesim/nest"
)

// jobBody is a POST /api/layouts body with the engine's result: parts on a
// 100 x 100 cm sheet.
func jobBody(t *testing.T, name string, stock []nest.Stock, parts ...nest.Part) string {
	t.Helper()
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 100}, Parts: parts, Stock: stock,
		Options: nest.Options{Guillotine: true}}
	res, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(map[string]any{"name": name, "parts": req.Parts, "sheet": req.Sheet,
		"options": req.Options, "stock": req.Stock, "result": res})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func stiff(id string, w, h float64, q int) nest.Part {
	no := false
	return nest.Part{ID: id, Name: "Parça " + id, Width: w, Height: h, Quantity: q, Rotate: &no}
}

// saveJob saves a job and returns it as GET /api/layouts/{id} answers.
func saveJob(t *testing.T, h http.Handler, body string) store.Layout {
	t.Helper()
	status, answer := call(t, h, "POST", "/api/layouts", body)
	if status != http.StatusCreated {
		t.Fatalf("POST /api/layouts: %d %s", status, answer)
	}
	var l store.Layout
	if err := json.Unmarshal(answer, &l); err != nil {
		t.Fatal(err)
	}
	return l
}

func TestJobAPI(t *testing.T) {
	h := newStoreAPI(t)
	l := saveJob(t, h, jobBody(t, "Dolap", nil, stiff("a", 40, 100, 1), stiff("b", 20, 20, 2)))
	if l.Result == nil || l.State != store.StatePlanned || l.Progress != (store.Progress{Total: 3}) {
		t.Fatalf("saved job: result %v state %q progress %+v", l.Result != nil, l.State, l.Progress)
	}
	status, body := call(t, h, "GET", "/api/layouts/"+l.ID, "")
	if got := keys(t, body); status != http.StatusOK || !strings.Contains(strings.Join(got, ","), "result") {
		t.Errorf("GET: %d fields %v", status, got)
	}
	piece := l.Result.Pages[0].Parts[0].ID

	// Ticks: 200 with the ticked pieces and the progress.
	status, body = call(t, h, "PUT", "/api/layouts/"+l.ID+"/pieces/"+piece, `{"cut":true}`)
	if want := fmt.Sprintf(`{"cutPieces":[%q],"progress":{"cut":1,"total":3}}`, piece); status != http.StatusOK || strings.TrimSpace(string(body)) != want {
		t.Errorf("tick: %d %s, want %s", status, body, want)
	}
	for _, tc := range []struct {
		path, body string
		status     int
		message    string
	}{
		{"/pieces/yok-0", `{"cut":true}`, http.StatusNotFound, store.MsgPieceMissing},
		{"/pieces/" + strings.Repeat("x", 300), `{"cut":true}`, http.StatusNotFound, store.MsgPieceMissing},
		{"/pieces/" + piece, `{}`, http.StatusBadRequest, store.MsgRequired},
		{"/pieces/" + piece, `{"cut":"evet"}`, http.StatusBadRequest, store.MsgInvalidValues},
		{"/pieces/" + piece, `{"cut":true,"x":"` + strings.Repeat("x", 5000) + `"}`, http.StatusRequestEntityTooLarge, ""},
	} {
		status, body := call(t, h, "PUT", "/api/layouts/"+l.ID+tc.path, tc.body)
		if _, msg, _ := errorOf(t, body); status != tc.status || tc.message != "" && msg != tc.message {
			t.Errorf("PUT %.40s %s: %d %s", tc.path, tc.body[:min(len(tc.body), 20)], status, body)
		}
	}
	if status, _ := call(t, h, "PUT", "/api/layouts/"+strings.Repeat("f", 32)+"/pieces/"+piece, `{"cut":true}`); status != http.StatusNotFound {
		t.Errorf("tick on no job: %d", status)
	}

	// States.
	status, body = call(t, h, "PATCH", "/api/layouts/"+l.ID, `{"state":"cutting"}`)
	var got store.Layout
	if status != http.StatusOK || json.Unmarshal(body, &got) != nil || got.State != store.StateCutting || got.StateAt == nil ||
		got.StateBy != "" || len(got.CutPieces) != 1 {
		t.Errorf("PATCH cutting: %d %s", status, body)
	}
	for _, tc := range []struct {
		body    string
		status  int
		field   string
		message string
	}{
		{`{"state":"bitti"}`, http.StatusBadRequest, "state", store.MsgJobState},
		{`{}`, http.StatusBadRequest, "state", store.MsgRequired},
		{`{"state":1}`, http.StatusBadRequest, "state", store.MsgInvalidValues},
		{`{"state":"cut","from":"bitti"}`, http.StatusBadRequest, "from", store.MsgJobState},
	} {
		status, body := call(t, h, "PATCH", "/api/layouts/"+l.ID, tc.body)
		if _, msg, fields := errorOf(t, body); status != tc.status || msg != tc.message || fields[tc.field] != tc.message {
			t.Errorf("PATCH %s: %d %s", tc.body, status, body)
		}
	}
	// A change from a state the job has left is a conflict (the job is cutting).
	if status, body := call(t, h, "PATCH", "/api/layouts/"+l.ID, `{"state":"cut","from":"planned"}`); status != http.StatusConflict {
		t.Errorf("cut from planned of a job being cut: %d %s", status, body)
	} else if _, msg, _ := errorOf(t, body); msg != store.MsgJobStateMoved {
		t.Errorf("message %q", msg)
	}
	// A layout saved without a result cannot be cut.
	plain := saveJob(t, h, `{"name":"Sonuçsuz","parts":[{"name":"A","width":10,"height":10,"quantity":1}]}`)
	if status, body := call(t, h, "PATCH", "/api/layouts/"+plain.ID, `{"state":"cut"}`); status != http.StatusConflict {
		t.Errorf("cutting a layout without a result: %d %s", status, body)
	} else if _, msg, _ := errorOf(t, body); msg != store.MsgJobNoResult {
		t.Errorf("message %q", msg)
	}

	// A re-plan that drops the ticked page is a conflict; one that keeps it
	// passes (here: the same plan under a new name).
	other := jobBody(t, "Dolap", nil, stiff("a", 40, 100, 1), stiff("b", 20, 20, 2), stiff("c", 90, 90, 1))
	var replan map[string]json.RawMessage
	json.Unmarshal([]byte(other), &replan)
	var res nest.Result
	json.Unmarshal(replan["result"], &res)
	res.Pages[0].Parts[0].X += 0.5 // the cut page changed
	replan["result"], _ = json.Marshal(res)
	b, _ := json.Marshal(replan)
	if status, body := call(t, h, "PUT", "/api/layouts/"+l.ID, string(b)); status != http.StatusConflict {
		t.Errorf("re-plan changing a cut page: %d %s", status, body)
	} else if _, msg, _ := errorOf(t, body); msg != store.MsgJobPinned {
		t.Errorf("message %q", msg)
	}
	// A re-plan of parts only (no result) is refused for what it lacks:
	// the job has its result, the re-plan must bring its new one.
	delete(replan, "result")
	b, _ = json.Marshal(replan)
	if status, body := call(t, h, "PUT", "/api/layouts/"+l.ID, string(b)); status != http.StatusConflict {
		t.Errorf("re-plan without a result: %d %s", status, body)
	} else if _, msg, _ := errorOf(t, body); msg != store.MsgJobReplanNoResult {
		t.Errorf("re-plan without a result: message %q, want %q", msg, store.MsgJobReplanNoResult)
	}
	var same map[string]json.RawMessage
	json.Unmarshal([]byte(jobBody(t, "x", nil, stiff("a", 40, 100, 1), stiff("b", 20, 20, 2))), &same)
	delete(same, "name") // keeps the stored name
	b, _ = json.Marshal(same)
	status, body = call(t, h, "PUT", "/api/layouts/"+l.ID, string(b))
	if json.Unmarshal(body, &got); status != http.StatusOK || got.Name != "Dolap" || got.State != store.StateCutting || len(got.CutPieces) != 1 {
		t.Errorf("re-plan keeping the cut page: %d %s", status, body)
	}

	// Cut: the leftover of the 100 x 100 sheet comes back as an offcut row.
	if status, body := call(t, h, "PATCH", "/api/layouts/"+l.ID, `{"state":"cut"}`); status != http.StatusOK {
		t.Fatalf("PATCH cut: %d %s", status, body)
	}
	_, body = call(t, h, "GET", "/api/stock", "")
	var stock struct {
		Stock []map[string]any `json:"stock"`
	}
	if json.Unmarshal(body, &stock) != nil || len(stock.Stock) == 0 {
		t.Fatalf("GET /api/stock after the cut: %s", body)
	}
	o := stock.Stock[0]
	if o["offcut"] != true || o["sourceLayoutId"] != l.ID || o["createdAt"] == nil || o["id"] != "A-1" || o["quantity"] != 1.0 {
		t.Errorf("offcut row %v", o)
	}
	if status, body := call(t, h, "PUT", "/api/layouts/"+l.ID, string(b)); status != http.StatusConflict {
		t.Errorf("re-plan of a cut job: %d %s", status, body)
	}
	// The stock dialog keeps an offcut by sending it back, deletes it by
	// leaving it out; an offcut that is not on the rack is refused.
	row, _ := json.Marshal(o)
	if status, body := call(t, h, "PUT", "/api/stock", `{"stock":[`+string(row)+`],"bands":[]}`); status != http.StatusOK ||
		!strings.Contains(string(body), `"id":"A-1"`) {
		t.Errorf("PUT keeping the offcut: %d %s", status, body)
	}
	status, body = call(t, h, "PUT", "/api/stock", `{"stock":[{"id":"A-99","width":50,"height":50,"quantity":1,"offcut":true}],"bands":[]}`)
	if _, msg, fields := errorOf(t, body); status != http.StatusBadRequest || fields["stock[0].id"] != store.MsgOffcutUnknown || msg != store.MsgOffcutUnknown {
		t.Errorf("unknown offcut: %d %s", status, body)
	}
	// A client that had not read A-1 (offcutsSeen) does not remove it.
	if status, body := call(t, h, "PUT", "/api/stock", `{"stock":[],"bands":[],"offcutsSeen":["A-7"]}`); status != http.StatusOK ||
		!strings.Contains(string(body), `"id":"A-1"`) {
		t.Errorf("PUT from a client that had not read the offcut: %d %s", status, body)
	}
	tooMany, _ := json.Marshal(map[string]any{"stock": []any{}, "bands": []any{}, "offcutsSeen": make([]string, store.MaxStockRows+1)})
	status, body = call(t, h, "PUT", "/api/stock", string(tooMany))
	if _, _, fields := errorOf(t, body); status != http.StatusBadRequest || fields["offcutsSeen"] != store.MsgStockTooMany {
		t.Errorf("offcutsSeen over the limit: %d %s", status, body)
	}
	status, body = call(t, h, "PUT", "/api/stock", `{"stock":[],"bands":[],"offcutSettings":{"rules":[],"maxArea":2.5,"minUse":101}}`)
	if _, _, fields := errorOf(t, body); status != http.StatusBadRequest || fields["offcutSettings.minUse"] != store.MsgOffcutMinUse {
		t.Errorf("minUse 101: %d %s", status, body)
	}
	status, body = call(t, h, "PUT", "/api/stock", `{"stock":[],"bands":[],"offcutSettings":{"rules":[{"material":"MDF","minWidth":20,"minHeight":40}],"maxArea":2.5,"minUse":50}}`)
	if want := `{"stock":[],"bands":[],"offcutSettings":{"rules":[{"material":"MDF","minWidth":20,"minHeight":40}],"maxArea":2.5,"minUse":50},"version":3` + noOptionsJSON; status != http.StatusOK || strings.TrimSpace(string(body)) != want {
		t.Errorf("PUT deleting the offcut with settings: %d %s\nwant %s", status, body, want)
	}
	// Back from cut: the job's offcuts (here none left) and its state.
	if status, body := call(t, h, "PATCH", "/api/layouts/"+l.ID, `{"state":"planned"}`); status != http.StatusOK {
		t.Errorf("PATCH planned: %d %s", status, body)
	}
	_, body = call(t, h, "GET", "/api/layouts", "")
	if !strings.Contains(string(body), `"state":"planned","progress":{"cut":1,"total":3}`) {
		t.Errorf("list: %s", body)
	}
}

// A result that is not a plan of the layout is refused with the field.
func TestJobAPIInvalidResult(t *testing.T) {
	h := newStoreAPI(t)
	var body map[string]json.RawMessage
	json.Unmarshal([]byte(jobBody(t, "Dolap", nil, stiff("a", 40, 30, 2))), &body)
	body["parts"] = json.RawMessage(`[{"id":"a","name":"Parça a","width":40,"height":30,"quantity":3}]`)
	b, _ := json.Marshal(body)
	status, answer := call(t, h, "POST", "/api/layouts", string(b))
	if _, msg, fields := errorOf(t, answer); status != http.StatusBadRequest || fields["result"] != store.MsgResultInvalid || msg != store.MsgResultInvalid {
		t.Errorf("result with a piece missing: %d %s", status, answer)
	}
	body["result"] = json.RawMessage(`{"pages":"yok"}`)
	b, _ = json.Marshal(body)
	if status, answer := call(t, h, "POST", "/api/layouts", string(b)); status != http.StatusBadRequest {
		t.Errorf("result of the wrong shape: %d %s", status, answer)
	}
	// A synced layout saves no result.
	json.Unmarshal([]byte(jobBody(t, "Yerel", nil, stiff("a", 40, 30, 2))), &body)
	b, _ = json.Marshal(map[string]any{"parts": []any{}, "layouts": []any{body}})
	if status, answer := call(t, h, "POST", "/api/sync", string(b)); status != http.StatusOK {
		t.Fatalf("sync: %d %s", status, answer)
	}
	_, answer = call(t, h, "GET", "/api/layouts", "")
	var page store.LayoutPage
	json.Unmarshal(answer, &page)
	if len(page.Layouts) != 1 || page.Layouts[0].Progress.Total != 0 {
		t.Errorf("synced layout: %s", answer)
	}
}

// In team mode a job is its owner's: another user's PATCH, PUT and ticks
// answer 404, signed out 401, a cross-site write 403; two phones of the
// owner tick at once and neither tick is lost. Once on the shop floor
// (being cut) the job is the team's: another user may read it and tick its
// pieces, but still not change its state or plan, nor see it listed.
func TestJobAPIPerUser(t *testing.T) {
	ts := newTeamServer(t, true)
	a, b := ts.client(), ts.client()
	a.login(t, "ayse")
	b.login(t, "mehmet")
	w := a.do("POST", "/api/layouts", jobBody(t, "Dolap", nil, stiff("r", 20, 10, 30)))
	if w.Code != http.StatusCreated {
		t.Fatalf("A saves: %d %s", w.Code, w.Body)
	}
	var l store.Layout
	json.Unmarshal(w.Body.Bytes(), &l)
	piece := l.Result.Pages[0].Parts[0].ID
	for _, c := range []struct {
		method, path, body string
	}{
		{"PATCH", "/api/layouts/" + l.ID, `{"state":"cut"}`},
		{"PUT", "/api/layouts/" + l.ID + "/pieces/" + piece, `{"cut":true}`},
		{"POST", "/api/layouts/" + l.ID + "/pieces/" + piece + "/recut", ""},
		{"PUT", "/api/layouts/" + l.ID, jobBody(t, "B", nil, stiff("r", 20, 10, 30))},
	} {
		if w := b.do(c.method, c.path, c.body); w.Code != http.StatusNotFound || errMessage(w) != store.MsgLayoutMissing {
			t.Errorf("B %s %s: %d %s", c.method, c.path, w.Code, w.Body)
		}
		if w := ts.client().do(c.method, c.path, c.body); w.Code != http.StatusUnauthorized {
			t.Errorf("signed out %s %s: %d", c.method, c.path, w.Code)
		}
		if w := a.do(c.method, c.path, c.body, "Origin", "https://kotu.example"); w.Code != http.StatusForbidden {
			t.Errorf("cross-site %s %s: %d", c.method, c.path, w.Code)
		}
	}
	w = a.do("PATCH", "/api/layouts/"+l.ID, `{"state":"cutting"}`)
	if json.Unmarshal(w.Body.Bytes(), &l); w.Code != http.StatusOK || l.StateBy != "ayse" {
		t.Errorf("A marks cutting: %d %s", w.Code, w.Body)
	}
	if len(l.RecutPieces) != 0 {
		t.Errorf("B's refused recut was recorded: %v", l.RecutPieces)
	}
	// Two phones signed in as A tick every piece at once.
	phone1, phone2 := ts.client(), ts.client()
	phone1.login(t, "ayse")
	phone2.login(t, "ayse")
	var ids []string
	for _, p := range l.Result.Pages {
		for _, pc := range p.Parts {
			ids = append(ids, pc.ID)
		}
	}
	var wg sync.WaitGroup
	for i, phone := range []*client{phone1, phone2} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j, id := range ids {
				if j%2 == i || j%3 == 0 {
					if w := phone.do("PUT", "/api/layouts/"+l.ID+"/pieces/"+id, `{"cut":true}`); w.Code != http.StatusOK {
						t.Errorf("phone %d tick %s: %d %s", i, id, w.Code, w.Body)
					}
				}
			}
		}()
	}
	wg.Wait()
	w = a.do("GET", "/api/layouts/"+l.ID, "")
	if json.Unmarshal(w.Body.Bytes(), &l); len(l.CutPieces) != len(ids) || l.Progress != (store.Progress{Cut: len(ids), Total: len(ids)}) {
		t.Errorf("after both phones: %d of %d ticks, progress %+v", len(l.CutPieces), len(ids), l.Progress)
	}
	if w := b.do("GET", "/api/layouts/"+l.ID, ""); w.Code != http.StatusOK {
		t.Errorf("B reads A's job being cut: %d", w.Code)
	}
	w = b.do("PUT", "/api/layouts/"+l.ID+"/pieces/"+ids[0], `{"cut":false}`)
	var ticks store.Ticks
	if json.Unmarshal(w.Body.Bytes(), &ticks); w.Code != http.StatusOK || ticks.Progress.Cut != len(ids)-1 {
		t.Errorf("B unticks a piece of A's job being cut: %d %s", w.Code, w.Body)
	}
	// B taps "Bozuk" on a piece of A's job: the recut part goes to A's
	// saved parts (A plans the next job), with the line's size.
	w = b.do("POST", "/api/layouts/"+l.ID+"/pieces/"+ids[0]+"/recut", "")
	var recut store.Part
	if json.Unmarshal(w.Body.Bytes(), &recut); w.Code != http.StatusCreated || recut.Name != "Parça r (yeniden kesim)" || recut.Quantity != 1 || recut.Width != 20 {
		t.Errorf("B recuts a piece of A's job: %d %s", w.Code, w.Body)
	}
	if w := a.do("GET", "/api/parts", ""); !strings.Contains(w.Body.String(), "Parça r (yeniden kesim)") {
		t.Errorf("A's saved parts lack the recut: %s", w.Body)
	}
	if w := b.do("GET", "/api/parts", ""); strings.Contains(w.Body.String(), "yeniden kesim") {
		t.Errorf("B's saved parts got the recut: %s", w.Body)
	}
	// The job records the recut: every phone reads it with the job, and
	// a second tap on the piece, from A's phone or B's, adds no part.
	for _, c := range []*client{a, b, phone1} {
		var job store.Layout
		if w := c.do("GET", "/api/layouts/"+l.ID, ""); json.Unmarshal(w.Body.Bytes(), &job) != nil || w.Code != http.StatusOK ||
			len(job.RecutPieces) != 1 || job.RecutPieces[0] != ids[0] {
			t.Errorf("job read after the recut: %d recutPieces %v, want [%s]", w.Code, job.RecutPieces, ids[0])
		}
	}
	for _, c := range []*client{b, phone1} {
		w := c.do("POST", "/api/layouts/"+l.ID+"/pieces/"+ids[0]+"/recut", "")
		if code, msg, fields := errorOf(t, w.Body.Bytes()); w.Code != http.StatusConflict || code != "conflict" ||
			msg != store.MsgRecutDone || fields != nil {
			t.Errorf("second recut of a piece: %d %s", w.Code, w.Body)
		}
	}
	if w := a.do("GET", "/api/parts", ""); strings.Count(w.Body.String(), "Parça r (yeniden kesim)") != 1 {
		t.Errorf("A's saved parts after a second recut: %s", w.Body)
	}
	// Another piece goes on its own.
	if w := phone2.do("POST", "/api/layouts/"+l.ID+"/pieces/"+ids[1]+"/recut", ""); w.Code != http.StatusCreated {
		t.Errorf("recut of another piece: %d %s", w.Code, w.Body)
	}
	var job store.Layout
	if w := b.do("GET", "/api/layouts/"+l.ID, ""); json.Unmarshal(w.Body.Bytes(), &job) != nil ||
		strings.Join(job.RecutPieces, ",") != ids[0]+","+ids[1] {
		t.Errorf("recutPieces %v, want [%s %s]", job.RecutPieces, ids[0], ids[1])
	}
	if w := b.do("POST", "/api/layouts/"+l.ID+"/pieces/yok-0/recut", ""); w.Code != http.StatusNotFound || errMessage(w) != store.MsgPieceMissing {
		t.Errorf("recut of a piece the job has not: %d %s", w.Code, w.Body)
	}
	for _, c := range []struct{ method, path, body string }{
		{"PATCH", "/api/layouts/" + l.ID, `{"state":"cut"}`},
		{"PUT", "/api/layouts/" + l.ID, jobBody(t, "B", nil, stiff("r", 20, 10, 30))},
		{"DELETE", "/api/layouts/" + l.ID, ""},
	} {
		if w := b.do(c.method, c.path, c.body); w.Code != http.StatusNotFound {
			t.Errorf("B %s A's job being cut: %d %s", c.method, w.Code, w.Body)
		}
	}
	if w := b.do("GET", "/api/layouts", ""); w.Code != http.StatusOK || strings.Contains(w.Body.String(), l.ID) {
		t.Errorf("B's list shows A's job: %d %s", w.Code, w.Body)
	}
}

// movedBackStore moves a job on the shop floor back to planned right after
// the server asked its owner (LayoutOwner), while armed: the owner's
// "planned" coming in between the server's look and its read or tick.
type movedBackStore struct {
	*sqlite.Store
	armed *atomic.Bool
}

func (s movedBackStore) LayoutOwner(ctx context.Context, id string) (store.Owner, string, error) {
	owner, state, err := s.Store.LayoutOwner(ctx, id)
	if err == nil && state != store.StatePlanned && s.armed.CompareAndSwap(true, false) {
		if _, err := s.Store.SetLayoutState(ctx, owner, id, store.StateChange{State: store.StatePlanned}); err != nil {
			return owner, state, err
		}
	}
	return owner, state, err
}

// Another user may read, tick and recut a job only while it is on the
// shop floor, also when its owner moves it back to planned between the
// server's look at its state and the read or the tick: 404, and nothing
// of the planned job changes. (The server looked, then the store read or
// ticked the job whatever its state by then.)
func TestJobAPIFloorMovedBack(t *testing.T) {
	armed := new(atomic.Bool)
	ts := newTeamServer(t, true, func(cfg *Config) {
		cfg.Store = movedBackStore{Store: cfg.Store.(*sqlite.Store), armed: armed}
	})
	a, b := ts.client(), ts.client()
	a.login(t, "ayse")
	b.login(t, "mehmet")
	w := a.do("POST", "/api/layouts", jobBody(t, "Dolap", nil, stiff("r", 20, 10, 4)))
	var l store.Layout
	if err := json.Unmarshal(w.Body.Bytes(), &l); w.Code != http.StatusCreated || err != nil {
		t.Fatalf("A saves: %d %s", w.Code, w.Body)
	}
	piece := l.Result.Pages[0].Parts[0].ID
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/layouts/" + l.ID},
		{"PUT", "/api/layouts/" + l.ID + "/pieces/" + piece},
		{"POST", "/api/layouts/" + l.ID + "/pieces/" + piece + "/recut"},
	} {
		if w := a.do("PATCH", "/api/layouts/"+l.ID, `{"state":"cutting"}`); w.Code != http.StatusOK {
			t.Fatalf("A starts cutting: %d %s", w.Code, w.Body)
		}
		armed.Store(true)
		body := ""
		if c.method == "PUT" {
			body = `{"cut":true}`
		}
		if w := b.do(c.method, c.path, body); w.Code != http.StatusNotFound || errMessage(w) != store.MsgLayoutMissing {
			t.Errorf("B %s %s of a job moved back to planned: %d %.200s", c.method, c.path, w.Code, w.Body)
		}
		if armed.Load() {
			t.Fatalf("%s %s: the job was not moved back", c.method, c.path)
		}
		var job store.Layout
		w := a.do("GET", "/api/layouts/"+l.ID, "")
		if json.Unmarshal(w.Body.Bytes(), &job); job.State != store.StatePlanned || len(job.CutPieces) != 0 || len(job.RecutPieces) != 0 {
			t.Errorf("after B's %s %s: state %q, ticks %v, recuts %v", c.method, c.path, job.State, job.CutPieces, job.RecutPieces)
		}
		if w := a.do("GET", "/api/parts", ""); strings.TrimSpace(w.Body.String()) != "[]" {
			t.Errorf("after B's %s %s, A's parts: %s", c.method, c.path, w.Body)
		}
	}
}

// FuzzJobBodies sends arbitrary bodies (and piece ids) to the job routes
// and the stock route of a server with one job: no input may make it
// answer 5xx or panic.
func FuzzJobBodies(f *testing.F) {
	f.Add(uint8(0), "a-0", []byte(`{"state":"cut"}`))
	f.Add(uint8(0), "a-0", []byte(`{"state":"planned"}`))
	f.Add(uint8(1), "a-0", []byte(`{"cut":true}`))
	f.Add(uint8(1), "a-0\x00", []byte(`{"cut":false}`))
	f.Add(uint8(2), "", []byte(`{"parts":[{"id":"a","name":"A","width":40,"height":100,"quantity":1}],"sheet":{"width":100,"height":100},"result":{"pages":[{"id":"x","parts":[{"id":"a-0","width":40,"height":100}]}]}}`))
	f.Add(uint8(3), "", []byte(`{"stock":[{"id":"A-1","offcut":true}],"bands":[],"offcutSettings":{"rules":[{"minWidth":1e308,"minHeight":-1}],"maxArea":1e400,"minUse":-1}}`))
	st, err := sqlite.Open(f.Context(), filepath.Join(f.TempDir(), "kesim.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	h := New(Config{Store: st, Logger: slog.New(slog.DiscardHandler)})
	no := false
	req := nest.Request{Sheet: nest.Sheet{Width: 100, Height: 100}, Parts: []nest.Part{{ID: "a", Name: "A", Width: 40, Height: 100, Quantity: 2, Rotate: &no}}}
	res, err := nest.Layout(f.Context(), req, nil)
	if err != nil {
		f.Fatal(err)
	}
	l, err := st.CreateLayout(f.Context(), store.Anonymous(), store.LayoutInput{Name: "İş", Parts: req.Parts, Sheet: req.Sheet, Result: &res})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, which uint8, piece string, body []byte) {
		method, path := "PATCH", "/api/layouts/"+l.ID
		switch which % 4 {
		case 1:
			method, path = "PUT", "/api/layouts/"+l.ID+"/pieces/"+url.PathEscape(piece)
		case 2:
			method = "PUT"
		case 3:
			method, path = "PUT", "/api/stock"
		}
		r := httptest.NewRequest(method, "http://localhost"+path, strings.NewReader(string(body)))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Fatalf("%s %s %q: %d %s", method, path, body, w.Code, w.Body)
		}
	})
}

// A job saved through the API with lines without ids keeps the ids the
// engine gave them, so that its parts name the lines of its pieces (p1-0
// is line p1) and a re-plan of the job pins its cut pieces to them.
func TestJobLinesWithoutIDs(t *testing.T) {
	h := newStoreAPI(t)
	l := saveJob(t, h, jobBody(t, "Dolap", nil, stiff("", 40, 100, 1), stiff("", 20, 20, 2)))
	if len(l.Parts) != 2 || l.Parts[0].ID != "p1" || l.Parts[1].ID != "p2" {
		t.Fatalf("stored part ids %q, %q; want p1, p2", l.Parts[0].ID, l.Parts[1].ID)
	}
	lines := map[string]bool{}
	for _, p := range l.Parts {
		lines[p.ID] = true
	}
	for _, pg := range l.Result.Pages {
		for _, pc := range pg.Parts {
			if line, _, _ := strings.Cut(pc.ID, "-"); !lines[line] {
				t.Errorf("piece %s names no stored line (%v)", pc.ID, lines)
			}
		}
	}
}

// Two part lines of one id cannot both be named by a result's pieces: with
// a result the save is refused on the second line's id; without one the
// lines are named anew, so that the saved layout lays out again.
func TestLayoutLinesOfOneID(t *testing.T) {
	h := newStoreAPI(t)
	twice := `[{"id":"x","name":"A","width":40,"height":30,"quantity":1},{"id":"x","name":"B","width":20,"height":20,"quantity":1}]`
	var body map[string]json.RawMessage
	json.Unmarshal([]byte(jobBody(t, "Dolap", nil, stiff("x", 40, 30, 1))), &body)
	body["parts"] = json.RawMessage(twice)
	b, _ := json.Marshal(body)
	status, answer := call(t, h, "POST", "/api/layouts", string(b))
	if _, msg, fields := errorOf(t, answer); status != http.StatusBadRequest || fields["parts[1].id"] != nest.MsgPartID || msg != nest.MsgPartID {
		t.Errorf("lines of one id with a result: %d %s", status, answer)
	}
	status, answer = call(t, h, "POST", "/api/layouts", `{"name":"Sonuçsuz","parts":`+twice+`}`)
	var l store.Layout
	json.Unmarshal(answer, &l)
	if status != http.StatusCreated || len(l.Parts) != 2 || l.Parts[0].ID != "p1" || l.Parts[1].ID != "p2" {
		t.Fatalf("lines of one id without a result: %d %s", status, answer)
	}
	if _, err := nest.Layout(context.Background(), l.Request(), nil); err != nil {
		t.Errorf("the saved layout does not lay out again: %v", err)
	}
}

// A save that carries a result is verified on one of the server's cores,
// as a layout is computed: with every core busy, it waits its turn (and
// one whose client left saves nothing), while a save without a result does
// not wait; past the admissions it is answered 503 before its body is read.
func TestLayoutSaveTakesACore(t *testing.T) {
	h := newStoreAPI(t)
	for range cap(nestSlots) {
		nestSlots <- struct{}{}
	}
	withResult := jobBody(t, "Dolap", nil, stiff("a", 40, 30, 2))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := httptest.NewRequest("POST", "/api/layouts", strings.NewReader(withResult)).WithContext(ctx)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != statusClientLeft {
		t.Errorf("a save with a result while every core is busy: %d %s", w.Code, w.Body)
	}
	if status, answer := call(t, h, "POST", "/api/layouts", `{"name":"Sonuçsuz","parts":[{"name":"a","width":4,"height":3,"quantity":1}]}`); status != http.StatusCreated {
		t.Errorf("a save without a result while every core is busy: %d %s", status, answer)
	}
	for range cap(nestSlots) {
		<-nestSlots
	}
	_, answer := call(t, h, "GET", "/api/layouts", "")
	var page store.LayoutPage
	json.Unmarshal(answer, &page)
	if len(page.Layouts) != 1 || page.Layouts[0].Name != "Sonuçsuz" {
		t.Errorf("saved: %s", answer)
	}
	if status, answer := call(t, h, "POST", "/api/layouts", withResult); status != http.StatusCreated {
		t.Errorf("a save with a result once a core is free: %d %s", status, answer)
	}

	for range cap(nestAdmitted) {
		nestAdmitted <- struct{}{}
	}
	defer func() {
		for range cap(nestAdmitted) {
			<-nestAdmitted
		}
	}()
	body := &countingReader{r: strings.NewReader(withResult)}
	w = httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("PUT", "/api/layouts/"+page.Layouts[0].ID, body))
	if w.Code != http.StatusServiceUnavailable || body.n != 0 {
		t.Errorf("a re-plan past the admissions: %d %s after reading %d bytes, want 503 before reading", w.Code, w.Body, body.n)
	}
}

// A job planned on a large offcut of the rack saves and is cut: the
// offcut row keeps the canvas's limit, not a sheet row's 1000 cm (the
// audit: a 4970 x 100 cm offcut of a 5000 cm canvas laid out with 200 and
// saved with 400 "Ölçüler en fazla 1.000 cm olabilir.").
func TestJobOnALargeOffcut(t *testing.T) {
	h := newStoreAPI(t)
	req := nest.Request{Sheet: nest.Sheet{Width: 5000, Height: 100}, Parts: []nest.Part{stiff("a", 30, 100, 1)}}
	res, err := nest.Layout(t.Context(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(map[string]any{"name": "Uzun", "parts": req.Parts, "sheet": req.Sheet, "result": res})
	first := saveJob(t, h, string(b))
	if status, body := call(t, h, "PATCH", "/api/layouts/"+first.ID, `{"state":"cut"}`); status != http.StatusOK {
		t.Fatalf("PATCH cut: %d %s", status, body)
	}
	_, body := call(t, h, "GET", "/api/stock", "")
	var stock struct {
		Stock []nest.Stock `json:"stock"`
	}
	if json.Unmarshal(body, &stock) != nil || len(stock.Stock) != 1 || stock.Stock[0].Width != 4970 {
		t.Fatalf("the rack after the cut: %s, want one offcut of 4970 x 100", body)
	}
	offcut := stock.Stock[0]
	next := nest.Request{Parts: []nest.Part{stiff("b", 900, 50, 1)}, Stock: []nest.Stock{offcut}}
	res, err = nest.Layout(t.Context(), next, nil)
	if err != nil {
		t.Fatalf("the engine on the offcut: %v", err)
	}
	b, _ = json.Marshal(map[string]any{"name": "Artıktan", "parts": next.Parts, "stock": next.Stock, "result": res})
	status, body := call(t, h, "POST", "/api/layouts", string(b))
	if status != http.StatusCreated {
		t.Fatalf("POST /api/layouts on the offcut: %d %s", status, body)
	}
	var job store.Layout
	json.Unmarshal(body, &job)
	if status, body := call(t, h, "PATCH", "/api/layouts/"+job.ID, `{"state":"cut"}`); status != http.StatusOK {
		t.Errorf("cutting the job on the offcut: %d %s", status, body)
	}
	// A sheet row stays within 1000 cm, as in PUT /api/stock.
	next.Stock[0].Offcut = false
	b, _ = json.Marshal(map[string]any{"name": "Levhadan", "parts": next.Parts, "stock": next.Stock})
	status, body = call(t, h, "POST", "/api/layouts", string(b))
	if _, msg, fields := errorOf(t, body); status != http.StatusBadRequest || msg != store.MsgSizeTooLarge || fields["stock[0].width"] != msg {
		t.Errorf("a sheet row of 4970 cm: %d %s", status, body)
	}
}

// The answer of a PATCH that cuts a job counts the offcuts put on the rack
// and, when the rack's limit kept some off it, how many and their area;
// other state changes answer the layout alone.
func TestJobAPICutReport(t *testing.T) {
	h := newStoreAPI(t)
	if status, body := call(t, h, "PUT", "/api/stock",
		`{"stock":[],"bands":[],"offcutSettings":{"rules":[{"minWidth":30,"minHeight":30}],"maxArea":0.5,"minUse":60}}`); status != http.StatusOK {
		t.Fatalf("PUT /api/stock: %d %s", status, body)
	}
	// Leftovers of 60 x 100 (0,6 m²) and 100 x 35 cm (0,35 m²): the
	// larger is over the limit, and the smaller does not take its place.
	l := saveJob(t, h, jobBody(t, "Mutfak", nil, stiff("a", 40, 100, 1), stiff("b", 100, 65, 1)))
	status, body := call(t, h, "PATCH", "/api/layouts/"+l.ID, `{"state":"cut"}`)
	var got struct {
		ID             string          `json:"id"`
		State          string          `json:"state"`
		Offcuts        *int            `json:"offcuts"`
		OffcutsSkipped json.RawMessage `json:"offcutsSkipped"`
	}
	if status != http.StatusOK || json.Unmarshal(body, &got) != nil || got.ID != l.ID || got.State != store.StateCut ||
		got.Offcuts == nil || *got.Offcuts != 0 || string(got.OffcutsSkipped) != `{"count":2,"areaM2":0.95}` {
		t.Errorf("PATCH cut over the limit: %d %s", status, body)
	}
	status, body = call(t, h, "PATCH", "/api/layouts/"+l.ID, `{"state":"planned"}`)
	if status != http.StatusOK || strings.Contains(string(body), `"offcuts"`) {
		t.Errorf("PATCH planned: %d %s", status, body)
	}
	if status, body := call(t, h, "PUT", "/api/stock",
		`{"stock":[],"bands":[],"offcutSettings":{"rules":[{"minWidth":30,"minHeight":30}],"maxArea":0,"minUse":60}}`); status != http.StatusOK {
		t.Fatalf("PUT /api/stock: %d %s", status, body)
	}
	status, body = call(t, h, "PATCH", "/api/layouts/"+l.ID, `{"state":"cut"}`)
	if status != http.StatusOK || !strings.Contains(string(body), `"offcuts":2`) || strings.Contains(string(body), `"offcutsSkipped"`) {
		t.Errorf("PATCH cut without a limit: %d %s", status, body)
	}
}
