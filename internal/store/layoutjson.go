package store

import (
	"encoding/json"
	"fmt"

	"kesim/nest"
)

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
// options columns. It reads them with the engine's reader (nest.DecodeParts
// and its kin), which takes what this package wrote and what PostgreSQL
// prints of it directly and anything else through encoding/json: listing
// layouts is mostly this decoding, and with encoding/json alone 1,000
// layouts of 20 parts took longer than the 50 ms issue 5 allows.
func ScanLayoutColumns(l *Layout, parts, sheet, options []byte) error {
	var err error
	if l.Parts, err = nest.DecodeParts(parts); err != nil {
		l.Parts = nil
		return fmt.Errorf("parts_data: %w", err)
	}
	if l.Sheet, err = nest.DecodeSheet(sheet); err != nil {
		return fmt.Errorf("sheet: %w", err)
	}
	if l.Options, err = nest.DecodeOptions(options); err != nil {
		return fmt.Errorf("options: %w", err)
	}
	return nil
}
