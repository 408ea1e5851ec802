package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"kesim/export"
	"kesim/export/cutlist"
	"kesim/export/dxf"
	"kesim/export/labels"
	"kesim/export/pdf"
	"kesim/export/quote"
	"kesim/internal/apperr"
	"kesim/nest"
)

// maxExportBody bounds POST /api/export/{kind}: a result of the server's
// largest layout (20,000 placed parts, about 4 MB of JSON) with its request.
const maxExportBody = 16 << 20

// exportBody is what POST /api/export/{kind} takes: the result to write,
// the request it was laid out from (optional: it names stock rows and
// bands, and gives the labels the finished sizes and the quote its
// prices), and the kind's options.
type exportBody struct {
	Result  *nest.Result    `json:"result"`
	Request *nest.Request   `json:"request"`
	Options json.RawMessage `json:"options"`
}

// exportKind writes one kind of file: its content type, file ending, and
// the writer.
type exportKind struct {
	contentType, ext string
	write            func(b *bytes.Buffer, body exportBody, req nest.Request) error
}

// exportKinds are the files the server writes from a layout, as the web
// app's buttons and kesim nest's flags do (docs/http-api.md).
var exportKinds = map[string]exportKind{
	"pdf": {"application/pdf", ".pdf", func(b *bytes.Buffer, body exportBody, req nest.Request) error {
		var o struct {
			Title    string
			SheetURL string `json:"sheetUrl"`
		}
		if err := options(body, &o); err != nil {
			return err
		}
		po := pdf.Options{Title: o.Title, Stock: req.Stock, Bands: req.Bands, SheetURL: o.SheetURL}
		if body.Request != nil {
			// The pieces are numbered in cutting order, which the kerf decides.
			po.Kerf, po.DeductBands = &req.Options.Kerf, req.Options.DeductBands
			po.FirstCut, po.Stages = req.Options.FirstCut, req.Options.Stages
		}
		return pdf.Write(b, *body.Result, po)
	}},
	"dxf": {"application/dxf", ".dxf", func(b *bytes.Buffer, body exportBody, req nest.Request) error {
		opt := dxf.Options{Stock: req.Stock, Bands: req.Bands}
		if body.Request != nil {
			// The pieces are numbered as in the PDF, which the kerf decides.
			opt.Kerf = &req.Options.Kerf
		}
		if dxf.SeveralMaterials(*body.Result) {
			return dxf.WriteZip(b, *body.Result, opt)
		}
		return dxf.Write(b, *body.Result, opt)
	}},
	"labels": {"application/pdf", ".pdf", func(b *bytes.Buffer, body exportBody, req nest.Request) error {
		var o labels.Options
		if err := options(body, &o); err != nil {
			return err
		}
		// Without the request, the pieces are numbered as the PDF numbers
		// them without its kerf (labels.Order of nil).
		var lreq *nest.Request
		if body.Request != nil {
			lreq = &req
		}
		return labels.Write(b, lreq, *body.Result, labels.Options{Preset: o.Preset, Job: o.Job, SheetURL: o.SheetURL})
	}},
	"xlsx": {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ".xlsx", func(b *bytes.Buffer, body exportBody, req nest.Request) error {
		opt, err := cutListOptions(body, req)
		if err != nil {
			return err
		}
		return cutlist.WriteXLSX(b, *body.Result, opt)
	}},
	"csv": {"text/csv; charset=utf-8", ".csv", func(b *bytes.Buffer, body exportBody, req nest.Request) error {
		opt, err := cutListOptions(body, req)
		if err != nil {
			return err
		}
		return cutlist.WriteCSV(b, *body.Result, opt)
	}},
	"sheets-csv": {"text/csv; charset=utf-8", ".csv", func(b *bytes.Buffer, body exportBody, req nest.Request) error {
		opt, err := cutListOptions(body, req)
		if err != nil {
			return err
		}
		return cutlist.WriteSheetsCSV(b, *body.Result, opt)
	}},
	"quote": {"application/pdf", ".pdf", func(b *bytes.Buffer, body exportBody, req nest.Request) error {
		q, opt, err := computeQuote(body, req)
		if err != nil {
			return err
		}
		return quote.WritePDF(b, q, opt, time.Now())
	}},
	"quote-csv": {"text/csv; charset=utf-8", ".csv", func(b *bytes.Buffer, body exportBody, req nest.Request) error {
		q, _, err := computeQuote(body, req)
		if err != nil {
			return err
		}
		return quote.WriteCSV(b, q)
	}},
}

// cutListOptions are the cut list's options: the request's stock rows,
// bands, kerf and trim, and the body's {rules, minLeftover, maxLeftovers},
// which choose the sheets' leftovers (the offcuts nest.Leftovers gives the
// rack under the same rules), or {offcuts}, a cut job's leftovers that
// its cut put on the rack (cutOffcuts), listed as they are.
func cutListOptions(body exportBody, req nest.Request) (cutlist.Options, error) {
	var o struct {
		// A rule's least sizes are required, as PUT /api/stock's.
		Rules        []offcutRuleBody  `json:"rules"`
		MinLeftover  float64           `json:"minLeftover"`
		MaxLeftovers int               `json:"maxLeftovers"`
		Offcuts      []*cutlist.Offcut `json:"offcuts"`
	}
	if err := options(body, &o); err != nil {
		return cutlist.Options{}, err
	}
	rules, err := offcutRules("options.rules", o.Rules)
	if err != nil {
		return cutlist.Options{}, err
	}
	opt := cutlist.ForRequest(req)
	opt.Rules, opt.MinLeftover, opt.MaxLeftovers = rules, o.MinLeftover, o.MaxLeftovers
	if o.Offcuts != nil {
		opt.Offcuts = make([]cutlist.Offcut, len(o.Offcuts))
		for i, c := range o.Offcuts {
			if c == nil {
				return cutlist.Options{}, apperr.NewField(apperr.Invalid, fmt.Sprintf("options.offcuts[%d]", i), cutlist.MsgOffcut)
			}
			opt.Offcuts[i] = *c
		}
	}
	// Without the request, the pieces are numbered as the PDF numbers them
	// without its kerf.
	opt.KerfUnknown = body.Request == nil
	return opt, nil
}

func computeQuote(body exportBody, req nest.Request) (quote.Quote, quote.Options, error) {
	opt := quote.DefaultOptions()
	if err := options(body, &opt); err != nil {
		return quote.Quote{}, opt, err
	}
	q, err := quote.Compute(&req, *body.Result, opt)
	return q, opt, err
}

// options reads the body's options, when there are any, into v.
func options(body exportBody, v any) error {
	if len(body.Options) == 0 || string(body.Options) == "null" {
		return nil
	}
	if err := json.Unmarshal(body.Options, v); err != nil {
		// A value of the wrong type is named under options, as the
		// options' range errors are ("options.rules.minWidth").
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			field := "options"
			if typeErr.Field != "" {
				field += "." + typeErr.Field
			}
			return apperr.NewField(apperr.Invalid, field, typeMessage(field))
		}
		return decodeError(err)
	}
	return nil
}

// msgNoExportKind and msgNoResult answer a body the route cannot use.
const (
	msgNoExportKind = "Bilinmeyen dosya türü: pdf, dxf, labels, xlsx, csv, sheets-csv, quote ya da quote-csv olmalı."
	msgNoResult     = "Dosyası yazılacak bir yerleşim (result) gönderin."
)

// exportHandler answers POST /api/export/{kind}: the file of the kind for
// the body's layout. The writers' own refusals (a result no file can show,
// an empty one (export.ErrEmpty), a bad option) are the user's: 400 with
// their Turkish message. A result of more pieces than the server lays out
// in one request (maxPieces, 0: the default; a page without pieces counts
// as one) is refused: the file is built in memory, and 150,000 pieces (a
// 12 MB body) made a 306 MB DXF and took 1.3 GB.
type exportHandler struct{ maxPieces int }

// msgExportTooLarge refuses a result of more pieces than maxPieces.
const msgExportTooLarge = "Bu sunucuda bir dosyaya en fazla %s parça yazılabilir."

func (h exportHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	kind, ok := exportKinds[r.PathValue("kind")]
	if !ok {
		Error(w, r, apperr.NewField(apperr.NotFound, "kind", msgNoExportKind))
		return
	}
	done, ok := admit(w, r)
	if !ok {
		Error(w, r, apperr.New(apperr.Busy, msgBusy))
		return
	}
	defer done()
	var body exportBody
	if err := decodeJSON(w, r, &body, maxExportBody); err != nil {
		Error(w, r, err)
		return
	}
	if body.Result == nil {
		Error(w, r, apperr.NewField(apperr.Invalid, "result", msgNoResult))
		return
	}
	maxPieces := h.maxPieces
	if maxPieces <= 0 {
		maxPieces = DefaultNestMaxPieces
	}
	// A page counts at least one: the writers draw every page, empty or
	// not (a page a DXF of 7 KB, a PDF of 1 KB), and no layout holds an
	// empty page (nest.Verify refuses one). Counted by their pieces alone,
	// 40,000 empty pages (a body of 600 KB) made a 287 MB DXF and took the
	// server 1.4 GB; a 16 MB body of them would take tens of GB.
	pieces := 0
	for _, p := range body.Result.Pages {
		pieces += max(1, len(p.Parts))
	}
	if pieces > maxPieces {
		Error(w, r, apperr.NewField(apperr.TooLarge, "result", fmt.Sprintf(msgExportTooLarge, export.Count(float64(maxPieces)))))
		return
	}
	var req nest.Request
	if body.Request != nil {
		req = *body.Request
	}
	release, ok := takeSlot(w, r)
	if !ok {
		return
	}
	defer release()
	var b bytes.Buffer
	if err := kind.write(&b, body, req); err != nil {
		var ae *apperr.Error
		var ie *nest.InputError
		var oe *cutlist.OptionError
		switch {
		case errors.As(err, &ae):
		case errors.As(err, &oe):
			// A cut list option, named: the kerf and the trim are the
			// request's, the others the body's options.
			field := "options." + oe.Field
			if oe.Field == "kerf" || oe.Field == "trim" {
				field = "request.options." + oe.Field
			}
			err = apperr.NewField(apperr.Invalid, field, oe.Message)
		case errors.As(err, &ie):
			// An option the engine checks (an offcut rule): named, as
			// /api/nest names it.
			err = apperr.NewField(apperr.Invalid, "options."+ie.Field, ie.Message)
		default:
			err = apperr.New(apperr.Invalid, err.Error())
		}
		Error(w, r, err)
		return
	}
	w.Header().Set("Content-Type", kind.contentType)
	ext := kind.ext
	if ext == ".dxf" && bytes.HasPrefix(b.Bytes(), []byte("PK")) {
		w.Header().Set("Content-Type", "application/zip")
		ext = ".zip"
	}
	w.Header().Set("Content-Disposition", `attachment; filename="kesim-`+r.PathValue("kind")+ext+`"`)
	_, _ = w.Write(b.Bytes())
}
