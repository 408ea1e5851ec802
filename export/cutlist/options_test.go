package cutlist

import (
	"context"
	"errors"
	"testing"

	"kesim/nest"
)

// Each bad option has its own message and names its field (the options
// had one message for four ranges and no field); a trim that leaves
// nothing of the request's sheet, of a stock row or of a sheet of the
// result is refused (it wrote "Verim 0" and no cuts).
func TestEachBadOptionNamed(t *testing.T) {
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{{Parts: []nest.Placed{{ID: "a", X: 20, Y: 20, Width: 10, Height: 10}}}}}
	for _, c := range []struct {
		opt        Options
		field, msg string
	}{
		{Options{MaxLeftovers: 21}, "maxLeftovers", MsgMaxLeftovers},
		{Options{MaxLeftovers: -1}, "maxLeftovers", MsgMaxLeftovers},
		{Options{MinLeftover: -5}, "minLeftover", MsgMinLeftover},
		{Options{MinLeftover: 10001}, "minLeftover", MsgMinLeftover},
		{Options{Kerf: 11}, "kerf", MsgKerf},
		{Options{Trim: -1}, "trim", MsgTrim},
		{Options{Trim: 60}, "trim", MsgTrim},                                                         // the result's 100 cm sheet
		{Options{Trim: 10, Sheet: nest.Sheet{Width: 20, Height: 300}}, "trim", MsgTrim},              // the request's sheet
		{Options{Trim: 10, Stock: []nest.Stock{{ID: "s", Width: 300, Height: 20}}}, "trim", MsgTrim}, // a stock row
	} {
		for _, write := range []func() error{
			func() error { _, _, err := Rows(res, c.opt); return err },
			func() error { return WriteSheetsCSV(&discard{}, res, c.opt) },
		} {
			err := write()
			var oe *OptionError
			if !errors.As(err, &oe) || oe.Field != c.field || oe.Message != c.msg || !errors.Is(err, ErrBadOptions) {
				t.Errorf("%+v: %v, want %s: %s", c.opt, err, c.field, c.msg)
			}
		}
	}
	// 0 leftovers means all of them, 20 at most 20.
	for _, n := range []int{0, 20} {
		if _, _, err := Rows(res, Options{MaxLeftovers: n, Trim: 49}); err != nil {
			t.Errorf("maxLeftovers %d, trim 49: %v", n, err)
		}
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// The kerf's and the trim's messages are the engine's.
func TestKerfAndTrimMessagesAreTheEngines(t *testing.T) {
	parts := []nest.Part{{Width: 10, Height: 10, Quantity: 1}}
	for opt, want := range map[nest.Options]string{{Kerf: 11}: MsgKerf, {Trim: 60}: MsgTrim} {
		_, err := nest.Layout(context.Background(), nest.Request{Sheet: nest.Sheet{Width: 100, Height: 100}, Parts: parts, Options: opt}, nil)
		var ie *nest.InputError
		if !errors.As(err, &ie) || ie.Message != want {
			t.Errorf("%+v: the engine says %v, the cut list %q", opt, err, want)
		}
	}
}
