//go:build js && wasm

package main

import (
	"bytes"
	"io"
	"syscall/js"
	"time"

	"kesim/export/cutlist"
	"kesim/export/quote"
	"kesim/nest"
)

// kesimXLSX(resultJSON, optionsJSON)                   -> Promise<Uint8Array>
// kesimCutCSV(resultJSON, optionsJSON)                 -> Promise<Uint8Array>
// kesimSheetsCSV(resultJSON, optionsJSON)              -> Promise<Uint8Array>
// kesimQuotePDF(resultJSON, requestJSON?, optionsJSON) -> Promise<Uint8Array>
// kesimQuoteCSV(resultJSON, requestJSON?, optionsJSON) -> Promise<Uint8Array>
//
// The cut list (package cutlist) as an .xlsx workbook ("Parçalar",
// "Levhalar") and as CSV for Turkish Excel (pieces; sheets in a second
// file); its options are {stock, bands, kerf, trim, rules, minLeftover,
// maxLeftovers, offcuts}: a sheet's leftovers are the offcuts the rack
// gets (nest.Leftovers of the request's kerf and trim under the user's
// offcut rules; without rules, minLeftover × minLeftover, 30 cm by
// default), or a cut job's offcuts, those its cut put on the rack.
// The price quote (package quote) as a one-page A4 PDF and as CSV; its
// options are {factory, customer, job, sheetByArea, sheetPrice,
// cutPerMetre, cutPerSheet, marginPct, kdvPct} (kdvPct 20 when left out;
// job, the job's name, is printed under the PDF's title); requestJSON,
// the request the result was laid out from, gives the stock rows' prices
// and band names and may be undefined, null or "".
func init() {
	js.Global().Set("kesimXLSX", js.FuncOf(func(_ js.Value, args []js.Value) any { return cutListExport(args, cutlist.WriteXLSX) }))
	js.Global().Set("kesimCutCSV", js.FuncOf(func(_ js.Value, args []js.Value) any { return cutListExport(args, cutlist.WriteCSV) }))
	js.Global().Set("kesimSheetsCSV", js.FuncOf(func(_ js.Value, args []js.Value) any { return cutListExport(args, cutlist.WriteSheetsCSV) }))
	js.Global().Set("kesimQuotePDF", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return quoteExport(args, func(w io.Writer, q quote.Quote, o quote.Options) error { return quote.WritePDF(w, q, o, time.Now()) })
	}))
	js.Global().Set("kesimQuoteCSV", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return quoteExport(args, func(w io.Writer, q quote.Quote, _ quote.Options) error { return quote.WriteCSV(w, q) })
	}))
}

func cutListExport(args []js.Value, write func(io.Writer, nest.Result, cutlist.Options) error) any {
	return promise(func() (js.Value, error) {
		res, err := resultArg(args, 0)
		if err != nil {
			return js.Undefined(), err
		}
		var opt cutlist.Options
		if err := optionsArg(args, 1, &opt); err != nil {
			return js.Undefined(), err
		}
		var b bytes.Buffer
		if err := write(&b, res, opt); err != nil {
			return js.Undefined(), err
		}
		return bytesValue(b.Bytes()), nil
	})
}

func quoteExport(args []js.Value, write func(io.Writer, quote.Quote, quote.Options) error) any {
	return promise(func() (js.Value, error) {
		opt := quote.DefaultOptions()
		res, req, err := paperArgs(args, &opt)
		if err != nil {
			return js.Undefined(), err
		}
		q, err := quote.Compute(req, res, opt)
		if err != nil {
			return js.Undefined(), err
		}
		var b bytes.Buffer
		if err := write(&b, q, opt); err != nil {
			return js.Undefined(), err
		}
		return bytesValue(b.Bytes()), nil
	})
}
