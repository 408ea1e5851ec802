//go:build js && wasm

package main

import (
	"bytes"
	"syscall/js"
	"time"

	"kesim/export/labels"
)

// kesimLabels(resultJSON, requestJSON?, optionsJSON) -> Promise<Uint8Array>
// kesimLabelsFileName()                               -> string
//
// kesimLabels writes the part labels (Etiketler) of a result as a PDF: one
// label per piece in cutting order (see package labels). requestJSON, the
// request the result was laid out from, may be undefined, null or "": the
// labels then show the placed sizes only. The options are {preset, job,
// sheetUrl}: preset is "a4-3x8" (the default), "a4-2x4" or "roll-100x50";
// job is the job's name; sheetUrl, the address of a saved job, makes each
// label's QR code the address of its sheet's checklist (labels.Options).
func init() {
	js.Global().Set("kesimLabels", js.FuncOf(exportLabels))
	js.Global().Set("kesimLabelsFileName", js.FuncOf(func(js.Value, []js.Value) any {
		return js.ValueOf(labels.FileName(time.Now()))
	}))
}

func exportLabels(_ js.Value, args []js.Value) any {
	return promise(func() (js.Value, error) {
		var opt labels.Options
		res, req, err := paperArgs(args, &opt)
		if err != nil {
			return js.Undefined(), err
		}
		opt.Now = time.Now()
		var b bytes.Buffer
		if err := labels.Write(&b, req, res, opt); err != nil {
			return js.Undefined(), err
		}
		return bytesValue(b.Bytes()), nil
	})
}
