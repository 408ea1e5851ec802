//go:build js && wasm

package main

import (
	"bytes"
	"encoding/json"
	"syscall/js"
	"time"

	"kesim/export/labels"
	"kesim/nest"
)

// kesimLabels(resultJSON, requestJSON?, optionsJSON) -> Promise<Uint8Array>
// kesimLabelsFileName()                               -> string
//
// kesimLabels writes the part labels (Etiketler) of a result as a PDF: one
// label per piece in cutting order (see package labels). requestJSON, the
// request the result was laid out from, may be undefined, null or "": the
// labels then show the placed sizes only. The options are {preset, job}: preset is
// "a4-3x8" (the default), "a4-2x4" or "roll-100x50"; job is the job's name.
func init() {
	js.Global().Set("kesimLabels", js.FuncOf(exportLabels))
	js.Global().Set("kesimLabelsFileName", js.FuncOf(func(js.Value, []js.Value) any {
		return js.ValueOf(labels.FileName(time.Now()))
	}))
}

func exportLabels(_ js.Value, args []js.Value) any {
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
		var opt labels.Options
		if o := arg(args, 2); o.Type() == js.TypeString && o.String() != "" {
			if json.Unmarshal([]byte(o.String()), &opt) != nil {
				return js.Undefined(), errBadArgs
			}
		}
		opt.Now = time.Now()
		var b bytes.Buffer
		if err := labels.Write(&b, req, res, opt); err != nil {
			return js.Undefined(), err
		}
		return bytesValue(b.Bytes()), nil
	})
}
