//go:build js && wasm

package main

import (
	"bytes"
	"encoding/json"
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
// file); its options are {stock, bands, trim, minLeftover, maxLeftovers}.
// The price quote (package quote) as a one-page A4 PDF and as CSV; its
// options are {factory, customer, sheetByArea, sheetPrice, cutPerMetre,
// cutPerSheet, marginPct, kdvPct} (kdvPct 20 when left out); requestJSON,
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
		var res nest.Result
		if arg(args, 0).Type() != js.TypeString || json.Unmarshal([]byte(arg(args, 0).String()), &res) != nil {
			return js.Undefined(), errBadArgs
		}
		var opt cutlist.Options
		if o := arg(args, 1); o.Type() == js.TypeString && o.String() != "" {
			if json.Unmarshal([]byte(o.String()), &opt) != nil {
				return js.Undefined(), errBadArgs
			}
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
		var res nest.Result
		if arg(args, 0).Type() != js.TypeString || json.Unmarshal([]byte(arg(args, 0).String()), &res) != nil {
			return js.Undefined(), errBadArgs
		}
		var req *nest.Request
		if r := arg(args, 1); r.Type() == js.TypeString && r.String() != "" {
			req = new(nest.Request)
			if json.Unmarshal([]byte(r.String()), req) != nil {
				return js.Undefined(), errBadArgs
			}
		} else if r.Type() != js.TypeUndefined && r.Type() != js.TypeNull && r.Type() != js.TypeString {
			return js.Undefined(), errBadArgs
		}
		opt := quote.DefaultOptions()
		if o := arg(args, 2); o.Type() == js.TypeString && o.String() != "" {
			if json.Unmarshal([]byte(o.String()), &opt) != nil {
				return js.Undefined(), errBadArgs
			}
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
