//go:build js && wasm

// Command kesim-wasm is the engine and the exporters for the browser: only
// the bridge between JavaScript and the Go packages. It runs in a Web
// Worker; every function takes and returns JSON strings (or bytes), returns
// a Promise, and rejects with an Error whose message is Turkish.
//
//	kesimLayout(requestJSON, onProgress(progressJSON), id) -> Promise<resultJSON>
//	kesimCancel(id)                                        -> undefined
//	kesimShare(id, resultJSON)                             -> undefined
//	kesimPDF(resultJSON, optionsJSON)                      -> Promise<Uint8Array>
//	kesimDXF(resultJSON, optionsJSON)                      -> Promise<Uint8Array>
//	kesimFileName(resultJSON, "pdf"|"dxf")                 -> string
//
// The shop floor's papers are registered by their own files: labels.go
// (kesimLabels, kesimLabelsFileName) and sheets.go (kesimXLSX, kesimCutCSV,
// kesimSheetsCSV, kesimQuotePDF, kesimQuoteCSV); leftovers.go lists a
// layout's leftovers (kesimLeftovers) for the comparison of plans.
//
// The options are {title, page, stock, bands, sheetUrl}: stock and bands
// are the request's, so that the files name the stock rows and band codes
// the result refers to; sheetUrl, the address of a saved job, puts the QR
// code of each sheet's checklist on the PDF's sheet pages. The DXF of a result of several materials is a zip
// archive of one DXF per material, and its file name ends in ".zip".
//
// A layout given an id is cancelled by kesimCancel(id): its Promise then
// rejects with errCancelled. While it runs, the layout gives the worker's
// event loop a turn whenever the engine checks for a cancel (see turnCtx),
// so that the cancel message is taken within tens of milliseconds; the
// worker and its optimised code stay for the next layout. In the same turns
// it takes kesimShare(id, resultJSON): a layout of the same job that another
// worker found, which the layout continues from when it has fewer sheets
// (nest.LayoutShared).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"syscall/js"
	"time"

	"kesim/export/dxf"
	"kesim/export/pdf"
	"kesim/nest"
)

func main() {
	// Fewer collections: a fresh page runs the collector unoptimised, and
	// V8 then spends the cores optimising it instead of the layout. The
	// heap may grow to five times the live data (tens of megabytes).
	debug.SetGCPercent(400)
	initYield()
	js.Global().Set("kesimLayout", js.FuncOf(layout))
	js.Global().Set("kesimCancel", js.FuncOf(cancel))
	js.Global().Set("kesimShare", js.FuncOf(share))
	js.Global().Set("kesimPDF", js.FuncOf(exportPDF))
	js.Global().Set("kesimDXF", js.FuncOf(exportDXF))
	js.Global().Set("kesimFileName", js.FuncOf(fileName))
	select {}
}

// promise runs work in a goroutine and settles a JavaScript Promise with
// its value or error; a panic is reported as an error, never a dead worker.
func promise(work func() (js.Value, error)) js.Value {
	return js.Global().Get("Promise").New(js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolve, reject := args[0], args[1]
		go func() {
			defer func() {
				if r := recover(); r != nil {
					reject.Invoke(js.Global().Get("Error").New(fmt.Sprintf("Beklenmeyen hata: %v", r)))
				}
			}()
			v, err := work()
			if err != nil {
				reject.Invoke(js.Global().Get("Error").New(err.Error()))
				return
			}
			resolve.Invoke(v)
		}()
		return nil
	}))
}

func arg(args []js.Value, i int) js.Value {
	if i < len(args) {
		return args[i]
	}
	return js.Undefined()
}

// errBadArgs is reported when the app calls the bridge wrongly.
var errBadArgs = errors.New("Hesaplama motoruna geçersiz istek gönderildi.")

// resultArg decodes args[i], a result as JSON text: errBadArgs when it is
// no string or no result.
func resultArg(args []js.Value, i int) (nest.Result, error) {
	var res nest.Result
	if arg(args, i).Type() != js.TypeString || json.Unmarshal([]byte(arg(args, i).String()), &res) != nil {
		return res, errBadArgs
	}
	return res, nil
}

// requestArg decodes args[i], the request a result was made from as JSON
// text; undefined, null or "" is none (nil); anything else that is no
// request is errBadArgs.
func requestArg(args []js.Value, i int) (*nest.Request, error) {
	r := arg(args, i)
	switch {
	case r.Type() == js.TypeString && r.String() != "":
		req := new(nest.Request)
		if json.Unmarshal([]byte(r.String()), req) != nil {
			return nil, errBadArgs
		}
		return req, nil
	case r.Type() == js.TypeUndefined, r.Type() == js.TypeNull, r.Type() == js.TypeString:
		return nil, nil
	}
	return nil, errBadArgs
}

// optionsArg decodes args[i], options as JSON text, into opt; a value that
// is no text or an empty one leaves opt as it is; text that is not JSON of
// opt's shape is errBadArgs.
func optionsArg(args []js.Value, i int, opt any) error {
	if o := arg(args, i); o.Type() == js.TypeString && o.String() != "" {
		if json.Unmarshal([]byte(o.String()), opt) != nil {
			return errBadArgs
		}
	}
	return nil
}

// paperArgs decodes the arguments every paper takes: args[0] the result,
// args[1] the request it was made from (nil for none) and args[2] options
// into opt (resultArg, requestArg, optionsArg).
func paperArgs(args []js.Value, opt any) (nest.Result, *nest.Request, error) {
	res, err := resultArg(args, 0)
	if err != nil {
		return res, nil, err
	}
	req, err := requestArg(args, 1)
	if err != nil {
		return res, nil, err
	}
	return res, req, optionsArg(args, 2, opt)
}

// errCancelled rejects a layout cancelled by kesimCancel; the app has
// moved on and does not show it.
var errCancelled = errors.New("Hesaplama iptal edildi.")

// running holds the cancel functions of the layouts under way, by id.
var running = struct {
	sync.Mutex
	m map[int]context.CancelFunc
}{m: map[int]context.CancelFunc{}}

func cancel(_ js.Value, args []js.Value) any {
	if id := arg(args, 0); id.Type() == js.TypeNumber {
		running.Lock()
		if c := running.m[id.Int()]; c != nil {
			c()
		}
		running.Unlock()
	}
	return nil
}

// shared holds, by layout id, the latest layout another worker found for
// that layout's job (kesimShare), as JSON, until the layout takes it.
var shared = struct {
	sync.Mutex
	m map[int]string
}{m: map[int]string{}}

func share(_ js.Value, args []js.Value) any {
	id, res := arg(args, 0), arg(args, 1)
	if id.Type() != js.TypeNumber || res.Type() != js.TypeString {
		return nil
	}
	running.Lock()
	_, ok := running.m[id.Int()]
	running.Unlock()
	if ok { // a layout that ended keeps nothing
		shared.Lock()
		shared.m[id.Int()] = res.String()
		shared.Unlock()
	}
	return nil
}

// inboxOf returns the inbox of layout id: the layout kesimShare left for it.
func inboxOf(id int) nest.Inbox {
	return func() *nest.Result {
		shared.Lock()
		s, ok := shared.m[id]
		delete(shared.m, id)
		shared.Unlock()
		var res nest.Result
		if !ok || json.Unmarshal([]byte(s), &res) != nil {
			return nil
		}
		return &res
	}
}

func layout(_ js.Value, args []js.Value) any {
	reqJSON, onProgress, id := arg(args, 0), arg(args, 1), arg(args, 2)
	return promise(func() (js.Value, error) {
		if reqJSON.Type() != js.TypeString {
			return js.Undefined(), errBadArgs
		}
		// The JSON is read and written without reflection (see
		// nest.DecodeRequest): on a fresh page this code runs unoptimised.
		req, err := nest.DecodeRequest([]byte(reqJSON.String()))
		if err != nil {
			return js.Undefined(), errBadArgs
		}
		ctx := context.Background()
		var layoutCtx context.Context = ctx
		var inbox nest.Inbox
		if id.Type() == js.TypeNumber {
			var stop context.CancelFunc
			ctx, stop = context.WithCancel(ctx)
			running.Lock()
			running.m[id.Int()] = stop
			running.Unlock()
			defer func() {
				running.Lock()
				delete(running.m, id.Int())
				running.Unlock()
				shared.Lock()
				delete(shared.m, id.Int())
				shared.Unlock()
				stop()
			}()
			layoutCtx = turnCtx{ctx}
			inbox = inboxOf(id.Int())
		}
		var report func(nest.Progress)
		var buf []byte
		if onProgress.Type() == js.TypeFunction {
			report = func(p nest.Progress) {
				var err error
				if buf, err = p.AppendJSON(buf[:0]); err == nil {
					onProgress.Invoke(string(buf))
				}
			}
		}
		res, err := nest.LayoutShared(layoutCtx, req, report, inbox)
		if ctx.Err() != nil {
			return js.Undefined(), errCancelled
		}
		if err != nil {
			return js.Undefined(), err
		}
		b, err := res.AppendJSON(buf[:0])
		if err != nil {
			return js.Undefined(), err
		}
		return js.ValueOf(string(b)), nil
	})
}

// A layout runs in one go: the worker takes no message until it returns.
// turnCtx is the context of a layout with an id. The engine checks its Err
// every 256 parts of a constructive run, every 16 steps of the lower bound
// and every step of the improvement phase; at most every yieldEvery, Err
// first gives the worker's event loop a turn (yieldTurn), in which the
// worker takes the messages that came meanwhile, such as a cancel.
type turnCtx struct{ context.Context }

func (c turnCtx) Err() error {
	yieldTurn()
	return c.Context.Err()
}

// yieldTurn blocks the layout's goroutine until a message it posts to
// itself comes back through the event loop, which meanwhile delivers the
// messages that came first. A MessageChannel, unlike setTimeout, is not
// held back to 4 ms when nested. A turn costs well under a millisecond;
// one is taken at most every yieldEvery.
const yieldEvery = 25 * time.Millisecond

var turns struct {
	sync.Mutex
	port    js.Value        // posts to the event loop
	waiting []chan struct{} // goroutines waiting for their turn, in order
	last    time.Time
}

func initYield() {
	ch := js.Global().Get("MessageChannel")
	if ch.Type() != js.TypeFunction {
		return
	}
	mc := ch.New()
	mc.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
		turns.Lock()
		defer turns.Unlock()
		if len(turns.waiting) > 0 {
			close(turns.waiting[0])
			turns.waiting = turns.waiting[1:]
		}
		return nil
	}))
	turns.port = mc.Get("port2")
	turns.last = time.Now()
}

func yieldTurn() {
	turns.Lock()
	if turns.port.IsUndefined() || time.Since(turns.last) < yieldEvery {
		turns.Unlock()
		return
	}
	wake := make(chan struct{})
	turns.waiting = append(turns.waiting, wake)
	turns.port.Call("postMessage", nil)
	turns.Unlock()
	<-wake
	turns.Lock()
	turns.last = time.Now()
	turns.Unlock()
}

// exportOptions are the options the app passes to the exporters.
type exportOptions struct {
	Title string `json:"title"`
	// Page, when set, writes that sheet alone (DXF; 0-based).
	Page *int `json:"page"`
	// Stock and Bands are the request's stock rows and band codes.
	Stock []nest.Stock `json:"stock"`
	Bands []nest.Band  `json:"bands"`
	// SheetURL, the address of a saved job, puts the QR code of each
	// sheet's checklist on the PDF's sheet pages (pdf.Options.SheetURL).
	SheetURL string `json:"sheetUrl"`
	// Kerf and DeductBands are the request's options: the PDF and the DXF
	// number the pieces in cutting order, which the kerf decides, and the
	// PDF heads the sizes as cut sizes when bands are deducted
	// (pdf.Options, dxf.Options).
	Kerf        *float64 `json:"kerf"`
	DeductBands bool     `json:"deductBands"`
	// FirstCut and Stages are the request's saw profile, which the PDF's
	// summary names and its cut lists count stages by (pdf.Options).
	FirstCut string `json:"firstCut"`
	Stages   int    `json:"stages"`
}

func decodeExport(args []js.Value) (nest.Result, exportOptions, error) {
	var opt exportOptions
	res, err := resultArg(args, 0)
	if err == nil {
		err = optionsArg(args, 1, &opt)
	}
	return res, opt, err
}

func bytesValue(b []byte) js.Value {
	arr := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(arr, b)
	return arr
}

func exportPDF(_ js.Value, args []js.Value) any {
	return promise(func() (js.Value, error) {
		res, opt, err := decodeExport(args)
		if err != nil {
			return js.Undefined(), err
		}
		var b bytes.Buffer
		if err := pdf.Write(&b, res, pdf.Options{
			Title: opt.Title, Now: time.Now(), Stock: opt.Stock, Bands: opt.Bands, SheetURL: opt.SheetURL,
			Kerf: opt.Kerf, DeductBands: opt.DeductBands, FirstCut: opt.FirstCut, Stages: opt.Stages,
		}); err != nil {
			return js.Undefined(), err
		}
		return bytesValue(b.Bytes()), nil
	})
}

func exportDXF(_ js.Value, args []js.Value) any {
	return promise(func() (js.Value, error) {
		res, opt, err := decodeExport(args)
		if err != nil {
			return js.Undefined(), err
		}
		var b bytes.Buffer
		o := dxf.Options{Stock: opt.Stock, Bands: opt.Bands, Now: time.Now(), Kerf: opt.Kerf}
		switch {
		case opt.Page != nil:
			err = dxf.WriteSheet(&b, res, *opt.Page, o)
		case dxf.SeveralMaterials(res):
			err = dxf.WriteZip(&b, res, o)
		default:
			err = dxf.Write(&b, res, o)
		}
		if err != nil {
			return js.Undefined(), err
		}
		return bytesValue(b.Bytes()), nil
	})
}

func fileName(_ js.Value, args []js.Value) any {
	res, err := resultArg(args, 0)
	if err != nil {
		return js.ValueOf("kesim")
	}
	if arg(args, 1).Type() == js.TypeString && arg(args, 1).String() == "dxf" {
		if dxf.SeveralMaterials(res) {
			return js.ValueOf(dxf.ZipFileName(res, time.Now()))
		}
		return js.ValueOf(dxf.FileName(res, time.Now()))
	}
	return js.ValueOf(pdf.FileName(res, time.Now()))
}
