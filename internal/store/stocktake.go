package store

import (
	"context"
	"encoding/json"

	"kesim/nest"
)

// A job marked cut (Kesildi) takes the full sheets its result's pages are
// cut from off its owner's limited stock rows, so that the next plan and
// its list to buy no longer count sawn sheets; undoing the cut puts them
// back (docs/http-api.md, "Jobs"). The drivers record what each cut took
// in table job_stock_taken, with the row as it was, so that an undo can
// put back a row the cut removed exactly.

// SheetRow is one of the owner's sheet rows (stock_rows of kind sheet)
// with its place in the list.
type SheetRow struct {
	nest.Stock
	Position int
}

// StockTaken reports the sheets a cut took off one stock row: the row's id,
// material, thickness and size, how many (StockSheets, whose fields its
// JSON has inline) and how many are left (0 when the row was removed).
type StockTaken struct {
	StockSheets
	Left int `json:"left"`
}

// StockSheets reports sheets of one stock row that a cut did not take (the
// row was edited or deleted since the plan), or that an undo put back or
// could not put back.
type StockSheets struct {
	StockID string `json:"stockId"`
	// Name is the row's name, when it has one (the web app names a row
	// without a material by it, not by its id).
	Name      string  `json:"name,omitempty"`
	Material  string  `json:"material,omitempty"`
	Thickness float64 `json:"thickness,omitempty"`
	Width     float64 `json:"width"`
	Height    float64 `json:"height"`
	Quantity  int     `json:"quantity"`
}

// SheetTake is one row a cut takes sheets from: the row as it was, the
// sheets taken and those left (0: the row is removed, since quantity 0
// would mean unlimited), and Short, the sheets the job used beyond what
// the row had (not in stock: the PATCH answer's stockShort).
type SheetTake struct {
	Row   SheetRow
	Taken int
	Left  int
	Short int
}

// TakenRecord is a row of job_stock_taken: the sheets a cut took off the
// row StockID, and the row as it was then.
type TakenRecord struct {
	StockID string
	Taken   int
	Row     SheetRow
}

// takenRow is the JSON of job_stock_taken.row_json: the engine's row with
// its position in the list.
type takenRow struct {
	nest.Stock
	Position int `json:"position"`
}

// TakenRowColumn is the JSON of job_stock_taken.row_json for r.
func TakenRowColumn(r SheetRow) ([]byte, error) {
	return json.Marshal(takenRow{Stock: r.Stock, Position: r.Position})
}

// ParseTakenRow reads job_stock_taken.row_json.
func ParseTakenRow(data []byte) (SheetRow, error) {
	var t takenRow
	if err := json.Unmarshal(data, &t); err != nil {
		return SheetRow{}, err
	}
	return SheetRow{Stock: t.Stock, Position: t.Position}, nil
}

// sameSheet reports whether the stock row r is still the sheet of
// material, thickness and size the page p was cut from.
func sameSheet(r nest.Stock, material string, thickness, width, height float64) bool {
	return nest.SameMaterial(r.Material, material) && Hundredths(r.Thickness) == Hundredths(thickness) &&
		Hundredths(r.Width) == Hundredths(width) && Hundredths(r.Height) == Hundredths(height)
}

// TakeSheets returns what a cut of l takes off the owner's sheet rows:
// per stock id the pages of its result name (in the order of their first
// page), that many sheets off the owner's row of that id, at most what
// the row has (the rest is the take's Short). The canvas (nest.StockDefault), offcuts (rows of l's stock
// marked offcut, or codes of the owner's offcuts: the rack's business)
// and unlimited rows (quantity 0 in l's stock or in the owner's list) are
// not touched. A row the owner deleted, or whose material, thickness or
// size is no longer the page's, is not taken: it is the second value.
func TakeSheets(l Layout, rows []SheetRow, codes OffcutCodes) ([]SheetTake, []StockSheets) {
	if l.Result == nil {
		return nil, nil
	}
	planned := map[string]nest.Stock{}
	for _, st := range l.Stock {
		planned[st.ID] = st
	}
	owned := make(map[string]SheetRow, len(rows))
	for _, r := range rows {
		owned[r.ID] = r
	}
	count := map[string]int{}
	first := map[string]nest.Page{}
	var order []string
	for _, p := range l.Result.Pages {
		id := p.StockID
		if id == "" || id == nest.StockDefault {
			continue
		}
		if _, ok := codes[id]; ok {
			continue
		}
		if st, ok := planned[id]; ok && (st.Offcut || st.Quantity == 0) {
			continue
		}
		if count[id] == 0 {
			order = append(order, id)
			first[id] = p
		}
		count[id]++
	}
	var takes []SheetTake
	var missed []StockSheets
	for _, id := range order {
		p, n := first[id], count[id]
		r, ok := owned[id]
		if ok && r.Quantity == 0 {
			continue // unlimited now: sheets to buy, nothing to take
		}
		if !ok || !sameSheet(r.Stock, p.Material, p.Thickness, p.Width, p.Height) {
			missed = append(missed, StockSheets{StockID: id, Name: planned[id].Name, Material: p.Material, Thickness: p.Thickness,
				Width: p.Width, Height: p.Height, Quantity: n})
			continue
		}
		taken := min(n, r.Quantity)
		takes = append(takes, SheetTake{Row: r, Taken: taken, Left: r.Quantity - taken, Short: n - taken})
	}
	return takes, missed
}

// SheetReturn is what an undo does with one record: add Taken to the
// owner's row of its id (Add, the row's new quantity in Quantity), or
// insert the recorded row again with Quantity sheets (Insert), or neither
// (the id now names another sheet, or the list is full: not put back).
type SheetReturn struct {
	Record   TakenRecord
	Add      bool
	Insert   bool
	Quantity int
}

// ReturnSheets returns what an undo does with the records of a job's cut,
// given the owner's sheet rows now and the number of rows of the owner's
// stock list (sheet rows and the rack: at most MaxStockRows, as the engine
// takes them). A row of the record's id with the same material, thickness
// and size gets the sheets back (up to MaxStockQuantity; an unlimited row
// stays unlimited); without a row of that id (or an offcut's code, taken)
// the recorded row comes back with the sheets taken.
func ReturnSheets(recs []TakenRecord, rows []SheetRow, listed int, taken map[string]bool) []SheetReturn {
	owned := make(map[string]SheetRow, len(rows))
	for _, r := range rows {
		owned[r.ID] = r
	}
	out := make([]SheetReturn, 0, len(recs))
	for _, rec := range recs {
		ret := SheetReturn{Record: rec}
		old := rec.Row.Stock
		if r, ok := owned[rec.StockID]; ok {
			if sameSheet(r.Stock, old.Material, old.Thickness, old.Width, old.Height) {
				ret.Add = true
				ret.Quantity = r.Quantity
				if r.Quantity > 0 {
					ret.Quantity = min(r.Quantity+rec.Taken, MaxStockQuantity)
				}
			}
		} else if !taken[rec.StockID] && listed < MaxStockRows && rec.Taken > 0 {
			ret.Insert = true
			ret.Quantity = min(rec.Taken, MaxStockQuantity)
			listed++
		}
		out = append(out, ret)
	}
	return out
}

// Report is a return for the PATCH answer: the record's row and sheets.
func (r SheetReturn) Report() StockSheets {
	st := r.Record.Row.Stock
	return StockSheets{StockID: r.Record.StockID, Name: st.Name, Material: st.Material, Thickness: st.Thickness,
		Width: st.Width, Height: st.Height, Quantity: r.Record.Taken}
}

// rowSheets is n sheets of the stock row st, for the PATCH answer.
func rowSheets(st nest.Stock, n int) StockSheets {
	return StockSheets{StockID: st.ID, Name: st.Name, Material: st.Material, Thickness: st.Thickness,
		Width: st.Width, Height: st.Height, Quantity: n}
}

// Report is a take for the PATCH answer.
func (t SheetTake) Report() StockTaken {
	return StockTaken{StockSheets: rowSheets(t.Row.Stock, t.Taken), Left: t.Left}
}

// ShortReport is the sheets a take's row did not have, for the PATCH
// answer (its row's sheet; the quantity is t.Short).
func (t SheetTake) ShortReport() StockSheets {
	return rowSheets(t.Row.Stock, t.Short)
}

// ReportStockTaken records in ctx's CutReport (if it has one) what a cut
// took off the owner's sheet rows, what it could not take and the sheets
// the job used beyond what a row had.
func ReportStockTaken(ctx context.Context, takes []SheetTake, missed []StockSheets) {
	rep, ok := ctx.Value(cutReportKey{}).(*CutReport)
	if !ok || rep == nil {
		return
	}
	rep.StockTaken = rep.StockTaken[:0]
	rep.StockShort = rep.StockShort[:0]
	for _, t := range takes {
		rep.StockTaken = append(rep.StockTaken, t.Report())
		if t.Short > 0 {
			rep.StockShort = append(rep.StockShort, t.ShortReport())
		}
	}
	rep.StockNotTaken = missed
}

// ReportStockReturned records in ctx's CutReport (if it has one) what an
// undone cut put back on the owner's sheet rows and what it could not.
func ReportStockReturned(ctx context.Context, rets []SheetReturn) {
	rep, ok := ctx.Value(cutReportKey{}).(*CutReport)
	if !ok || rep == nil {
		return
	}
	rep.Undone = true
	for _, r := range rets {
		if r.Add || r.Insert {
			rep.StockReturned = append(rep.StockReturned, r.Report())
		} else {
			rep.StockNotReturned = append(rep.StockNotReturned, r.Report())
		}
	}
}
