package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"kesim/export"
	"kesim/export/cutlist"
	"kesim/export/dxf"
	"kesim/export/labels"
	"kesim/export/pdf"
	"kesim/export/quote"
	"kesim/internal/partcsv"
	"kesim/nest"
)

// Exit statuses of kesim nest.
const (
	exitOK       = 0
	exitFailure  = 1 // could not write the output
	exitBadInput = 2 // bad flags or input; nothing was written
)

// nestFlags are kesim nest's flags; set names those given on the command
// line, which override a JSON request's own options.
type nestFlags struct {
	sheet, kerf, trim                 string
	stock, bands, objective           string
	firstCut, stages                  string
	guillotine, noRotate, dxfPerSheet bool
	deductBands                       bool
	limit                             time.Duration
	seed                              int64
	workers                           int
	jsonOut, pdfOut, dxfOut           string
	labelsOut, labelPreset, job       string
	leftoverMin                       string
	xlsxOut, csvOut, quoteOut         string
	sheetURL                          string
	quote                             quoteFlags
	set                               map[string]bool
}

// quoteFlags are the price quote's flags: amounts as typed (a decimal
// comma is fine), checked by quoteOptions.
type quoteFlags struct {
	factory, customer, job               string
	sheetPrice, cutPerMetre, cutPerSheet string
	margin, kdv                          string
	sheetByArea                          bool
}

// defaultWorkers is --workers' default: every core, at most the engine's
// nest.MaxWorkers.
func defaultWorkers() int { return min(runtime.NumCPU(), nest.MaxWorkers) }

func (f *nestFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.sheet, "sheet", "", "tuval boyutu `GENxYÜK`, cm (ör. 100x148)")
	fs.StringVar(&f.kerf, "kerf", "", "testere payı, `CM` (ör. 0,3)")
	fs.StringVar(&f.trim, "trim", "", "kenar payı, `CM`")
	fs.BoolVar(&f.guillotine, "guillotine", false, "giyotin kesim (panel testere)")
	fs.StringVar(&f.firstCut, "first-cut", "", "giyotin kesimde her levhanın ilk kesimleri: long (boyuna, uzun kenara paralel) ya da short (enine)")
	fs.StringVar(&f.stages, "stages", "", "giyotin kesimde en çok `N` kesim kademesi, 2-9 (0: sınırsız; tek parçayı artığından ayıran kırpma bir kademe fazla olabilir)")
	fs.BoolVar(&f.noRotate, "no-rotate", false, "hiçbir parça döndürülmez")
	fs.StringVar(&f.stock, "stock", "", "levha stoku CSV `DOSYA`'sı (kod;ad;malzeme;kalınlık;genişlik;yükseklik;adet;fiyat;damar)")
	fs.StringVar(&f.bands, "bands", "", "kenar bandı CSV `DOSYA`'sı (kod;ad;kalınlık;fiyat;fazlalık)")
	fs.StringVar(&f.objective, "objective", "", "stoklu düzende hedef: cost (fiyat, varsayılan), area (alan) ya da sheets (levha sayısı)")
	fs.BoolVar(&f.deductBands, "deduct-bands", false, "bantlı parçaları bant kalınlığı kadar küçük keser")
	fs.DurationVar(&f.limit, "time", time.Second, "iyileştirme süresi, ör. 1s ya da 500ms (0: yalnız yapıcı aşama)")
	fs.Int64Var(&f.seed, "seed", 1, "rastgelelik tohumu, bir tam sayı `N`")
	fs.IntVar(&f.workers, "workers", defaultWorkers(), "iyileştirme ve tam sığdırma aramalarındaki paralel çalışan sayısı `N` (1-64; 0 ya da verilmezse tüm çekirdekler)")
	fs.StringVar(&f.jsonOut, "json", "", "sonuç JSON'unun yazılacağı `DOSYA` (- standart çıktı)")
	fs.StringVar(&f.pdfOut, "pdf", "", "atölye için PDF'in yazılacağı `DOSYA`")
	fs.StringVar(&f.dxfOut, "dxf", "", "kesim makinesi için DXF'in yazılacağı `DOSYA` (tüm sayfalar yan yana)")
	fs.BoolVar(&f.dxfPerSheet, "dxf-per-sheet", false, "her sayfa için ayrı DXF: DOSYA-1.dxf, DOSYA-2.dxf, ...")
	fs.StringVar(&f.labelsOut, "labels", "", "parça etiketlerinin PDF'inin yazılacağı `DOSYA` (her parçaya bir etiket, kesim sırasıyla)")
	fs.StringVar(&f.labelPreset, "label-preset", labels.DefaultPreset, "etiket düzeni: a4-3x8 (70x37 mm), a4-2x4 ya da roll-100x50 (termal rulo)")
	fs.StringVar(&f.job, "job", "", "iş `ADI`: PDF'in başlığı (verilmezse Kesim Planı), etiketlere ve teklife de yazılır")
	fs.StringVar(&f.sheetURL, "sheet-url", "", "kaydedilmiş işin adresi, `URL` (ör. https://kesim.atolye.local/is/42): PDF'in her levha sayfasına ve etiketlere levhanın kontrol listesinin QR kodu (URL/levha/N) basılır")
	fs.StringVar(&f.xlsxOut, "xlsx", "", "Excel kesim listesinin (parçalar ve levhalar) yazılacağı `DOSYA`")
	fs.StringVar(&f.leftoverMin, "leftover-min", "", "kesim listesinde artık sayılan en kısa kenar, `CM` (varsayılan 30: artık rafının varsayılan kuralı)")
	fs.StringVar(&f.csvOut, "csv", "", "Türkçe Excel için CSV kesim listesi `DOSYA`'sı (levhalar: DOSYA-levhalar.csv)")
	fs.StringVar(&f.quoteOut, "quote", "", "fiyat teklifinin yazılacağı `DOSYA` (.pdf ya da .csv)")
	fs.StringVar(&f.quote.factory, "factory", "", "teklifin başlığındaki atölye `ADI`")
	fs.StringVar(&f.quote.customer, "customer", "", "teklifteki müşteri `ADI`")
	fs.StringVar(&f.quote.sheetPrice, "sheet-price", "", "fiyatı olmayan levhanın fiyatı, `TL`")
	fs.StringVar(&f.quote.cutPerMetre, "cut-per-metre", "", "metre kesim ücreti, `TL`")
	fs.StringVar(&f.quote.cutPerSheet, "cut-per-sheet", "", "levha başına kesim ücreti, `TL`")
	fs.StringVar(&f.quote.margin, "margin", "", "kâr oranı, `YÜZDE`")
	fs.StringVar(&f.quote.kdv, "kdv", "20", "KDV oranı, `YÜZDE`")
	fs.BoolVar(&f.quote.sheetByArea, "sheet-by-area", false, "levhaları kullanılan alana göre fiyatlar (bütün levha yerine)")
}

// quoteOptions reads the quote's flags; an amount that is no number, or
// out of its bounds, is a Turkish error naming its flag.
func (q quoteFlags) options() (quote.Options, error) {
	opt := quote.DefaultOptions()
	opt.Factory, opt.Customer, opt.Job, opt.SheetByArea = q.factory, q.customer, q.job, q.sheetByArea
	for _, a := range []struct {
		flag, text string
		to         *float64
	}{
		{"sheet-price", q.sheetPrice, &opt.SheetPrice}, {"cut-per-metre", q.cutPerMetre, &opt.CutPerMetre},
		{"cut-per-sheet", q.cutPerSheet, &opt.CutPerSheet}, {"margin", q.margin, &opt.MarginPct}, {"kdv", q.kdv, &opt.KDVPct},
	} {
		if strings.TrimSpace(a.text) == "" {
			continue
		}
		// As the stock CSV's prices: 1.450 is a thousand and more.
		v, ok := partcsv.ParseAmount(a.text)
		if !ok || v < 0 {
			return opt, fmt.Errorf("--%s %q: sıfır veya pozitif bir sayı verin (ör. 12,5 veya 1.450)", a.flag, a.text)
		}
		*a.to = v
	}
	if err := opt.Check(); err != nil {
		return opt, err
	}
	return opt, nil
}

// quoteOptions are the quote's options: its flags, and --job, the job's
// name printed under the quote's title.
func (f *nestFlags) quoteOptions() (quote.Options, error) {
	q := f.quote
	q.job = f.job
	return q.options()
}

// runNest implements `kesim nest`: read a CSV part list or a JSON request,
// lay it out, and write the result JSON, PDF and DXF.
func runNest(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var f nestFlags
	fs := cmdNest.flagSet()
	f.register(fs)
	if code, ok := cmdNest.parse(fs, args, stdout, stderr); !ok {
		return code
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	if fs.NArg() != 1 {
		return cmdNest.usageError(stderr, "tek bir girdi verin: CSV dosyası, JSON istek dosyası veya - (standart girdi)")
	}
	// The labels' and the quote's options are checked before the layout,
	// which may take long: a typo must not cost the wait.
	if (f.pdfOut != "" || f.labelsOut != "" || f.quoteOut != "") && utf8.RuneCountInString(f.job) > labels.MaxJob {
		return nestBadInput(stderr, fmt.Errorf("--job: %w", labels.ErrJob))
	}
	if f.quoteOut != "" {
		if _, err := f.quoteOptions(); err != nil {
			return nestBadInput(stderr, err)
		}
	}
	if f.labelsOut != "" {
		if _, _, _, err := labels.PageSize(f.labelPreset); err != nil {
			return nestBadInput(stderr, fmt.Errorf("--label-preset %q: %w", f.labelPreset, err))
		}
	}
	if err := export.CheckSheetURL(f.sheetURL); err != nil {
		return nestBadInput(stderr, fmt.Errorf("--sheet-url: %w", err))
	}
	if _, err := f.cutListOptions(nest.Request{}); err != nil {
		return nestBadInput(stderr, err)
	}
	// Standard output is one stream: one DXF per sheet cannot go there.
	if f.dxfOut == "-" && f.dxfPerSheet {
		return nestBadInput(stderr, errors.New(msgDXFPerSheetStdout))
	}
	// An output over the part list (--csv b.csv b.csv) would replace it
	// with the cut list. The names known now are checked before the
	// layout; those the layout names (one DXF per material) before
	// writing.
	inputs := f.inputs(fs.Arg(0))
	if err := checkOutputs(f.plannedOutputs(inputs), inputs); err != nil {
		return nestBadInput(stderr, err)
	}
	req, fromJSON, err := readRequest(fs.Arg(0), stdin, stderr)
	if err == nil {
		err = f.readLists(&req, fs.Arg(0), stdin, stderr)
	}
	if err == nil {
		err = f.apply(&req, fromJSON)
	}
	if err != nil {
		return nestBadInput(stderr, err)
	}
	// A CSV list written in mm (a cabinet side of 720 x 560) is read as cm
	// and fits no sheet: said, as the web app asks about it.
	if !fromJSON && looksLikeMm(req) {
		fmt.Fprintln(stderr, msgLooksLikeMm)
	}
	// A part id no label carries (over 64 characters), or two whose
	// barcodes are the same (Kapı-sol, Kapi-sol), would fail the labels,
	// and so every output, only after the layout.
	if f.labelsOut != "" {
		if err := labels.CheckIDs(req.Parts); err != nil {
			return nestBadInput(stderr, fmt.Errorf("--labels: %w", err))
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := nest.Layout(ctx, req, nil)
	var ie *nest.InputError
	if errors.As(err, &ie) {
		if ie.Message == nest.MsgUnknownBand && len(req.Bands) == 0 {
			// A part list with a band column, and no band codes given.
			return nestBadInput(stderr, fmt.Errorf("%w %s", ie, msgNoBands))
		}
		return nestBadInput(stderr, ie)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kesim nest: %v\n", err)
		return exitFailure
	}

	// A file of no piece cannot be made: say which parts did not fit and
	// why, not the web app's "add parts first".
	if res.Stats.Placed == 0 && f.wantsPieces() {
		printSkipped(stderr, res)
		return nestBadInput(stderr, errors.New(msgNothingPlaced))
	}
	// Every output is made in memory first, so that a failure writes none.
	outputs, err := renderOutputs(req, res, &f)
	// What the layout decides: no piece, more labels than a file holds, a
	// sheet address too long for the QR code of the last sheet's number.
	if errors.Is(err, export.ErrEmpty) || errors.Is(err, labels.ErrTooMany) || errors.Is(err, labels.ErrSheetURLTooLong) ||
		errors.Is(err, errDXFMaterialsStdout) {
		return nestBadInput(stderr, err)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kesim nest: %v\n", err)
		return exitFailure
	}
	if err := checkOutputs(outputs, inputs); err != nil {
		return nestBadInput(stderr, err)
	}
	if err := writeOutputs(outputs, stdout); err != nil {
		fmt.Fprintf(stderr, "kesim nest: %v\n", err)
		return exitFailure
	}
	printSummary(stderr, req, res)
	if f.csvOut == "-" {
		fmt.Fprintln(stderr, msgSheetsCSVNotWritten)
	}
	for _, name := range staleDXF(f.dxfOut, outputs) {
		fmt.Fprintf(stderr, "UYARI: %s bu plana ait değil (önceki bir çalıştırmadan kalmış olabilir).\n", name)
	}
	return exitOK
}

// msgNoBands follows "Bilinmeyen bant kodu." when no band codes were
// given: what to do.
const msgNoBands = "Bant kodlarını --bands DOSYA ile verin (kod;ad;kalınlık;fiyat;fazlalık) ya da bant sütununu boşaltın."

// Standard output (-) is one stream, and some outputs are several files:
// the CSV cut list's sheets (FILE-levhalar.csv), one DXF per sheet, one
// DXF per material. Their names were made from "-" ("--levhalar.csv",
// "--1.dxf") in the current folder.
const (
	msgSheetsCSVNotWritten = "Bilgi: --csv -: standart çıktıya parçalar yazıldı; levhalar listesi (DOSYA-levhalar.csv) yazılmadı: onun için --csv DOSYA ya da --xlsx DOSYA verin."
	msgDXFPerSheetStdout   = "--dxf - --dxf-per-sheet: her levha ayrı bir DXF dosyasıdır, standart çıktıya yazılamaz; bir dosya adı verin (ör. --dxf kesim.dxf)"
)

// errDXFMaterialsStdout refuses --dxf - for a layout of several materials,
// whose DXF files (one per material and thickness) are not one stream.
var errDXFMaterialsStdout = errors.New("--dxf -: bu plan birden çok malzeme ve kalınlıktan; her birinin DXF'i ayrı bir dosyadır, standart çıktıya yazılamaz; --dxf kesim.zip (hepsi bir zip'te) ya da --dxf kesim.dxf verin")

// msgNothingPlaced refuses the files of a layout that placed no piece,
// after the summary's warnings have named each part and why.
const msgNothingPlaced = "Hiçbir parça yerleştirilemedi; atlanan parçalar ve nedenleri yukarıda."

// wantsPieces reports whether a file that draws or lists placed pieces is
// asked for: every output but the result JSON, which holds the skipped
// parts too.
func (f *nestFlags) wantsPieces() bool {
	for _, p := range []string{f.pdfOut, f.dxfOut, f.labelsOut, f.xlsxOut, f.csvOut, f.quoteOut} {
		if p != "" {
			return true
		}
	}
	return false
}

// nestBadInput reports bad input and returns its exit status.
func nestBadInput(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "kesim nest: %v\n", err)
	return exitBadInput
}

// readLists reads the stock and band lists of --stock and --bands into
// req, over a JSON request's own, telling info what reading them tells as
// for the part list (tellRead): the columns not read, the rows left out,
// the columns converted.
func (f *nestFlags) readLists(req *nest.Request, input string, stdin io.Reader, info io.Writer) error {
	for _, l := range []struct {
		flag, path string
		read       func(io.Reader) (partcsv.Info, error)
	}{
		{"stock", f.stock, func(r io.Reader) (read partcsv.Info, err error) {
			req.Stock, read, err = partcsv.ReadStockInfo(r, partcsv.EngineLimits)
			return read, err
		}},
		{"bands", f.bands, func(r io.Reader) (read partcsv.Info, err error) {
			req.Bands, read, err = partcsv.ReadBandsInfo(r)
			return read, err
		}},
	} {
		if !f.set[l.flag] {
			continue
		}
		if l.path == "" {
			return fmt.Errorf("--%s: bir CSV ya da Excel (.xlsx) dosyası verin", l.flag)
		}
		if l.path == "-" && input == "-" {
			return fmt.Errorf("--%s -: standart girdi zaten parça listesi için okunuyor; bir dosya verin", l.flag)
		}
		data, err := readInput(l.path, stdin)
		if err != nil {
			return fmt.Errorf("--%s: %v", l.flag, err)
		}
		read, err := l.read(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("--%s %s:\n%v", l.flag, displayName(l.path), err)
		}
		tellRead(info, fmt.Sprintf("--%s %s: ", l.flag, displayName(l.path)), read)
	}
	return nil
}

// tellRead says on info, a line each, what reading a CSV list told besides
// its rows (partcsv.Info), as the web's import says it: the columns not
// read, the rows an etkin (Enabled) column left out, the columns
// converted ("Bilgi: 'En (mm)' sütunu mm'den cm'ye çevrildi."). prefix
// names a list other than the part list.
func tellRead(info io.Writer, prefix string, read partcsv.Info) {
	for _, note := range read.Notes() {
		if !strings.HasSuffix(note, "…") {
			note += "."
		}
		fmt.Fprintf(info, "Bilgi: %s%s\n", prefix, note)
	}
}

// apply sets the sheet and options given as flags on req. A JSON request
// carries its own options, which only flags given override; a CSV part
// list takes every flag's value, defaults included.
func (f *nestFlags) apply(req *nest.Request, fromJSON bool) error {
	if f.set["sheet"] {
		w, h, ok := parseSize(f.sheet)
		if !ok {
			return fmt.Errorf("--sheet %q: boyutu GENİŞLİKxYÜKSEKLİK biçiminde cm olarak verin (ör. 100x148)", f.sheet)
		}
		if w <= 0 || h <= 0 {
			// The form was right; "0x148" had been told to use it.
			return fmt.Errorf("--sheet %q: genişlik ve yükseklik 0'dan büyük olmalı (ör. 100x148)", f.sheet)
		}
		req.Sheet = nest.Sheet{Width: w, Height: h}
	}
	// With stock rows the sheet is optional: it only takes the parts of
	// materials no row has.
	if req.Sheet.Width == 0 && req.Sheet.Height == 0 && len(req.Stock) == 0 {
		return errors.New("tuval boyutu eksik: --sheet 100x148 gibi ya da --stock DOSYA verin")
	}
	if f.set["objective"] {
		switch f.objective {
		case nest.ObjectiveCost, nest.ObjectiveArea, nest.ObjectiveSheets:
			req.Options.Objective = f.objective
		default:
			return fmt.Errorf("--objective %q: cost, area ya da sheets olmalı", f.objective)
		}
	}
	if f.set["deduct-bands"] {
		req.Options.DeductBands = f.deductBands
	}
	if err := f.profile(&req.Options); err != nil {
		return err
	}
	for _, o := range []struct {
		name string
		text string
		dst  *float64
	}{{"kerf", f.kerf, &req.Options.Kerf}, {"trim", f.trim, &req.Options.Trim}} {
		if !f.set[o.name] {
			continue
		}
		v, ok := parseCM(o.text)
		if !ok {
			return fmt.Errorf("--%s %q geçerli bir sayı değil", o.name, o.text)
		}
		*o.dst = v
	}
	if f.set["guillotine"] {
		req.Options.Guillotine = f.guillotine
	}
	if f.set["time"] || !fromJSON {
		req.Options.TimeLimitMs = int(f.limit.Milliseconds())
	}
	if f.set["seed"] || !fromJSON {
		req.Options.Seed = f.seed
	}
	if f.set["workers"] || !fromJSON {
		req.Options.Workers = f.workers
		if f.workers == 0 {
			// 0 is every core, as the default; the engine would take it
			// as one.
			req.Options.Workers = defaultWorkers()
		}
	}
	if f.noRotate {
		rotate := false
		for i := range req.Parts {
			req.Parts[i].Rotate = &rotate
		}
	}
	return nil
}

// output is one file to write: path, and the flag that asks for it with
// the name given there, which a derived name (FILE-levhalar.csv, FILE-1.dxf)
// differs from.
type output struct {
	flag, given string
	path        string
	data        []byte
}

// outputOf returns the output of flag, named as given, at path.
func outputOf(flag, given, path string, data []byte) output {
	return output{flag: flag, given: given, path: path, data: data}
}

// renderOutputs makes the JSON, PDF and DXF files asked for. The request's
// stock rows and band codes name the rows and bands in the PDF and DXF. A
// layout of several materials gets one DXF per material: a zip of them
// when dxfPath ends in .zip (also for one material), else
// FILE-<material>.dxf each.
func renderOutputs(req nest.Request, res nest.Result, f *nestFlags) ([]output, error) {
	jsonPath, pdfPath, dxfPath, dxfPerSheet := f.jsonOut, f.pdfOut, f.dxfOut, f.dxfPerSheet
	var outs []output
	dopt := dxf.Options{Stock: req.Stock, Bands: req.Bands, Kerf: &req.Options.Kerf}
	if jsonPath != "" {
		data, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			return nil, err
		}
		outs = append(outs, outputOf("json", jsonPath, jsonPath, append(data, '\n')))
	}
	if pdfPath != "" {
		var b bytes.Buffer
		// A named job's PDF is titled with its name, as the web app's
		// (ExportButtons, pdfTitle) and the server's (POST /api/export,
		// options.title); without --job, pdf.DefaultTitle.
		popt := pdf.Options{Title: strings.TrimSpace(f.job), Stock: req.Stock, Bands: req.Bands, SheetURL: f.sheetURL, Kerf: &req.Options.Kerf, DeductBands: req.Options.DeductBands,
			FirstCut: req.Options.FirstCut, Stages: req.Options.Stages}
		if err := pdf.Write(&b, res, popt); err != nil {
			return nil, err
		}
		outs = append(outs, outputOf("pdf", pdfPath, pdfPath, b.Bytes()))
	}
	severalMaterials := dxfPath != "" && !dxfPerSheet && dxf.SeveralMaterials(res)
	switch {
	case dxfPath != "" && !dxfPerSheet && strings.EqualFold(filepath.Ext(dxfPath), ".zip"):
		// A .zip is a zip even when one material was laid out (the rest
		// had no stock): a program that unzips it is not handed a DXF.
		var b bytes.Buffer
		if err := dxf.WriteZip(&b, res, dopt); err != nil {
			return nil, err
		}
		outs = append(outs, outputOf("dxf", dxfPath, dxfPath, b.Bytes()))
	case severalMaterials && dxfPath == "-":
		return nil, errDXFMaterialsStdout
	case severalMaterials:
		base := strings.TrimSuffix(dxfPath, filepath.Ext(dxfPath))
		for _, mf := range dxf.MaterialFiles(res) {
			var b bytes.Buffer
			if err := dxf.WriteFile(&b, res, mf, dopt); err != nil {
				return nil, err
			}
			outs = append(outs, outputOf("dxf", dxfPath, base+"-"+mf.Slug+".dxf", b.Bytes()))
		}
	case dxfPath != "" && !dxfPerSheet:
		var b bytes.Buffer
		if err := dxf.Write(&b, res, dopt); err != nil {
			return nil, err
		}
		outs = append(outs, outputOf("dxf", dxfPath, dxfPath, b.Bytes()))
	}
	if dxfPath != "" && dxfPerSheet {
		if len(res.Pages) == 0 {
			return nil, export.ErrEmpty
		}
		for i := range res.Pages {
			var b bytes.Buffer
			if err := dxf.WriteSheet(&b, res, i, dopt); err != nil {
				return nil, err
			}
			outs = append(outs, outputOf("dxf", dxfPath, sheetDXF(dxfPath, i+1), b.Bytes()))
		}
	}
	papers, err := paperOutputs(req, res, f)
	if err != nil {
		return nil, err
	}
	return append(outs, papers...), nil
}

// sheetDXF is the name of --dxf FILE's n-th sheet with --dxf-per-sheet:
// FILE-n.dxf, a DXF whatever FILE ends in (y.zip gives y-1.dxf).
func sheetDXF(dxfPath string, n int) string {
	ext := filepath.Ext(dxfPath)
	base := strings.TrimSuffix(dxfPath, ext)
	if !strings.EqualFold(ext, ".dxf") {
		ext = ".dxf"
	}
	return fmt.Sprintf("%s-%d%s", base, n, ext)
}

// cutListOptions are the cut list's options for req: the sheets'
// leftovers are the offcuts of its kerf and trim (nest.Leftovers, as the
// rack gets them), at least --leftover-min cm a side (the rack's default
// rule without it).
func (f *nestFlags) cutListOptions(req nest.Request) (cutlist.Options, error) {
	opt := cutlist.ForRequest(req)
	if f.leftoverMin != "" {
		v, ok := parseCM(f.leftoverMin)
		if !ok || v <= 0 || v > nest.MaxSheetCM {
			return opt, fmt.Errorf("--leftover-min %q: artık kenarı 0'dan büyük ve en çok %s cm olmalı", f.leftoverMin, export.Num(nest.MaxSheetCM))
		}
		opt.MinLeftover = v
	}
	return opt, nil
}

// sheetsCSV is the name of --csv FILE's list of sheets: FILE-levhalar.csv.
func sheetsCSV(csvPath string) string {
	return strings.TrimSuffix(csvPath, filepath.Ext(csvPath)) + "-levhalar.csv"
}

// paperOutputs makes the shop floor's papers asked for: the labels, the
// cut list for Excel and as CSV (pieces, and sheets in FILE-levhalar.csv)
// and the price quote (a PDF, or a CSV for a .csv name).
func paperOutputs(req nest.Request, res nest.Result, f *nestFlags) ([]output, error) {
	var outs []output
	if f.labelsOut != "" {
		var b bytes.Buffer
		if err := labels.Write(&b, &req, res, labels.Options{Preset: f.labelPreset, Job: f.job, SheetURL: f.sheetURL}); err != nil {
			return nil, err
		}
		outs = append(outs, outputOf("labels", f.labelsOut, f.labelsOut, b.Bytes()))
	}
	copt, err := f.cutListOptions(req)
	if err != nil {
		return nil, err
	}
	if f.xlsxOut != "" {
		var b bytes.Buffer
		if err := cutlist.WriteXLSX(&b, res, copt); err != nil {
			return nil, err
		}
		outs = append(outs, outputOf("xlsx", f.xlsxOut, f.xlsxOut, b.Bytes()))
	}
	if f.csvOut != "" {
		var pieces, sheets bytes.Buffer
		if err := cutlist.WriteCSV(&pieces, res, copt); err != nil {
			return nil, err
		}
		if err := cutlist.WriteSheetsCSV(&sheets, res, copt); err != nil {
			return nil, err
		}
		outs = append(outs, outputOf("csv", f.csvOut, f.csvOut, pieces.Bytes()))
		if f.csvOut != "-" {
			// On standard output the pieces alone (msgSheetsCSVNotWritten).
			outs = append(outs, outputOf("csv", f.csvOut, sheetsCSV(f.csvOut), sheets.Bytes()))
		}
	}
	if f.quoteOut != "" {
		opt, err := f.quoteOptions()
		if err != nil {
			return nil, err
		}
		q, err := quote.Compute(&req, res, opt)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if strings.EqualFold(filepath.Ext(f.quoteOut), ".csv") {
			err = quote.WriteCSV(&b, q)
		} else {
			err = quote.WritePDF(&b, q, opt, time.Now())
		}
		if err != nil {
			return nil, err
		}
		outs = append(outs, outputOf("quote", f.quoteOut, f.quoteOut, b.Bytes()))
	}
	return outs, nil
}

// maxInput bounds what kesim nest reads. The engine's largest job, 100,000
// part lines with 200-letter Turkish names, is about 50 MB of JSON; a CSV
// part list has its own, smaller limit (partcsv, 16 MiB).
const maxInput = 64 << 20

// msgInputTooLarge names the limit: input beyond it is refused, never cut.
const msgInputTooLarge = "Dosya çok büyük: en fazla 64 MB okunabilir."

// readInput reads the whole input from a file or "-" (standard input). An
// input over maxInput is an error: reading to the limit and laying out what
// came would drop the rest of a part list without a word.
func readInput(path string, stdin io.Reader) ([]byte, error) {
	r := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("girdi okunamadı: %s %s", path, readProblem(err))
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		name := path
		if path == "-" {
			name = displayName(path)
		}
		return nil, fmt.Errorf("girdi okunamadı: %s %s", name, readProblem(err))
	}
	if len(data) > maxInput {
		return nil, fmt.Errorf("%s: %s", displayName(path), msgInputTooLarge)
	}
	return data, nil
}

// readRequest reads a JSON request or a CSV part list from a file or "-",
// and reports whether it was JSON; what reading a CSV tells besides its
// parts (its columns not read, the rows its etkin column left out, the
// columns converted from another unit: partcsv.Info) is told on info.
func readRequest(path string, stdin io.Reader, info io.Writer) (nest.Request, bool, error) {
	data, err := readInput(path, stdin)
	if err != nil {
		return nest.Request{}, false, err
	}
	trimmed := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	// An RTF document starts with a brace too: the CSV reader names it.
	if len(trimmed) > 0 && trimmed[0] == '{' && !bytes.HasPrefix(trimmed, []byte(`{\rtf`)) {
		var req nest.Request
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			return nest.Request{}, true, fmt.Errorf("JSON istek okunamadı: %s", jsonProblem(err, trimmed))
		}
		// Anything after the request would be dropped without a word.
		// Token, not More: More reports false before a stray '}' or ']'.
		if _, err := dec.Token(); err != io.EOF {
			return nest.Request{}, true, errors.New("JSON istek okunamadı: istekten sonra fazladan veri var")
		}
		return req, true, nil
	}
	// The engine's limits, as for a JSON request: the CLI saves nothing,
	// so the store's narrower ones (1000 cm, 10.000 lines) do not apply.
	parts, read, err := partcsv.ReadInfo(bytes.NewReader(data), partcsv.EngineLimits)
	if err != nil {
		return nest.Request{}, false, fmt.Errorf("%s:\n%v", displayName(path), err)
	}
	tellRead(info, "", read)
	return nest.Request{Parts: parts}, false, nil
}

// jsonProblem says in Turkish what is wrong with the JSON request data,
// whose decoding failed with err: a value of the wrong type by its field
// as the engine names it (parts[1].width), a syntax error by its byte, an
// unknown field by its name.
func jsonProblem(err error, data []byte) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		field := te.Field
		// The engine's reader names the list item: parts[1].width.
		if _, err := nest.ReadRequest(bytes.NewReader(data), 0); errors.As(err, &te) && te.Field != "" {
			field = te.Field
		}
		return field + ": " + nest.TypeMessage(field)
	case errors.As(err, &se):
		return fmt.Sprintf("%d. baytta JSON yazım hatası", se.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "JSON yarıda bitiyor"
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return "bilinmeyen alan " + strings.TrimPrefix(err.Error(), "json: unknown field ")
	}
	return err.Error()
}

func displayName(path string) string {
	if path == "-" {
		return "standart girdi"
	}
	return filepath.Base(path)
}

// parseSize parses "100x148" (also "100X148", "100×148", "100,5x148"): ok
// when it has that form, sizes of 0 included (the caller refuses them with
// a message of their own).
func parseSize(s string) (float64, float64, bool) {
	s = strings.NewReplacer("X", "x", "×", "x", "*", "x").Replace(strings.TrimSpace(s))
	a, b, ok := strings.Cut(s, "x")
	if !ok {
		return 0, 0, false
	}
	w, okW := parseCM(a)
	h, okH := parseCM(b)
	return w, h, okW && okH
}

// parseCM parses a length in cm with a decimal point or comma.
func parseCM(s string) (float64, bool) {
	s = strings.Replace(strings.TrimSpace(s), ",", ".", 1)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || v != v || v > 1e6 {
		return 0, false
	}
	return v, true
}

// printSummary writes the Turkish summary: pages, efficiency, lower bound.
// A layout that placed nothing proves nothing: it says so, and why of each
// part.
func printSummary(w io.Writer, req nest.Request, res nest.Result) {
	st := res.Stats
	if st.Placed == 0 {
		fmt.Fprintf(w, "Hiçbir parça yerleştirilmedi, %s ms\n", count(int(st.ElapsedMs)))
		printSkipped(w, res)
		return
	}
	proof := fmt.Sprintf("alt sınır %s sayfa", count(st.LowerBound))
	switch short := export.StockOut(res); {
	case short > 0:
		// The bound speaks of the parts placed: the plan is not the job's.
		proof = fmt.Sprintf("stok yetmedi, %s parça yerleştirilemedi (plan eksik)", count(short))
	case st.Optimal:
		proof = fmt.Sprintf("alt sınır %s sayfa: en az sayfa sayısı (kanıtlandı)", count(st.LowerBound))
	}
	fmt.Fprintf(w, "%s sayfa, %s parça, ortalama verim %%%s, %s, %s ms\n",
		count(st.Pages), count(st.Placed), strings.Replace(strconv.FormatFloat(st.Efficiency, 'f', 1, 64), ".", ",", 1), proof, count(int(st.ElapsedMs)))
	for i, p := range res.Pages {
		fmt.Fprintf(w, "  Sayfa %d / %d: %s parça, verim %%%d", i+1, len(res.Pages), count(len(p.Parts)), p.Efficiency)
		if p.StockID != "" {
			fmt.Fprintf(w, ", levha %s (%s, %sx%s cm)", p.StockID, materialName(p.Material, p.Thickness), cm(p.Width), cm(p.Height))
		}
		fmt.Fprintln(w)
	}
	printSkipped(w, res)
	printMaterials(w, req, res)
}

// printSkipped names each part line the layout left out, and why.
func printSkipped(w io.Writer, res nest.Result) {
	for _, s := range res.Skipped {
		fmt.Fprintf(w, "  UYARI: %q (%sx%s cm, %s adet) yerleştirilmedi: %s\n", s.Name, cm(s.Width), cm(s.Height), count(s.Quantity), s.Reason)
	}
}

// printMaterials writes, for a layout with materials or stock rows, each
// material's pages, cost and bounds, the sheets taken from stock and to
// buy per row, and the band per code.
func printMaterials(w io.Writer, req nest.Request, res nest.Result) {
	if len(res.Materials) == 0 && len(res.BandTotals) == 0 {
		return
	}
	for _, m := range res.Materials {
		// Short of stock, the bounds speak of the parts placed: the plan is
		// not the job's, and no bound is claimed for it.
		short := m.StockOut > 0
		fmt.Fprintf(w, "%s: %s sayfa", materialName(m.Material, m.Thickness), count(m.Pages))
		if !short {
			fmt.Fprintf(w, " (alt sınır %s)", count(m.LowerBound))
		}
		fmt.Fprintf(w, ", verim %%%s", decimal(m.Efficiency, 1))
		if m.Cost > 0 || m.CostLowerBound > 0 {
			fmt.Fprintf(w, ", maliyet %s", export.Money(m.Cost))
			switch {
			case export.CostBounded(m):
				fmt.Fprintf(w, ", alt sınır %s", export.Money(m.CostLowerBound))
			case !short && m.Objective == nest.ObjectiveArea && req.Options.Objective != nest.ObjectiveArea:
				// Asked for the cheapest plan, but a row has no price.
				fmt.Fprint(w, " (fiyatı olmayan levha satırı var: en az levha alanı arandı)")
			}
		}
		switch {
		case short:
			fmt.Fprintf(w, ", stok yetmedi: %s parça yerleştirilemedi (plan eksik)", count(m.StockOut))
		case m.Optimal:
			// What the plan is proven best at, by the objective: the
			// cheapest only under the cost objective (a material with a
			// row without a price is laid out for the least sheet area,
			// which on several sizes may take more sheets than the bound).
			best := "en az levha alanı"
			switch {
			case m.Objective == nest.ObjectiveCost:
				best = "en ucuzu"
			case m.Pages <= m.LowerBound:
				best = "en az levha"
			}
			fmt.Fprintf(w, ", %s (kanıtlandı)", best)
		}
		fmt.Fprintln(w)
	}
	switch st, short := res.Stats, export.StockOut(res); {
	case short > 0:
		fmt.Fprintf(w, "Stok yetmedi: %s parça stok yetmediği için yerleştirilemedi; tutarlar yalnız yerleştirilen parçaların.\n", count(short))
	case export.TotalCostBounded(res):
		fmt.Fprintf(w, "Bu planın maliyeti %s; hiçbir plan %s'den ucuz olamaz.\n", export.Money(st.Cost), export.Money(st.CostLowerBound))
	case st.Cost > 0:
		fmt.Fprintf(w, "Bu planın maliyeti %s.\n", export.Money(st.Cost))
	}
	// Per stock row and, for a row of no material (the default canvas),
	// per material it was cut for, as the PDF's order summary lists them.
	uses := export.StockUses(res)
	for _, l := range []struct {
		title string
		count func(export.StockUse) int
	}{{"Kullanılan levhalar", func(u export.StockUse) int { return u.Used }}, {"Satın alınacaklar", func(u export.StockUse) int { return u.Buy }}} {
		title := false
		for _, u := range uses {
			if l.count(u) == 0 {
				continue
			}
			if !title {
				fmt.Fprintf(w, "%s:\n", l.title)
				title = true
			}
			name := stockName(req, u.StockID)
			if s, ok := export.StockRow(req.Stock, u.StockID); (!ok || s.Material == "" && s.Thickness == 0) && (u.Material != "" || u.Thickness > 0) {
				name += " · " + materialName(u.Material, u.Thickness)
			}
			fmt.Fprintf(w, "  %s: %s levha\n", name, count(l.count(u)))
		}
	}
	if len(res.BandTotals) > 0 {
		fmt.Fprintln(w, "Kenar bandı:")
		for _, b := range res.BandTotals {
			fmt.Fprintf(w, "  %s: %s m", b.Code, decimal(b.Meters, 2))
			if b.Cost > 0 {
				fmt.Fprintf(w, ", %s", export.Money(b.Cost))
			}
			fmt.Fprintln(w)
		}
	}
}

// stockName names a stock row by its id and, when it has them, its name,
// material and size: "s2 (Beyaz küçük, Beyaz Sunta 18 mm, 210x280 cm)".
func stockName(req nest.Request, id string) string {
	for _, s := range req.Stock {
		if s.ID == id {
			what := materialName(s.Material, s.Thickness) + ", " + cm(s.Width) + "x" + cm(s.Height) + " cm"
			if s.Name != "" {
				what = s.Name + ", " + what
			}
			return id + " (" + what + ")"
		}
	}
	if id == nest.StockDefault {
		return id + " (tuval, " + cm(req.Sheet.Width) + "x" + cm(req.Sheet.Height) + " cm)"
	}
	return id
}

// materialName names a material and thickness: "Beyaz Sunta 18 mm", or
// "malzemesiz" for parts without one.
func materialName(material string, thickness float64) string {
	if material == "" {
		material = "malzemesiz"
	}
	if thickness > 0 {
		material += " " + decimal(thickness, 2) + " mm"
	}
	return material
}

// decimal writes v the Turkish way with at most digits decimals, trailing
// zeros dropped: 1.450, 16,9, 1.234.567,25.
func decimal(v float64, digits int) string {
	s := strconv.FormatFloat(v, 'f', digits, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	whole, frac, _ := strings.Cut(s, ".")
	neg := strings.HasPrefix(whole, "-")
	whole = strings.TrimPrefix(whole, "-")
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + "." + whole[i:]
	}
	if neg {
		whole = "-" + whole
	}
	if frac != "" {
		return whole + "," + frac
	}
	return whole
}

// count writes a count the Turkish way, with thousands dots: 1.240.
func count(n int) string {
	return decimal(float64(n), 0)
}

// cm writes a length with a decimal comma, as Turkish does: 100,01.
func cm(v float64) string {
	return strings.Replace(strconv.FormatFloat(v, 'f', -1, 64), ".", ",", 1)
}

// msgLooksLikeMm says that a part list's sizes look like mm (looksLikeMm).
const msgLooksLikeMm = "Not: bu ölçüler santimetre olarak hiçbir levhaya sığmıyor; milimetre olarak hepsi sığıyor. " +
	"Ölçüler mm ise başlıkta birimi yazın: Genişlik (mm);Yükseklik (mm)."

// looksLikeMm reports whether req's parts, read as cm, look like sizes
// written in mm, as the web app's part form judges them: none fits the
// sheet or any stock row (turned, when it may turn), and every one fits
// one at a tenth of its size.
func looksLikeMm(req nest.Request) bool {
	var sheets []nest.Sheet
	if req.Sheet.Width > 0 && req.Sheet.Height > 0 {
		sheets = append(sheets, req.Sheet)
	}
	for _, s := range req.Stock {
		sheets = append(sheets, nest.Sheet{Width: s.Width, Height: s.Height})
	}
	fits := func(w, h float64, turn bool) bool {
		for _, s := range sheets {
			if w <= s.Width && h <= s.Height || turn && h <= s.Width && w <= s.Height {
				return true
			}
		}
		return false
	}
	if len(req.Parts) == 0 || len(sheets) == 0 {
		return false
	}
	for _, p := range req.Parts {
		turn := p.Rotate == nil || *p.Rotate
		if fits(p.Width, p.Height, turn) || !fits(p.Width/10, p.Height/10, turn) {
			return false
		}
	}
	return true
}

// profile reads the saw profile's flags into o: --first-cut long or short
// (or boyuna, enine), --stages 0 or 2 to 9. Without --guillotine (or the
// request's own) the engine refuses them with its message.
func (f *nestFlags) profile(o *nest.Options) error {
	if f.set["first-cut"] {
		switch strings.ToLowerSpecial(unicode.TurkishCase, strings.TrimSpace(f.firstCut)) {
		case nest.FirstCutLong, "boyuna":
			o.FirstCut = nest.FirstCutLong
		case nest.FirstCutShort, "enine":
			o.FirstCut = nest.FirstCutShort
		case "", "any", "serbest":
			o.FirstCut = ""
		default:
			return fmt.Errorf("--first-cut %q: long (boyuna) ya da short (enine) olmalı", f.firstCut)
		}
	}
	if f.set["stages"] {
		n, err := strconv.Atoi(strings.TrimSpace(f.stages))
		if err != nil || n < 0 || n == 1 || n > nest.MaxStages {
			return fmt.Errorf("--stages %q: 0 (sınırsız) ya da 2 ile %d arasında bir tam sayı olmalı", f.stages, nest.MaxStages)
		}
		o.Stages = n
	}
	return nil
}
