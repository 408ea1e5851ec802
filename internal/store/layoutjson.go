package store

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"

	"kesim/nest"
)

// decodeParts decodes the JSON list of a layout's parts (column parts_data).
//
// Listing layouts is mostly this decoding: 1,000 layouts of 20 parts are
// 20,000 objects. With encoding/json, listing them on SQLite took about
// 90 ms on the 2-core machine, more than the 50 ms that issue 5 allows;
// with this direct scanner it takes about 22 ms. The list is JSON that this
// package wrote (or PostgreSQL re-printed), so the scanner expects only
// that; whatever else it meets (escapes, unknown or differently cased keys,
// null, numbers that are not plain) goes to encoding/json, and
// FuzzDecodeParts checks that both agree.
func decodeParts(data []byte) ([]nest.Part, error) {
	if parts, ok := decodePartsFast(data); ok {
		return parts, nil
	}
	var parts []nest.Part
	if err := json.Unmarshal(data, &parts); err != nil {
		return nil, err
	}
	return parts, nil
}

// decodePartsFast decodes data if it is a plain list of part objects and
// reports whether it did.
func decodePartsFast(data []byte) ([]nest.Part, bool) {
	s := scanner{b: data}
	if !s.next('[') {
		return nil, false
	}
	parts := make([]nest.Part, 0, 8)
	if s.next(']') {
		return parts, s.end()
	}
	for {
		p, ok := s.part()
		if !ok {
			return nil, false
		}
		parts = append(parts, p)
		if s.next(']') {
			return parts, s.end()
		}
		if !s.next(',') {
			return nil, false
		}
	}
}

// scanner reads JSON from b, starting at i.
type scanner struct {
	b []byte
	i int
}

func (s *scanner) skipSpace() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// next consumes c after optional white space and reports whether it was
// there.
func (s *scanner) next(c byte) bool {
	s.skipSpace()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// end reports whether only white space is left.
func (s *scanner) end() bool {
	s.skipSpace()
	return s.i == len(s.b)
}

// part reads one part object.
func (s *scanner) part() (nest.Part, bool) {
	var p nest.Part
	ok := s.object(func(key []byte) (ok bool) {
		switch string(key) {
		case "id":
			p.ID, ok = s.str()
		case "name":
			p.Name, ok = s.str()
		case "width":
			p.Width, ok = s.float()
		case "height":
			p.Height, ok = s.float()
		case "quantity":
			p.Quantity, ok = s.int()
		case "rotate":
			var r bool
			r, ok = s.bool()
			p.Rotate = &r
		}
		return ok
	})
	return p, ok
}

// str reads a string without escapes, of valid UTF-8.
func (s *scanner) str() (string, bool) {
	v, ok := s.rawStr()
	return string(v), ok
}

// rawStr reads a string without escapes, of valid UTF-8, and returns its
// bytes within b.
func (s *scanner) rawStr() ([]byte, bool) {
	if !s.next('"') {
		return nil, false
	}
	start := s.i
	for ; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '"':
			v := s.b[start:s.i]
			s.i++
			return v, utf8.Valid(v)
		case c == '\\' || c < 0x20:
			return nil, false
		}
	}
	return nil, false
}

// number returns the literal of a JSON number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?
func (s *scanner) number() ([]byte, bool) {
	s.skipSpace()
	b, start := s.b, s.i
	i := start
	digits := func() bool {
		j := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		return i > j
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i < len(b) && b[i] == '0' {
		i++
	} else if !digits() {
		return nil, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if !digits() {
			return nil, false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '-' || b[i] == '+') {
			i++
		}
		if !digits() {
			return nil, false
		}
	}
	s.i = i
	return b[start:i], true
}

func (s *scanner) float() (float64, bool) {
	lit, ok := s.number()
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(lit), 64)
	return f, err == nil
}

func (s *scanner) int() (int, bool) {
	lit, ok := s.number()
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(string(lit), 10, strconv.IntSize)
	return int(n), err == nil
}

func (s *scanner) int64() (int64, bool) {
	lit, ok := s.number()
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(string(lit), 10, 64)
	return n, err == nil
}

func (s *scanner) bool() (bool, bool) {
	s.skipSpace()
	rest := s.b[s.i:]
	switch {
	case len(rest) >= 4 && string(rest[:4]) == "true":
		s.i += 4
		return true, true
	case len(rest) >= 5 && string(rest[:5]) == "false":
		s.i += 5
		return false, true
	}
	return false, false
}

// LayoutColumns returns the JSON of a layout's parts_data, sheet and options
// columns.
func LayoutColumns(l Layout) (parts, sheet, options []byte, err error) {
	if parts, err = json.Marshal(l.Parts); err != nil {
		return nil, nil, nil, err
	}
	if sheet, err = json.Marshal(l.Sheet); err != nil {
		return nil, nil, nil, err
	}
	if options, err = json.Marshal(l.Options); err != nil {
		return nil, nil, nil, err
	}
	return parts, sheet, options, nil
}

// ScanLayoutColumns fills l from the JSON of its parts_data, sheet and
// options columns.
func ScanLayoutColumns(l *Layout, parts, sheet, options []byte) error {
	var err error
	if l.Parts, err = decodeParts(parts); err != nil {
		return fmt.Errorf("parts_data: %w", err)
	}
	if sc := (scanner{b: sheet}); !sc.sheet(&l.Sheet) || !sc.end() {
		l.Sheet = nest.Sheet{}
		if err := json.Unmarshal(sheet, &l.Sheet); err != nil {
			return fmt.Errorf("sheet: %w", err)
		}
	}
	if sc := (scanner{b: options}); !sc.options(&l.Options) || !sc.end() {
		l.Options = nest.Options{}
		if err := json.Unmarshal(options, &l.Options); err != nil {
			return fmt.Errorf("options: %w", err)
		}
	}
	return nil
}

// object reads an object whose values field reads, calling it with each key;
// field reports false for a key it does not know.
func (s *scanner) object(field func(key []byte) bool) bool {
	if !s.next('{') {
		return false
	}
	if s.next('}') {
		return true
	}
	for {
		key, ok := s.rawStr()
		if !ok || !s.next(':') || !field(key) {
			return false
		}
		if s.next('}') {
			return true
		}
		if !s.next(',') {
			return false
		}
	}
}

// sheet reads a nest.Sheet object.
func (s *scanner) sheet(sh *nest.Sheet) bool {
	return s.object(func(key []byte) (ok bool) {
		switch string(key) {
		case "width":
			sh.Width, ok = s.float()
		case "height":
			sh.Height, ok = s.float()
		}
		return ok
	})
}

// options reads a nest.Options object.
func (s *scanner) options(o *nest.Options) bool {
	return s.object(func(key []byte) (ok bool) {
		switch string(key) {
		case "kerf":
			o.Kerf, ok = s.float()
		case "trim":
			o.Trim, ok = s.float()
		case "guillotine":
			o.Guillotine, ok = s.bool()
		case "timeLimitMs":
			o.TimeLimitMs, ok = s.int()
		case "seed":
			o.Seed, ok = s.int64()
		case "iterations":
			o.Iterations, ok = s.int()
		}
		return ok
	})
}
