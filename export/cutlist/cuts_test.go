package cutlist

import (
	"bytes"
	"context"
	"testing"

	"kesim/nest"
)

// A layout without a cutting sequence (not guillotine) leaves Kesim sayısı
// and Kesim uzunluğu empty on every sheet, in the CSV and in the xlsx (read
// by openpyxl), rather than "0", which reads as a sheet that needs no cut;
// a guillotine layout keeps its numbers.
func TestNoCutSequenceLeavesCutCellsEmpty(t *testing.T) {
	req := nest.Request{Sheet: nest.Sheet{Width: 280, Height: 207}, Options: nest.Options{Kerf: 0.4, Seed: 1},
		Parts: []nest.Part{{ID: "k", Name: "Kapak", Width: 60, Height: 40, Quantity: 30}, {ID: "y", Name: "Yan", Width: 72, Height: 56, Quantity: 8}}}
	free, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Options.Guillotine = true
	guillotine, err := nest.Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	cuts, length := indexOf(t, "Kesim sayısı"), indexOf(t, "Kesim uzunluğu (cm)")
	for _, c := range []struct {
		name  string
		res   nest.Result
		empty bool
	}{{"free", free, true}, {"guillotine", guillotine, false}} {
		var b bytes.Buffer
		if err := WriteSheetsCSV(&b, c.res, opts(req)); err != nil {
			t.Fatal(err)
		}
		rows := parseCSV(t, b.Bytes())
		for i, r := range rows[1:] {
			if c.empty && (r[cuts] != "" || r[length] != "") {
				t.Errorf("%s CSV sheet %d: cuts %q, length %q; want empty cells", c.name, i+1, r[cuts], r[length])
			}
			if !c.empty && (r[cuts] == "" || r[length] == "" || trNum(t, r[cuts]) != float64(len(c.res.Pages[i].Cuts))) {
				t.Errorf("%s CSV sheet %d: cuts %q, length %q; want %d cuts", c.name, i+1, r[cuts], r[length], len(c.res.Pages[i].Cuts))
			}
		}

		sheets := xlsxSheetRows(t, c.res, opts(req))
		if len(sheets) != len(c.res.Pages) {
			t.Fatalf("%s: %d sheet rows for %d pages", c.name, len(sheets), len(c.res.Pages))
		}
		for i, r := range sheets {
			if c.empty && (r[cuts] != nil || r[length] != nil) {
				t.Errorf("%s xlsx sheet %d: cuts %v, length %v; want empty cells", c.name, i+1, r[cuts], r[length])
			}
			if !c.empty && r[cuts] != float64(len(c.res.Pages[i].Cuts)) {
				t.Errorf("%s xlsx sheet %d: cuts %v, want %d", c.name, i+1, r[cuts], len(c.res.Pages[i].Cuts))
			}
		}
	}
}

func indexOf(t *testing.T, header string) int {
	t.Helper()
	for i, h := range SheetHeaders {
		if h == header {
			return i
		}
	}
	t.Fatalf("no column %q in %q", header, SheetHeaders)
	return -1
}
