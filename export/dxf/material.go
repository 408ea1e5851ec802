package dxf

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"kesim/export"
	"kesim/nest"
)

// MaterialFile is the DXF file of one material and thickness of a layout
// with materials (docs/engine.md, "Materials, stock rows, grain and edge
// band"): its pages, and a file name safe on every system.
type MaterialFile struct {
	Material  string
	Thickness float64 // mm; 0 when not given
	Pages     []int   // indexes into Result.Pages
	// Slug names the material for a file: ASCII, Turkish letters folded,
	// unique within the layout ("beyaz-sunta-18mm", "ceviz-mdf-18mm").
	Slug string
	// Name is Slug + ".dxf", the file's name in WriteZip's archive.
	Name string
}

// MaterialFiles returns one file per material and thickness of res, in
// page order (a result without materials is one file of every page).
func MaterialFiles(res nest.Result) []MaterialFile {
	groups := export.Groups(res)
	files := make([]MaterialFile, len(groups))
	taken := map[string]bool{}
	for i, g := range groups {
		slug := export.Slug(g.Material, g.Thickness)
		// Materials that fold to the same name ("Meşe" and "mese") get
		// numbers.
		for n, base := 2, slug; taken[slug]; n++ {
			slug = base + "-" + strconv.Itoa(n)
		}
		taken[slug] = true
		files[i] = MaterialFile{Material: g.Material, Thickness: g.Thickness, Pages: g.Pages, Slug: slug, Name: slug + ".dxf"}
	}
	return files
}

// SeveralMaterials reports whether res has pages of more than one material
// and thickness: its DXF is then one file per material (WriteZip).
func SeveralMaterials(res nest.Result) bool { return len(export.Groups(res)) > 1 }

// WriteMaterial writes the pages of one material and thickness of res as
// one DXF file, side by side along x as Write does. It returns
// export.ErrEmpty, writing nothing, when those pages have no part, and an
// error when res has no page of that material.
func WriteMaterial(w io.Writer, res nest.Result, material string, thickness float64, opt Options) error {
	for _, f := range MaterialFiles(res) {
		if f.Material == material && export.Num(f.Thickness) == export.Num(thickness) {
			return writeFile(w, res, f, opt)
		}
	}
	return fmt.Errorf("dxf: %s için sayfa yok", export.MaterialName(material, thickness))
}

// WriteFile writes the pages of file f, one of MaterialFiles(res), as one
// DXF file (as WriteMaterial does), for a program that writes each
// material to a file of its own, such as "kesim-" + f.Slug + ".dxf". It
// returns export.ErrEmpty, writing nothing, when they have no part.
func WriteFile(w io.Writer, res nest.Result, f MaterialFile, opt Options) error {
	for _, page := range f.Pages {
		if page < 0 || page >= len(res.Pages) {
			return fmt.Errorf("dxf: sayfa %d yok (%d sayfa var)", page+1, len(res.Pages))
		}
	}
	return writeFile(w, res, f, opt)
}

// writeFile writes the pages of file f.
func writeFile(w io.Writer, res nest.Result, f MaterialFile, opt Options) error {
	if err := checkMaterial(res, f); err != nil {
		return err
	}
	return write(w, res, f.Pages, opt, true)
}

// checkMaterial is export.Check of the pages of file f.
func checkMaterial(res nest.Result, f MaterialFile) error {
	sub := res
	sub.Pages = make([]nest.Page, len(f.Pages))
	for i, page := range f.Pages {
		sub.Pages[i] = res.Pages[page]
	}
	return export.Check(sub)
}

// ZipFileName returns the name of WriteZip's archive: FileName's with
// ".zip", such as "efeaktif_cutting_183x366_2026-11-22_1795337400000.zip".
func ZipFileName(res nest.Result, now time.Time) string {
	return strings.TrimSuffix(FileName(res, now), ".dxf") + ".zip"
}

// WriteZip writes a zip archive to w holding one DXF file per material and
// thickness of res (see MaterialFiles), named by material
// ("beyaz-sunta-18mm.dxf"); a material whose pages have no part has no
// file. Each file's date is opt.Now (time.Now() when zero). It returns
// export.ErrEmpty, writing nothing, when no part is placed.
func WriteZip(w io.Writer, res nest.Result, opt Options) error {
	if err := export.Check(res); err != nil {
		return err
	}
	if err := export.CheckLists(opt.Stock, opt.Bands); err != nil {
		return err
	}
	now := opt.Now
	if now.IsZero() {
		now = time.Now()
	}
	z := zip.NewWriter(w)
	for _, f := range MaterialFiles(res) {
		if err := checkMaterial(res, f); errors.Is(err, export.ErrEmpty) {
			continue
		}
		entry, err := z.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: now})
		if err != nil {
			return err
		}
		if err := writeFile(entry, res, f, opt); err != nil {
			return err
		}
	}
	return z.Close()
}
