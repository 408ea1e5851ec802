package export_test

import (
	"math"
	"strings"
	"testing"

	"kesim/export"
	"kesim/nest"
)

// An unusable result's message writes its lengths with a decimal comma,
// as everything Kesim shows (45,5), and a wild value as Go prints it.
func TestInvalidResultMessageNumbers(t *testing.T) {
	for _, tt := range []struct {
		res  nest.Result
		want string
	}{
		{nest.Result{Sheet: nest.Sheet{Width: 45.5, Height: -2.25}, Pages: []nest.Page{{Parts: []nest.Placed{{Width: 1, Height: 1}}}}},
			"tuval boyutu 45,5 x -2,25"},
		{nest.Result{Sheet: nest.Sheet{Width: 100, Height: 148}, Pages: []nest.Page{{Parts: []nest.Placed{{Name: "Kapak", X: 12.5, Y: 0, Width: 30.75, Height: math.Inf(1)}}}}},
			`sayfa 1, parça "Kapak" (x 12,5, y 0, 30,75 x +Inf)`},
		{nest.Result{Sheet: nest.Sheet{Width: 100, Height: 148}, Pages: []nest.Page{{Parts: []nest.Placed{{Width: 1, Height: 1, X: 1e308}}}}},
			"(x 1e+308, y 0, 1 x 1)"},
	} {
		err := export.Check(tt.res)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "45.5") {
			t.Errorf("Check: %v, want it to contain %q", err, tt.want)
		}
	}
}
