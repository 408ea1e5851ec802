package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"kesim/internal/store"
	"kesim/nest"
)

// The answer of a PATCH that cuts a job lists the sheets taken off the
// user's stock rows (stockTaken, with what is left) and those of rows
// edited since (stockNotTaken) and the sheets the job used beyond what a
// row had (stockShort); the undo's answer lists the sheets put back
// (stockReturned). The stock's version moves, so a stock dialog opened
// before the cut gets the usual 409.
func TestJobAPIStockTaken(t *testing.T) {
	h := newStoreAPI(t)
	stock := []nest.Stock{
		{ID: "B", Material: "Beyaz Sunta", Thickness: 18, Width: 100, Height: 100, Quantity: 5},
		{ID: "M", Material: "Meşe", Thickness: 18, Width: 100, Height: 100, Quantity: 2},
		{ID: "K", Material: "Kayın", Thickness: 18, Width: 100, Height: 100, Quantity: 4},
	}
	put := func(list []nest.Stock) {
		t.Helper()
		b, _ := json.Marshal(map[string]any{"stock": list, "bands": []any{}})
		if status, body := call(t, h, "PUT", "/api/stock", string(b)); status != http.StatusOK {
			t.Fatalf("PUT /api/stock: %d %s", status, body)
		}
	}
	put(stock)
	part := func(id, material string, q int) nest.Part {
		p := stiff(id, 90, 90, q)
		p.Material, p.Thickness = material, 18
		return p
	}
	l := saveJob(t, h, jobBody(t, "Mutfak", stock, part("b", "Beyaz Sunta", 3), part("m", "Meşe", 2), part("k", "Kayın", 1)))
	edited := append([]nest.Stock{}, stock...)
	edited[2].Width = 120
	put(edited)
	_, body := call(t, h, "GET", "/api/stock", "")
	var read struct {
		Version int64 `json:"version"`
	}
	json.Unmarshal(body, &read)

	status, body := call(t, h, "PATCH", "/api/layouts/"+l.ID, `{"state":"cut"}`)
	var got struct {
		State         string            `json:"state"`
		Offcuts       *int              `json:"offcuts"`
		StockTaken    []json.RawMessage `json:"stockTaken"`
		StockNotTaken []json.RawMessage `json:"stockNotTaken"`
		StockShort    []json.RawMessage `json:"stockShort"`
	}
	if status != http.StatusOK || json.Unmarshal(body, &got) != nil || got.State != store.StateCut || got.Offcuts == nil {
		t.Fatalf("PATCH cut: %d %s", status, body)
	}
	taken := fmt.Sprint(rawStrings(got.StockTaken))
	if !strings.Contains(taken, `{"stockId":"B","material":"Beyaz Sunta","thickness":18,"width":100,"height":100,"quantity":3,"left":2}`) ||
		!strings.Contains(taken, `{"stockId":"M","material":"Meşe","thickness":18,"width":100,"height":100,"quantity":2,"left":0}`) ||
		len(got.StockTaken) != 2 {
		t.Errorf("stockTaken %s", taken)
	}
	if n := fmt.Sprint(rawStrings(got.StockNotTaken)); n != `[{"stockId":"K","material":"Kayın","thickness":18,"width":100,"height":100,"quantity":1}]` {
		t.Errorf("stockNotTaken %s", n)
	}
	if got.StockShort != nil {
		t.Errorf("stockShort %s, want it absent: every row had the sheets", rawStrings(got.StockShort))
	}
	_, body = call(t, h, "GET", "/api/stock", "")
	if !strings.Contains(string(body), `"id":"B"`) || !strings.Contains(string(body), `"quantity":2`) || strings.Contains(string(body), `"id":"M"`) {
		t.Errorf("GET /api/stock after the cut: %s", body)
	}
	// A dialog that read the list before the cut is refused.
	b, _ := json.Marshal(map[string]any{"stock": edited, "bands": []any{}, "version": read.Version})
	if status, body := call(t, h, "PUT", "/api/stock", string(b)); status != http.StatusConflict {
		t.Errorf("PUT /api/stock with the version read before the cut: %d %s", status, body)
	}

	status, body = call(t, h, "PATCH", "/api/layouts/"+l.ID, `{"state":"cutting"}`)
	var undone struct {
		State         string            `json:"state"`
		Offcuts       *int              `json:"offcuts"`
		StockReturned []json.RawMessage `json:"stockReturned"`
	}
	if status != http.StatusOK || json.Unmarshal(body, &undone) != nil || undone.State != store.StateCutting || undone.Offcuts != nil {
		t.Fatalf("PATCH cutting (undo): %d %s", status, body)
	}
	if r := fmt.Sprint(rawStrings(undone.StockReturned)); !strings.Contains(r, `"stockId":"B"`) || !strings.Contains(r, `"stockId":"M"`) ||
		!strings.Contains(r, `"quantity":3`) || len(undone.StockReturned) != 2 || strings.Contains(r, `"left"`) {
		t.Errorf("stockReturned %s", r)
	}
	// A state change that moves no sheet answers the layout alone.
	status, body = call(t, h, "PATCH", "/api/layouts/"+l.ID, `{"state":"planned"}`)
	if status != http.StatusOK || strings.Contains(string(body), `"stock`+`Returned"`) || strings.Contains(string(body), `"stockTaken"`) {
		t.Errorf("PATCH planned: %d %s", status, body)
	}
	// B now holds 1 sheet of the 3 the job used: the 2 missing are
	// reported (stockShort), beside the 1 taken.
	short := append([]nest.Stock{}, edited...)
	short[0].Quantity = 1
	put(short)
	status, body = call(t, h, "PATCH", "/api/layouts/"+l.ID, `{"state":"cut"}`)
	got.StockTaken, got.StockShort = nil, nil
	if status != http.StatusOK || json.Unmarshal(body, &got) != nil || got.State != store.StateCut {
		t.Fatalf("PATCH cut short of stock: %d %s", status, body)
	}
	if s := fmt.Sprint(rawStrings(got.StockShort)); s != `[{"stockId":"B","material":"Beyaz Sunta","thickness":18,"width":100,"height":100,"quantity":2}]` {
		t.Errorf("stockShort %s", s)
	}
	if taken := fmt.Sprint(rawStrings(got.StockTaken)); !strings.Contains(taken,
		`{"stockId":"B","material":"Beyaz Sunta","thickness":18,"width":100,"height":100,"quantity":1,"left":0}`) {
		t.Errorf("stockTaken short of stock %s", taken)
	}
}

func rawStrings(l []json.RawMessage) []string {
	out := make([]string, len(l))
	for i, r := range l {
		out[i] = string(r)
	}
	return out
}
