package nest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The engine's JSON without reflection, for the browser engine: there
// encoding/json runs in V8's baseline tier on a fresh page, and its large
// reflective functions are what V8's optimising compiler works on first,
// on the cores the layout needs. The output and the decoded request are
// exactly what encoding/json gives; the tests compare both.

// AppendJSON appends the JSON encoding of r to b, byte for byte what
// json.Marshal(r) returns.
func (r *Result) AppendJSON(b []byte) ([]byte, error) {
	e := jsonEncoder{b: b}
	e.result(r)
	return e.b, e.err
}

// AppendJSON appends the JSON encoding of p to b, byte for byte what
// json.Marshal(p) returns.
func (p *Progress) AppendJSON(b []byte) ([]byte, error) {
	e := jsonEncoder{b: b}
	e.b = append(e.b, `{"done":`...)
	e.float(p.Done)
	e.b = append(e.b, `,"pages":`...)
	e.int(p.Pages)
	e.b = append(e.b, `,"lowerBound":`...)
	e.int(p.LowerBound)
	if p.Best != nil {
		e.b = append(e.b, `,"best":`...)
		e.result(p.Best)
	}
	e.b = append(e.b, '}')
	return e.b, e.err
}

type jsonEncoder struct {
	b   []byte
	err error
}

func (e *jsonEncoder) result(r *Result) {
	e.b = append(e.b, `{"sheet":{"width":`...)
	e.float(r.Sheet.Width)
	e.b = append(e.b, `,"height":`...)
	e.float(r.Sheet.Height)
	e.b = append(e.b, `},"pages":`...)
	e.list(r.Pages == nil, len(r.Pages), func(i int) { e.page(&r.Pages[i]) })
	e.b = append(e.b, `,"skipped":`...)
	e.list(r.Skipped == nil, len(r.Skipped), func(i int) { e.skipped(&r.Skipped[i]) })
	st := &r.Stats
	e.b = append(e.b, `,"stats":{"pages":`...)
	e.int(st.Pages)
	e.b = append(e.b, `,"lowerBound":`...)
	e.int(st.LowerBound)
	e.b = append(e.b, `,"optimal":`...)
	e.bool(st.Optimal)
	e.b = append(e.b, `,"efficiency":`...)
	e.float(st.Efficiency)
	e.b = append(e.b, `,"placed":`...)
	e.int(st.Placed)
	e.b = append(e.b, `,"elapsedMs":`...)
	e.b = strconv.AppendInt(e.b, st.ElapsedMs, 10)
	if st.Cuts != 0 {
		e.b = append(e.b, `,"cuts":`...)
		e.int(st.Cuts)
	}
	if st.CutLength != 0 {
		e.b = append(e.b, `,"cutLength":`...)
		e.float(st.CutLength)
	}
	if st.Cost != 0 {
		e.b = append(e.b, `,"cost":`...)
		e.float(st.Cost)
	}
	if st.CostLowerBound != 0 {
		e.b = append(e.b, `,"costLowerBound":`...)
		e.float(st.CostLowerBound)
	}
	if st.Patterns != 0 {
		e.b = append(e.b, `,"patterns":`...)
		e.int(st.Patterns)
	}
	e.b = append(e.b, '}')
	if len(r.Materials) > 0 {
		e.b = append(e.b, `,"materials":`...)
		e.list(false, len(r.Materials), func(i int) { e.material(&r.Materials[i]) })
	}
	if len(r.Used) > 0 {
		e.b = append(e.b, `,"used":`...)
		e.list(false, len(r.Used), func(i int) { e.stockCount(&r.Used[i]) })
	}
	if len(r.Buy) > 0 {
		e.b = append(e.b, `,"buy":`...)
		e.list(false, len(r.Buy), func(i int) { e.stockCount(&r.Buy[i]) })
	}
	if len(r.BandTotals) > 0 {
		e.b = append(e.b, `,"bandTotals":`...)
		e.list(false, len(r.BandTotals), func(i int) { e.bandTotal(&r.BandTotals[i]) })
	}
	e.b = append(e.b, '}')
}

func (e *jsonEncoder) material(m *MaterialResult) {
	e.b = append(e.b, `{"material":`...)
	e.string(m.Material)
	if m.Thickness != 0 {
		e.b = append(e.b, `,"thickness":`...)
		e.float(m.Thickness)
	}
	e.b = append(e.b, `,"pages":`...)
	e.int(m.Pages)
	e.b = append(e.b, `,"lowerBound":`...)
	e.int(m.LowerBound)
	e.b = append(e.b, `,"efficiency":`...)
	e.float(m.Efficiency)
	e.b = append(e.b, `,"objective":`...)
	e.string(m.Objective)
	e.b = append(e.b, `,"cost":`...)
	e.float(m.Cost)
	e.b = append(e.b, `,"costLowerBound":`...)
	e.float(m.CostLowerBound)
	e.b = append(e.b, `,"optimal":`...)
	e.bool(m.Optimal)
	if m.StockOut != 0 {
		e.b = append(e.b, `,"stockOut":`...)
		e.int(m.StockOut)
	}
	e.b = append(e.b, '}')
}

func (e *jsonEncoder) stockCount(c *StockCount) {
	e.b = append(e.b, `{"stockId":`...)
	e.string(c.StockID)
	e.b = append(e.b, `,"quantity":`...)
	e.int(c.Quantity)
	e.b = append(e.b, '}')
}

func (e *jsonEncoder) bandTotal(t *BandTotal) {
	e.b = append(e.b, `{"code":`...)
	e.string(t.Code)
	e.b = append(e.b, `,"meters":`...)
	e.float(t.Meters)
	e.b = append(e.b, `,"cost":`...)
	e.float(t.Cost)
	e.b = append(e.b, '}')
}

// edges writes a part's band codes, each omitted when empty.
func (e *jsonEncoder) edges(g *Edges) {
	e.b = append(e.b, '{')
	n := len(e.b)
	for _, f := range [4]struct {
		key, code string
	}{{`"top":`, g.Top}, {`"bottom":`, g.Bottom}, {`"left":`, g.Left}, {`"right":`, g.Right}} {
		if f.code == "" {
			continue
		}
		if len(e.b) > n {
			e.b = append(e.b, ',')
		}
		e.b = append(e.b, f.key...)
		e.string(f.code)
	}
	e.b = append(e.b, '}')
}

// list writes n items as a JSON array, or null for a nil slice, as
// encoding/json does.
func (e *jsonEncoder) list(isNil bool, n int, item func(i int)) {
	if isNil {
		e.b = append(e.b, "null"...)
		return
	}
	e.b = append(e.b, '[')
	for i := 0; i < n; i++ {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		item(i)
	}
	e.b = append(e.b, ']')
}

func (e *jsonEncoder) page(p *Page) {
	e.b = append(e.b, `{"id":`...)
	e.string(p.ID)
	e.b = append(e.b, `,"efficiency":`...)
	e.int(p.Efficiency)
	e.b = append(e.b, `,"parts":`...)
	e.list(p.Parts == nil, len(p.Parts), func(i int) { e.placed(&p.Parts[i]) })
	if len(p.Cuts) > 0 { // omitempty
		e.b = append(e.b, `,"cuts":`...)
		e.list(false, len(p.Cuts), func(i int) { e.cut(&p.Cuts[i]) })
	}
	if p.StockID != "" {
		e.b = append(e.b, `,"stockId":`...)
		e.string(p.StockID)
	}
	if p.Material != "" {
		e.b = append(e.b, `,"material":`...)
		e.string(p.Material)
	}
	if p.Thickness != 0 {
		e.b = append(e.b, `,"thickness":`...)
		e.float(p.Thickness)
	}
	if p.Width != 0 {
		e.b = append(e.b, `,"width":`...)
		e.float(p.Width)
	}
	if p.Height != 0 {
		e.b = append(e.b, `,"height":`...)
		e.float(p.Height)
	}
	if p.Pattern != 0 {
		e.b = append(e.b, `,"pattern":`...)
		e.int(p.Pattern)
	}
	if p.BelowMinUse {
		e.b = append(e.b, `,"belowMinUse":true`...)
	}
	e.b = append(e.b, '}')
}

func (e *jsonEncoder) placed(pl *Placed) {
	e.b = append(e.b, `{"id":`...)
	e.string(pl.ID)
	e.b = append(e.b, `,"name":`...)
	e.string(pl.Name)
	e.b = append(e.b, `,"x":`...)
	e.float(pl.X)
	e.b = append(e.b, `,"y":`...)
	e.float(pl.Y)
	e.b = append(e.b, `,"width":`...)
	e.float(pl.Width)
	e.b = append(e.b, `,"height":`...)
	e.float(pl.Height)
	e.b = append(e.b, `,"rotated":`...)
	e.bool(pl.Rotated)
	e.b = append(e.b, `,"originalIndex":`...)
	e.int(pl.OriginalIndex)
	if pl.Edges != nil {
		e.b = append(e.b, `,"edges":`...)
		e.edges(pl.Edges)
	}
	e.b = append(e.b, '}')
}

func (e *jsonEncoder) cut(c *Cut) {
	e.b = append(e.b, `{"order":`...)
	e.int(c.Order)
	e.b = append(e.b, `,"x":`...)
	e.float(c.X)
	e.b = append(e.b, `,"y":`...)
	e.float(c.Y)
	e.b = append(e.b, `,"length":`...)
	e.float(c.Length)
	e.b = append(e.b, `,"direction":`...)
	e.string(c.Direction)
	e.b = append(e.b, '}')
}

func (e *jsonEncoder) skipped(s *Skipped) {
	e.b = append(e.b, `{"originalIndex":`...)
	e.int(s.OriginalIndex)
	e.b = append(e.b, `,"id":`...)
	e.string(s.ID)
	e.b = append(e.b, `,"name":`...)
	e.string(s.Name)
	e.b = append(e.b, `,"width":`...)
	e.float(s.Width)
	e.b = append(e.b, `,"height":`...)
	e.float(s.Height)
	e.b = append(e.b, `,"quantity":`...)
	e.int(s.Quantity)
	e.b = append(e.b, `,"reason":`...)
	e.string(s.Reason)
	e.b = append(e.b, '}')
}

func (e *jsonEncoder) int(v int) { e.b = strconv.AppendInt(e.b, int64(v), 10) }

func (e *jsonEncoder) bool(v bool) { e.b = strconv.AppendBool(e.b, v) }

// float and string are kept out of line: V8 optimises each function
// whole, and a function with them inlined eight times takes it several
// times as long.
//
// float writes v as encoding/json does: the shortest decimal that reads
// back as v, in exponent form below 1e-6 and from 1e21. Lengths are whole
// hundredths of a centimetre, so most values take the short way: a
// hundredth count n gives exactly v when float64(n)/100 == v, and its
// shortest decimal is then n/100 written out.
//
//go:noinline
func (e *jsonEncoder) float(v float64) {
	if n := math.Round(v * 100); math.Abs(n) < 1<<50 && n/100 == v && (n != 0 || !math.Signbit(v)) {
		c := int64(n)
		if c < 0 {
			e.b = append(e.b, '-')
			c = -c
		}
		e.b = strconv.AppendInt(e.b, c/100, 10)
		if f := c % 100; f != 0 {
			e.b = append(e.b, '.', byte('0'+f/10))
			if f%10 != 0 {
				e.b = append(e.b, byte('0'+f%10))
			}
		}
		return
	}
	if math.IsInf(v, 0) || math.IsNaN(v) {
		if e.err == nil {
			e.err = &json.UnsupportedValueError{Str: strconv.FormatFloat(v, 'g', -1, 64)}
		}
		e.b = append(e.b, "null"...)
		return
	}
	format := byte('f')
	if a := math.Abs(v); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	e.b = strconv.AppendFloat(e.b, v, format, -1, 64)
	if format == 'e' {
		// e-09 to e-9, as encoding/json writes it.
		if n := len(e.b); n >= 4 && e.b[n-4] == 'e' && e.b[n-3] == '-' && e.b[n-2] == '0' {
			e.b[n-2] = e.b[n-1]
			e.b = e.b[:n-1]
		}
	}
}

const hexDigits = "0123456789abcdef"

// string writes s quoted as json.Marshal does: with <, > and & escaped for
// HTML, invalid UTF-8 as U+FFFD, and U+2028 and U+2029 escaped.
//
//go:noinline
func (e *jsonEncoder) string(s string) {
	b := append(e.b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	e.b = append(b, '"')
}

// DecodeRequest decodes a JSON request exactly as json.Unmarshal does. The
// requests the web app sends (the fields of the contract, plain strings and
// numbers) are read directly; anything else, and every error, goes to
// json.Unmarshal.
func DecodeRequest(data []byte) (Request, error) {
	d := jsonDecoder{b: data}
	var req Request
	if d.request(&req) == nil && d.end() {
		return req, nil
	}
	return unmarshal[Request](data)
}

// DecodeParts decodes a JSON list of parts exactly as json.Unmarshal does,
// the same way as DecodeRequest. The store reads a saved layout's parts
// with it: listing 1,000 layouts of 20 parts is 20,000 part objects, which
// encoding/json took about 90 ms for on the 2-core machine, more than the
// 50 ms a list may take (issue 5).
func DecodeParts(data []byte) ([]Part, error) {
	d := jsonDecoder{b: data}
	var parts []Part
	if d.parts(&parts) == nil && d.end() {
		return parts, nil
	}
	return unmarshal[[]Part](data)
}

// DecodeSheet decodes a JSON sheet exactly as json.Unmarshal does.
func DecodeSheet(data []byte) (Sheet, error) {
	d := jsonDecoder{b: data}
	var s Sheet
	if d.sheet(&s) == nil && d.end() {
		return s, nil
	}
	return unmarshal[Sheet](data)
}

// DecodeOptions decodes JSON options exactly as json.Unmarshal does.
func DecodeOptions(data []byte) (Options, error) {
	d := jsonDecoder{b: data}
	var o Options
	if d.options(&o) == nil && d.end() {
		return o, nil
	}
	return unmarshal[Options](data)
}

// unmarshal decodes what the direct reader does not handle, into a fresh
// value.
func unmarshal[T any](data []byte) (T, error) {
	var v T
	err := json.Unmarshal(data, &v)
	return v, err
}

// jsonDecoder reads the common shape of the engine's JSON: what the web
// app sends, what encoding/json writes, and what PostgreSQL prints of it
// (spaces, its own key order). Its methods fail on input they do not
// handle: an unknown or repeated key, a key in other letter case or with
// an escape, null where a value is wanted, a \u escape in a value, invalid
// UTF-8, a number out of range, or invalid JSON. encoding/json then
// decides. Keys and numbers are read in place, without a copy; only the
// strings kept (ids and names) are allocated.
type jsonDecoder struct {
	b []byte
	i int
	// limit, when positive, is the most pieces the parts may hold, and
	// bounds the stock rows, bands and pinned pages too (ReadRequest);
	// pieces counts the parts' pieces read so far, pinnedPieces those of
	// the pinned pages (their own count against the same limit: the
	// parts' quantities count the pieces already cut as well).
	limit, pieces, pinnedPieces int
}

var errNotHandled = errors.New("not handled")

func (d *jsonDecoder) request(req *Request) error {
	return d.object(func(key []byte) error {
		switch string(key) {
		case "sheet":
			return d.sheet(&req.Sheet)
		case "parts":
			return d.parts(&req.Parts)
		case "options":
			return d.options(&req.Options)
		case "stock":
			if err := list(d, &req.Stock, d.limit > 0, jsonMaxStock, d.stock); err != nil {
				return listError(err, "stock", MsgTooManyStock)
			}
			return nil
		case "bands":
			if err := list(d, &req.Bands, d.limit > 0, jsonMaxBands, d.band); err != nil {
				return listError(err, "bands", MsgTooManyBands)
			}
			return nil
		case "pinned":
			if err := list(d, &req.Pinned, d.limit > 0, MaxPinnedPages, d.page); err != nil {
				return listError(err, "pinned", MsgTooManyPinned)
			}
			return nil
		}
		return errNotHandled
	})
}

// page reads a pinned page; its pieces count against the limit as the
// parts' do.
func (d *jsonDecoder) page(p *Page) error {
	return d.object(func(key []byte) (err error) {
		switch string(key) {
		case "id":
			p.ID, err = d.string()
		case "efficiency":
			p.Efficiency, err = d.int()
		case "parts":
			err = list(d, &p.Parts, false, 0, func(pl *Placed) error {
				if d.limit > 0 {
					if d.pinnedPieces >= d.limit {
						return ErrTooManyPieces
					}
					d.pinnedPieces++
				}
				return d.placed(pl)
			})
		case "cuts":
			err = list(d, &p.Cuts, false, 0, d.cut)
		case "stockId":
			p.StockID, err = d.string()
		case "material":
			p.Material, err = d.string()
		case "thickness":
			p.Thickness, err = d.float()
		case "width":
			p.Width, err = d.float()
		case "height":
			p.Height, err = d.float()
		case "pattern":
			p.Pattern, err = d.int()
		case "belowMinUse":
			p.BelowMinUse, err = d.bool()
		default:
			err = errNotHandled
		}
		return err
	})
}

func (d *jsonDecoder) placed(pl *Placed) error {
	return d.object(func(key []byte) (err error) {
		switch string(key) {
		case "id":
			pl.ID, err = d.string()
		case "name":
			pl.Name, err = d.string()
		case "x":
			pl.X, err = d.float()
		case "y":
			pl.Y, err = d.float()
		case "width":
			pl.Width, err = d.float()
		case "height":
			pl.Height, err = d.float()
		case "rotated":
			pl.Rotated, err = d.bool()
		case "originalIndex":
			pl.OriginalIndex, err = d.int()
		case "edges":
			err = d.edges(&pl.Edges)
		default:
			err = errNotHandled
		}
		return err
	})
}

func (d *jsonDecoder) cut(c *Cut) error {
	return d.object(func(key []byte) (err error) {
		switch string(key) {
		case "order":
			c.Order, err = d.int()
		case "x":
			c.X, err = d.float()
		case "y":
			c.Y, err = d.float()
		case "length":
			c.Length, err = d.float()
		case "direction":
			c.Direction, err = d.string()
		default:
			err = errNotHandled
		}
		return err
	})
}

// listError turns errListLimit into the engine's error on field.
func listError(err error, field, msg string) error {
	if err == errListLimit {
		return &InputError{Field: field, Message: msg}
	}
	return err
}

// list reads a JSON array of T, each item with item. With limited set, an
// item beyond the first max stops it with errListLimit, before it is read.
func list[T any](d *jsonDecoder, out *[]T, limited bool, max int, item func(*T) error) error {
	d.space()
	if !d.next('[') {
		return errNotHandled
	}
	vs := []T{}
	d.space()
	if !d.next(']') {
		for {
			if limited && len(vs) == max {
				return errListLimit
			}
			var v T
			if err := item(&v); err != nil {
				return err
			}
			vs = append(vs, v)
			d.space()
			if d.next(']') {
				break
			}
			if !d.next(',') {
				return errNotHandled
			}
		}
	}
	*out = vs
	return nil
}

func (d *jsonDecoder) stock(s *Stock) error {
	return d.object(func(key []byte) (err error) {
		switch string(key) {
		case "id":
			s.ID, err = d.string()
		case "name":
			s.Name, err = d.string()
		case "material":
			s.Material, err = d.string()
		case "thickness":
			s.Thickness, err = d.float()
		case "width":
			s.Width, err = d.float()
		case "height":
			s.Height, err = d.float()
		case "quantity":
			s.Quantity, err = d.int()
		case "price":
			s.Price, err = d.float()
		case "grain":
			s.Grain, err = d.string()
		case "offcut":
			s.Offcut, err = d.bool()
		case "sourceLayoutId", "createdAt":
			// The store's fields of an offcut row (GET /api/stock),
			// which the web app may pass on: not the engine's.
			_, err = d.string()
		default:
			err = errNotHandled
		}
		return err
	})
}

func (d *jsonDecoder) band(b *Band) error {
	return d.object(func(key []byte) (err error) {
		switch string(key) {
		case "code":
			b.Code, err = d.string()
		case "name":
			b.Name, err = d.string()
		case "thickness":
			b.Thickness, err = d.float()
		case "price":
			b.Price, err = d.float()
		case "overlength":
			b.Overlength, err = d.float()
		default:
			err = errNotHandled
		}
		return err
	})
}

// edges reads a part's band codes: null leaves none, as encoding/json
// does for a pointer.
func (d *jsonDecoder) edges(p **Edges) error {
	d.space()
	if d.literal("null") {
		*p = nil
		return nil
	}
	var g Edges
	err := d.object(func(key []byte) (err error) {
		switch string(key) {
		case "top":
			g.Top, err = d.string()
		case "bottom":
			g.Bottom, err = d.string()
		case "left":
			g.Left, err = d.string()
		case "right":
			g.Right, err = d.string()
		default:
			err = errNotHandled
		}
		return err
	})
	*p = &g
	return err
}

func (d *jsonDecoder) sheet(s *Sheet) error {
	return d.object(func(key []byte) (err error) {
		switch string(key) {
		case "width":
			s.Width, err = d.float()
		case "height":
			s.Height, err = d.float()
		default:
			err = errNotHandled
		}
		return err
	})
}

func (d *jsonDecoder) parts(parts *[]Part) error {
	d.space()
	if !d.next('[') {
		return errNotHandled
	}
	ps := []Part{}
	d.space()
	if !d.next(']') {
		ps = make([]Part, 0, 8) // a saved layout has a few to tens of lines
		for {
			var p Part
			if err := d.part(&p); err != nil {
				return err
			}
			if d.limit > 0 {
				// A line counts one piece at least, and no sum is
				// formed that could overflow (see ReadRequest).
				q := max(p.Quantity, 1)
				if q > d.limit-d.pieces {
					return ErrTooManyPieces
				}
				d.pieces += q
			}
			ps = append(ps, p)
			d.space()
			if d.next(']') {
				break
			}
			if !d.next(',') {
				return errNotHandled
			}
		}
	}
	*parts = ps
	return nil
}

func (d *jsonDecoder) part(p *Part) error {
	return d.object(func(key []byte) (err error) {
		switch string(key) {
		case "id":
			p.ID, err = d.string()
		case "name":
			p.Name, err = d.string()
		case "width":
			p.Width, err = d.float()
		case "height":
			p.Height, err = d.float()
		case "quantity":
			p.Quantity, err = d.int()
		case "rotate":
			d.space()
			if d.literal("null") {
				p.Rotate = nil
				return nil
			}
			var r bool
			r, err = d.bool()
			p.Rotate = &r
		case "material":
			p.Material, err = d.string()
		case "thickness":
			p.Thickness, err = d.float()
		case "grain":
			p.Grain, err = d.string()
		case "edges":
			err = d.edges(&p.Edges)
		default:
			err = errNotHandled
		}
		return err
	})
}

func (d *jsonDecoder) options(o *Options) error {
	return d.object(func(key []byte) (err error) {
		switch string(key) {
		case "kerf":
			o.Kerf, err = d.float()
		case "trim":
			o.Trim, err = d.float()
		case "guillotine":
			o.Guillotine, err = d.bool()
		case "timeLimitMs":
			o.TimeLimitMs, err = d.int()
		case "seed":
			o.Seed, err = d.int64()
		case "iterations":
			o.Iterations, err = d.int()
		case "workers":
			o.Workers, err = d.int()
		case "objective":
			o.Objective, err = d.string()
		case "deductBands":
			o.DeductBands, err = d.bool()
		case "offcutMinUse":
			o.OffcutMinUse, err = d.int()
		case "keepLeftover":
			o.KeepLeftover, err = d.bool()
		case "firstCut":
			o.FirstCut, err = d.string()
		case "stages":
			o.Stages, err = d.int()
		default:
			err = errNotHandled
		}
		return err
	})
}

// object reads an object, calling value with each key to read its value.
// A repeated key is not handled: encoding/json merges repeated objects.
func (d *jsonDecoder) object(value func(key []byte) error) error {
	d.space()
	if !d.next('{') {
		return errNotHandled
	}
	d.space()
	if d.next('}') {
		return nil
	}
	var seenArr [12][]byte // the contract's objects have at most ten keys
	seen := seenArr[:0]
	for {
		d.space()
		key, ok := d.key()
		if !ok {
			return errNotHandled
		}
		for _, k := range seen {
			if string(k) == string(key) {
				return errNotHandled
			}
		}
		seen = append(seen, key)
		d.space()
		if !d.next(':') {
			return errNotHandled
		}
		if err := value(key); err != nil {
			return err
		}
		d.space()
		if d.next('}') {
			return nil
		}
		if !d.next(',') {
			return errNotHandled
		}
	}
}

// key reads an object key without escapes and returns its bytes within b.
// A key with an escape or a byte beyond ASCII is no key of the contract
// (encoding/json would fold "ſ" to "s"), so it is not handled.
func (d *jsonDecoder) key() ([]byte, bool) {
	if !d.next('"') {
		return nil, false
	}
	start := d.i
	for ; d.i < len(d.b); d.i++ {
		switch c := d.b[d.i]; {
		case c == '"':
			k := d.b[start:d.i]
			d.i++
			return k, true
		case c == '\\' || c < 0x20 || c >= utf8.RuneSelf:
			return nil, false
		}
	}
	return nil, false
}

// end reports whether only white space is left.
func (d *jsonDecoder) end() bool {
	d.space()
	return d.i == len(d.b)
}

func (d *jsonDecoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *jsonDecoder) next(c byte) bool {
	if d.i < len(d.b) && d.b[d.i] == c {
		d.i++
		return true
	}
	return false
}

func (d *jsonDecoder) literal(s string) bool {
	if len(d.b)-d.i >= len(s) && string(d.b[d.i:d.i+len(s)]) == s {
		d.i += len(s)
		return true
	}
	return false
}

func (d *jsonDecoder) bool() (bool, error) {
	d.space()
	switch {
	case d.literal("true"):
		return true, nil
	case d.literal("false"):
		return false, nil
	}
	return false, errNotHandled
}

// string reads a string with no escapes other than the one-letter ones.
//
//go:noinline
func (d *jsonDecoder) string() (string, error) {
	d.space()
	if !d.next('"') {
		return "", errNotHandled
	}
	start := d.i
	var buf []byte // set once an escape is met
	ascii := true
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			s := d.b[start:d.i]
			if buf != nil {
				s = append(buf, s...)
			}
			d.i++
			if !ascii && !utf8.Valid(s) {
				return "", errNotHandled
			}
			return string(s), nil
		case c < 0x20:
			return "", errNotHandled
		case c >= utf8.RuneSelf:
			ascii = false
			d.i++
		case c == '\\':
			if d.i+1 >= len(d.b) {
				return "", errNotHandled
			}
			var r byte
			switch d.b[d.i+1] {
			case '"', '\\', '/':
				r = d.b[d.i+1]
			case 'b':
				r = '\b'
			case 'f':
				r = '\f'
			case 'n':
				r = '\n'
			case 'r':
				r = '\r'
			case 't':
				r = '\t'
			default:
				return "", errNotHandled
			}
			buf = append(append(buf, d.b[start:d.i]...), r)
			d.i += 2
			start = d.i
		default:
			d.i++
		}
	}
	return "", errNotHandled
}

// number returns the next JSON number literal, within b.
func (d *jsonDecoder) number() ([]byte, error) {
	d.space()
	start := d.i
	d.next('-')
	digits := func() int {
		n := 0
		for d.i < len(d.b) && d.b[d.i] >= '0' && d.b[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	if d.next('0') {
		// no further integer digits
	} else if digits() == 0 {
		return nil, errNotHandled
	}
	if d.next('.') && digits() == 0 {
		return nil, errNotHandled
	}
	if d.next('e') || d.next('E') {
		if !d.next('+') {
			d.next('-')
		}
		if digits() == 0 {
			return nil, errNotHandled
		}
	}
	return d.b[start:d.i], nil
}

// The conversions below parse the literal in place: string(lit) as an
// argument that does not escape costs no copy for a literal of up to 32
// bytes.

func (d *jsonDecoder) float() (float64, error) {
	lit, err := d.number()
	if err != nil {
		return 0, err
	}
	return strconv.ParseFloat(string(lit), 64)
}

func (d *jsonDecoder) int64() (int64, error) {
	lit, err := d.number()
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(string(lit), 10, 64)
}

func (d *jsonDecoder) int() (int, error) {
	lit, err := d.number()
	if err != nil {
		return 0, err
	}
	n, err := strconv.ParseInt(string(lit), 10, strconv.IntSize)
	return int(n), err
}

// Bounds of ReadRequest on the lists of a request, the engine's own limits
// (docs/engine.md): a request beyond them is refused before the rest of
// the list is read.
const (
	jsonMaxStock = MaxStockRows
	jsonMaxBands = MaxBands
)

// errListLimit marks a list over its limit in the direct reader, which
// answers the *InputError then.
var errListLimit = errors.New("list over its limit")

// ErrTooManyPieces is ReadRequest's answer to a request whose parts ask for
// more pieces than its limit.
var ErrTooManyPieces = errors.New("nest: too many pieces")

// ReadRequest reads a request from r as json.Unmarshal decodes it, for a
// server that must refuse large jobs early and in little memory: it counts
// the pieces of the parts as it reads them and stops with
// ErrTooManyPieces once they pass maxPieces (MaxPieces when not
// positive), having kept at most maxPieces part lines. A line counts one
// piece at least (the engine rejects a quantity below 1 anyway), so many
// tiny lines cannot make it keep more; no sum is formed that could
// overflow. More than 1,000 stock rows or 100 bands stop it too, with the
// engine's *InputError on the list. Anything after the request is an
// error, and a type error names its field as the engine does:
// parts[1].width. r is read whole first: bound it (http.MaxBytesReader).
//
// The common shape is read by the direct reader of DecodeRequest; the
// rest by encoding/json's tokenizer, a list item at a time.
func ReadRequest(r io.Reader, maxPieces int) (Request, error) {
	if maxPieces <= 0 {
		maxPieces = MaxPieces
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return Request{}, err
	}
	d := jsonDecoder{b: data, limit: maxPieces}
	var req Request
	err = d.request(&req)
	var ie *InputError
	switch {
	case err == nil && d.end():
		return req, nil
	case err == ErrTooManyPieces || errors.As(err, &ie):
		return Request{}, err
	}
	return readRequestTokens(json.NewDecoder(bytes.NewReader(data)), maxPieces)
}

// readRequestTokens is ReadRequest on encoding/json's tokenizer.
func readRequestTokens(dec *json.Decoder, maxPieces int) (Request, error) {
	var req Request
	tok, err := dec.Token()
	if err != nil {
		return req, err // io.EOF for an empty body
	}
	req, err = readObjectTokens(dec, tok, maxPieces)
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF // the body ended within the value
	}
	return req, err
}

// readObjectTokens reads the request whose first token is tok.
func readObjectTokens(dec *json.Decoder, tok json.Token, maxPieces int) (Request, error) {
	var req Request
	switch tok {
	case json.Delim('{'):
	case nil: // null: an empty request, as json.Unmarshal leaves it
		return req, trailingTokens(dec)
	default:
		return req, &json.UnmarshalTypeError{Value: fmt.Sprint(tok), Type: reflect.TypeFor[Request]()}
	}
	pieces, pinnedPieces := 0, 0
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return req, err
		}
		key, _ := tok.(string)
		switch {
		case strings.EqualFold(key, "parts"):
			err = readListTokens(dec, "parts", &req.Parts, nil, func(p *Part) error {
				q := max(p.Quantity, 1)
				if q > maxPieces-pieces {
					return ErrTooManyPieces
				}
				pieces += q
				return nil
			})
		case strings.EqualFold(key, "stock"):
			err = readListTokens(dec, "stock", &req.Stock, func(i int) error {
				if i >= jsonMaxStock {
					return &InputError{Field: "stock", Message: MsgTooManyStock}
				}
				return nil
			}, nil)
		case strings.EqualFold(key, "bands"):
			err = readListTokens(dec, "bands", &req.Bands, func(i int) error {
				if i >= jsonMaxBands {
					return &InputError{Field: "bands", Message: MsgTooManyBands}
				}
				return nil
			}, nil)
		case strings.EqualFold(key, "pinned"):
			err = readListTokens(dec, "pinned", &req.Pinned, func(i int) error {
				if i >= MaxPinnedPages {
					return &InputError{Field: "pinned", Message: MsgTooManyPinned}
				}
				return nil
			}, func(p *Page) error {
				if len(p.Parts) > maxPieces-pinnedPieces {
					return ErrTooManyPieces
				}
				pinnedPieces += len(p.Parts)
				return nil
			})
		case strings.EqualFold(key, "sheet"):
			err = fieldPrefix(dec.Decode(&req.Sheet), "sheet")
		case strings.EqualFold(key, "options"):
			err = fieldPrefix(dec.Decode(&req.Options), "options")
		default:
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			return req, err
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return req, err
	}
	return req, trailingTokens(dec)
}

// readListTokens reads a list an item at a time. before, if not nil, is
// called with an item's index before it is read, and after with the item
// read, before it is kept; an error of either stops the list.
func readListTokens[T any](dec *json.Decoder, field string, out *[]T, before func(i int) error, after func(v *T) error) error {
	tok, err := dec.Token()
	switch {
	case err != nil:
		return err
	case tok == nil:
		*out = nil
		return nil
	case tok != json.Delim('['):
		return &json.UnmarshalTypeError{Value: fmt.Sprint(tok), Type: reflect.TypeFor[[]T](), Field: field}
	}
	*out = []T{}
	for i := 0; dec.More(); i++ {
		if before != nil {
			if err := before(i); err != nil {
				return err
			}
		}
		var v T
		if err := dec.Decode(&v); err != nil {
			return fieldPrefix(err, field+"["+strconv.Itoa(i)+"]")
		}
		if after != nil {
			if err := after(&v); err != nil {
				return err
			}
		}
		*out = append(*out, v)
	}
	_, err = dec.Token() // the closing bracket
	return err
}

// TypeMessage is the Turkish message for a value of the wrong type in
// field, as a type error names it (options.offcutMinUse, parts[1].width):
// the field's own limit where it has one that says more (50.5 for a whole
// percentage), else MsgInvalidValues.
func TypeMessage(field string) string {
	switch field {
	case "options.offcutMinUse":
		return MsgOffcutMinUse
	case "options.workers":
		return msgInvalidWorkers
	case "options.timeLimitMs":
		return msgInvalidTime
	case "options.stages":
		return MsgStages
	case "options.firstCut":
		return MsgFirstCut
	}
	// A part line's quantity as the engine's reader names it (1.5, "2"):
	// the quantity's own message, as for 0.
	if strings.HasPrefix(field, "parts[") && strings.HasSuffix(field, "].quantity") {
		return msgInvalidQuantity
	}
	return MsgInvalidValues
}

// fieldPrefix puts prefix in front of the field of a type error, so that
// the error names "parts[3].width" as the engine's own errors do.
func fieldPrefix(err error, prefix string) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" {
			te.Field = prefix
		} else {
			te.Field = prefix + "." + te.Field
		}
	}
	return err
}

// trailingTokens fails when anything but white space follows the JSON
// value (dec.More would miss a stray closing bracket).
func trailingTokens(dec *json.Decoder) error {
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON value")
	}
	return nil
}
