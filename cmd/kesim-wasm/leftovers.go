//go:build js && wasm

package main

import (
	"encoding/json"
	"syscall/js"

	"kesim/nest"
)

// kesimLeftovers(resultJSON, requestJSON?, optionsJSON) -> Promise<Uint8Array>
//
// The pieces free of parts that a layout leaves and that can be cut off
// (nest.Leftovers), as JSON: [{page, stockId, material, thickness, x, y,
// width, height, grain}], page by page, the largest first ([] for none).
// The web app's comparison of plans ("Planları karşılaştır") shows each
// plan's largest. requestJSON is the request the result was laid out from
// (its kerf and trim; none: no kerf, no trim); the options {rules} are the
// smallest pieces worth listing (nest.OffcutRule), any size without, as
// options.keepLeftover measures a sheet's leftover.
func init() {
	js.Global().Set("kesimLeftovers", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return promise(func() (js.Value, error) {
			var opt struct {
				Rules []nest.OffcutRule `json:"rules"`
			}
			res, req, err := paperArgs(args, &opt)
			if err != nil {
				return js.Undefined(), err
			}
			if req == nil {
				req = new(nest.Request)
			}
			if err := nest.ValidateOffcutRules(opt.Rules); err != nil {
				return js.Undefined(), err
			}
			if opt.Rules == nil {
				opt.Rules = []nest.OffcutRule{{}}
			}
			left := nest.Leftovers(*req, res, opt.Rules)
			if left == nil {
				left = []nest.Leftover{}
			}
			b, err := json.Marshal(left)
			if err != nil {
				return js.Undefined(), err
			}
			return bytesValue(b), nil
		})
	}))
}
