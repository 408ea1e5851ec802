package quote

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
	"time"

	"kesim/export/cutlist"
	"kesim/nest"
)

// The quote handed to the customer does not disclose the workshop's
// margin: no line says Kâr, the margin is folded into the priced amounts,
// which add up (per material and in all) to the net, and the net, KDV and
// total are those Compute gives.
func TestCustomerQuoteHidesTheMargin(t *testing.T) {
	type job struct {
		name string
		req  *nest.Request
		res  nest.Result
		opt  Options
	}
	req, res := small()
	rreq, rres, ropt := rackJob()
	var many nest.Result
	for i := 0; i < 7; i++ {
		many.Pages = append(many.Pages, nest.Page{Material: "M" + itoa(int64(i)), Thickness: 18, Width: 100, Height: 100,
			Parts: []nest.Placed{{Width: 33.3, Height: 10.1}}})
		many.BandTotals = append(many.BandTotals, nest.BandTotal{Code: "B" + itoa(int64(i)), Meters: 1.37, Cost: 0.01 + float64(i)*1.11})
	}
	var jobs []job
	for _, margin := range []float64{0, 10, 15, 33.3, 7.77, 1000} {
		o := handOptions()
		o.MarginPct = margin
		o.SheetPrice = 123.45
		ro := ropt
		ro.MarginPct = margin
		jobs = append(jobs, job{"small", req, res, o}, job{"offcuts", rreq, rres, ro}, job{"many", nil, many, o})
	}
	for _, j := range jobs {
		q, err := Compute(j.req, j.res, j.opt)
		if err != nil {
			t.Fatal(err)
		}
		c := q.ForCustomer()
		if c.Net != q.Net || c.KDV != q.KDV || c.Total != q.Total || c.Subtotal != q.Net || c.Margin != 0 {
			t.Errorf("%s %% %v: customer's net %v, KDV %v, total %v; want %v, %v, %v", j.name, j.opt.MarginPct, c.Net, c.KDV, c.Total, q.Net, q.KDV, q.Total)
		}
		var sum float64
		for i, l := range c.Lines {
			if l.Subtotal != kurus(l.SheetCost+l.CutCost) || l.OffcutCost > l.SheetCost || l.SheetCost < 0 || l.CutCost < 0 {
				t.Errorf("%s: line %+v does not add up", j.name, l)
			}
			if l.SheetCost < q.Lines[i].SheetCost || l.CutCost < q.Lines[i].CutCost {
				t.Errorf("%s: line %+v cheaper than the workshop's %+v", j.name, l, q.Lines[i])
			}
			sum += l.Subtotal
		}
		for _, b := range c.Bands {
			sum += b.Cost
		}
		if kurus(sum) != q.Net {
			t.Errorf("%s %% %v: the customer's amounts add up to %v, want the net %v", j.name, j.opt.MarginPct, kurus(sum), q.Net)
		}
		if again := c.ForCustomer(); again.Net != c.Net || again.Lines[0] != c.Lines[0] {
			t.Errorf("%s: folding twice changed the quote", j.name)
		}

		var b bytes.Buffer
		if err := WriteCSV(&b, q); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		if strings.Contains(strings.ToLower(text), "kâr") || strings.Contains(text, "Kar") {
			t.Errorf("%s: CSV discloses the margin:\n%s", j.name, text)
		}
		r := csv.NewReader(strings.NewReader(strings.TrimPrefix(text, cutlist.BOM)))
		r.Comma = ';'
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		last := map[string]string{}
		for _, row := range rows {
			last[row[0]] = row[3]
		}
		if last["KDV hariç toplam"] != cutlist.Num(q.Net) || last["Genel toplam"] != cutlist.Num(q.Total) {
			t.Errorf("%s: CSV totals %q, %q; want %v, %v", j.name, last["KDV hariç toplam"], last["Genel toplam"], q.Net, q.Total)
		}
	}

	// The PDF, read back, has no margin line and the same total.
	o := handOptions()
	o.MarginPct = 15
	q, _ := Compute(req, res, o)
	text, _ := pdfText(t, q, o, time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC))
	if strings.Contains(strings.ToLower(text), "kâr") || strings.Contains(text, "%15") {
		t.Errorf("PDF discloses the margin:\n%s", text)
	}
	if !strings.Contains(text, Money(q.Total)+" TL") || !strings.Contains(text, "KDV hariç toplam:") {
		t.Errorf("PDF lacks the total %s TL:\n%s", Money(q.Total), text)
	}
}
