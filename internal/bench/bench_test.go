package bench

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kesim/nest"
)

func TestRunAndReport(t *testing.T) {
	dir := t.TempDir()
	instances := `[
{"id":"cl01_n020_01","class":1,"n":3,"index":1,"abs_index":1,"bin_w":10,"bin_h":10,"items":[[6,6],[6,6],[4,10]]},
{"id":"cl02_n020_01","class":2,"n":2,"index":1,"abs_index":2,"bin_w":10,"bin_h":10,"items":[[5,10],[10,5]]}
]`
	bounds := "instance_id,class,n,lb_area,lb_oriented_ours,lb_rotation_ours,unibo_lb_OF,unibo_ub_OF,bk_OF_packingsolver,bk_RF_packingsolver,bk_3NHO_packingsolver,bk_3NHR_packingsolver,bk_OF_min,bk_RF_min\n" +
		"cl01_n020_01,1,3,1,2,2,,,2,2,2,2,2,2\n" +
		"cl02_n020_01,2,2,1,1,1,,,2,1,2,1,2,1\n"
	path := filepath.Join(dir, "i.json")
	if err := os.WriteFile(path, []byte(instances), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "best_known"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "best_known", "bwmv_500_bounds.csv"), []byte(bounds), 0o644); err != nil {
		t.Fatal(err)
	}
	ins, err := Load(path)
	if err != nil || len(ins) != 2 {
		t.Fatalf("Load: %v %v", ins, err)
	}
	bk, err := BestKnown(path, false, false)
	if err != nil || bk["cl01_n020_01"] != 2 || bk["cl02_n020_01"] != 1 {
		t.Fatalf("BestKnown: %v %v", bk, err)
	}
	outs := Run(context.Background(), ins, Config{Options: nest.Options{Iterations: 50}})
	if outs[0].Sheets != 2 || outs[1].Sheets != 1 {
		t.Fatalf("sheets %d and %d, want 2 and 1", outs[0].Sheets, outs[1].Sheets)
	}
	var b strings.Builder
	if err := Report(&b, outs, bk, time.Second); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	for i, want := range []string{"1 ", "2 ", "toplam"} {
		if !strings.HasPrefix(lines[i+1], want) {
			t.Errorf("line %d %q, want %q first", i+1, lines[i+1], want)
		}
	}
	if f := strings.Fields(lines[3]); f[2] != "3" || f[4] != "3" || f[5] != "+0" {
		t.Errorf("total line %q: want 3 sheets, best known 3, gap +0", lines[3])
	}
	// Without rotation the 10x5 item stays wide, and best known says so.
	bkO, _ := BestKnown(path, true, false)
	if bkO["cl02_n020_01"] != 2 {
		t.Errorf("oriented best known %v", bkO)
	}
	if got := Class(ins, 2); len(got) != 1 || got[0].ID != "cl02_n020_01" {
		t.Errorf("Class(2) = %v", got)
	}
}
