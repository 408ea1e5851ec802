package dxf

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"kesim/export/internal/exporttest"
)

// checkScript reads every file of a job list with ezdxf, an independent DXF
// library with an auditor, and prints one line per problem.
const checkScript = `
import json, logging, sys
import ezdxf
from ezdxf.lldxf.encoding import decode_dxf_unicode

class Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.records = []
    def emit(self, record):
        self.records.append(record.getMessage())

log = Collect()
logging.getLogger("ezdxf").addHandler(log)
problems = []
jobs = json.load(open(sys.argv[1]))
for job in jobs:
    name = job["file"]
    def problem(msg):
        problems.append("%s: %s" % (name, msg))
    log.records.clear()
    doc = ezdxf.readfile(name)
    for m in log.records:
        problem("ezdxf warned while loading: " + m)
    if doc.dxfversion != "AC1015":
        problem("version %s, want AC1015" % doc.dxfversion)
    if doc.header.get("$INSUNITS") != 5:
        problem("$INSUNITS %r, want 5 (cm)" % doc.header.get("$INSUNITS"))
    auditor = doc.audit()
    for e in auditor.errors:
        problem("audit error: %s" % (e,))
    for f in auditor.fixes:
        problem("audit fix: %s" % (f,))
    for layer in job["layers"]:
        if not doc.layers.has_entry(layer):
            problem("layer %s missing" % layer)
    msp = doc.modelspace()
    for e in msp.query('*[layer=="CUTTING_BOUNDARY"]'):
        if e.dxftype() != "LWPOLYLINE" or not e.closed:
            problem("%s on CUTTING_BOUNDARY, which holds only the sheet outlines" % e.dxftype())
    if len(msp.query('LINE[layer=="GRID"]')) == 0:
        problem("no grid lines on GRID")
    got = []
    for pl in msp.query('LWPOLYLINE[layer=="CUTTING_PARTS"]'):
        pts = list(pl.get_points("xy"))
        if not pl.closed or len(pts) != 4:
            problem("part polyline with %d points, closed %s" % (len(pts), pl.closed))
            continue
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        got.append([min(xs), min(ys), max(xs), max(ys)])
    want = job["parts"]
    if len(got) != len(want):
        problem("%d part polylines, want %d" % (len(got), len(want)))
    else:
        # Sorted on rounded corners, so that float noise cannot change the order.
        key = lambda r: [round(v, 2) for v in r]
        for g, w in zip(sorted(got, key=key), sorted(want, key=key)):
            if any(abs(a - b) > 0.01 for a, b in zip(g, w)):
                problem("part polyline %s, want %s" % (g, w))
                break
    info = "\n".join(decode_dxf_unicode(t.dxf.text).replace("%%%", "%")
                     for t in msp.query('TEXT[layer=="PART_INFO"]'))
    for n in job["names"]:
        if n not in info:
            problem("name %r not among the PART_INFO texts" % n)
for p in problems:
    print(p)
print("checked %d files" % len(jobs), file=sys.stderr)
sys.exit(1 if problems else 0)
`

// python is Debian's Python, which has python3-ezdxf; another python3 on
// PATH (a virtualenv) may not.
const python = "/usr/bin/python3"

func TestEzdxfReadsEveryFile(t *testing.T) {
	if err := exec.Command(python, "-c", "import ezdxf").Run(); err != nil {
		exporttest.Missing(t, python+" with ezdxf (Debian package python3-ezdxf)")
	}
	type check struct {
		File   string       `json:"file"`
		Parts  [][4]float64 `json:"parts"`
		Names  []string     `json:"names"`
		Layers []string     `json:"layers"`
	}
	dir := t.TempDir()
	var checks []check
	for i, j := range jobs(t) {
		data, err := j.write(Options{})
		if err != nil {
			t.Fatalf("%s: %v", j.name, err)
		}
		c := check{File: filepath.Join(dir, fmt.Sprintf("%d.dxf", i))}
		if err := os.WriteFile(c.File, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, parts := j.want()
		for _, r := range parts {
			c.Parts = append(c.Parts, [4]float64{r.minX, r.minY, r.maxX, r.maxY})
		}
		for _, page := range j.drawnPages() {
			for _, p := range j.res.Pages[page].Parts {
				c.Names = append(c.Names, p.Name)
			}
		}
		for _, l := range layers {
			c.Layers = append(c.Layers, l.name)
		}
		checks = append(checks, c)
	}
	list, err := json.Marshal(checks)
	if err != nil {
		t.Fatal(err)
	}
	listFile := filepath.Join(dir, "jobs.json")
	script := filepath.Join(dir, "check.py")
	if err := os.WriteFile(listFile, list, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, []byte(checkScript), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(python, script, listFile).CombinedOutput()
	if err != nil {
		t.Errorf("ezdxf: %v\n%s", err, strings.TrimSpace(string(out)))
	} else {
		t.Log(strings.TrimSpace(string(out)))
	}
}
