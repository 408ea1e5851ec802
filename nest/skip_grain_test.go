package nest

import "testing"

// A part kept off every sheet only by its grain is skipped as such, not as
// one too large for the material; one too large either way, or one that may
// not turn on a sheet without grain, stays SkipNoFit.
func TestSkipGrainReason(t *testing.T) {
	f := false
	req := Request{
		Stock:   []Stock{{ID: "s", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366, Grain: GrainVertical}},
		Options: Options{Kerf: 0.4, Trim: 1},
		Parts: []Part{
			// 200 wide does not fit 183; turned (60 × 200) it would, but
			// its grain runs along the sheet's only unturned.
			{Name: "Damarlı", Width: 200, Height: 60, Quantity: 2, Material: "Ceviz MDF", Thickness: 18, Grain: GrainVertical},
			// Too large turned or not.
			{Name: "Dev", Width: 400, Height: 60, Quantity: 1, Material: "Ceviz MDF", Thickness: 18, Grain: GrainVertical},
			// No grain: turned onto the sheet.
			{Name: "Serbest", Width: 200, Height: 60, Quantity: 1, Material: "Ceviz MDF", Thickness: 18},
			// Locked against turning, no grain: not the grain's doing.
			{Name: "Kilitli", Width: 200, Height: 60, Quantity: 1, Material: "Ceviz MDF", Thickness: 18, Rotate: &f},
			// Horizontal grain on a vertical sheet: turned, and then fits.
			{Name: "Yatay", Width: 200, Height: 60, Quantity: 1, Material: "Ceviz MDF", Thickness: 18, Grain: GrainHorizontal},
		},
	}
	res := mustLayout(t, req)
	want := map[string]string{"Damarlı": SkipGrain, "Dev": SkipNoFit, "Kilitli": SkipNoFit}
	got := map[string]string{}
	for _, s := range res.Skipped {
		got[s.Name] = s.Reason
		if s.Name == "Damarlı" && s.Quantity != 2 {
			t.Errorf("Damarlı skipped %d copies, want the whole line (2)", s.Quantity)
		}
	}
	if len(got) != len(want) {
		t.Errorf("skipped %+v, want %v", res.Skipped, want)
	}
	for name, reason := range want {
		if got[name] != reason {
			t.Errorf("%s skipped as %q, want %q", name, got[name], reason)
		}
	}
	placed := 0
	for _, pg := range res.Pages {
		placed += len(pg.Parts)
	}
	if placed != 2 {
		t.Errorf("%d pieces placed, want 2 (Serbest and Yatay)", placed)
	}
}
