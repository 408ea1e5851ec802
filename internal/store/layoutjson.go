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

// StockColumns returns the JSON of a layout's stock and bands columns, nil
// (SQL NULL) for a list the layout does not have.
func StockColumns(stock []nest.Stock, bands []nest.Band) (stockJSON, bandsJSON []byte, err error) {
	if len(stock) > 0 {
		if stockJSON, err = json.Marshal(stock); err != nil {
			return nil, nil, err
		}
	}
	if len(bands) > 0 {
		if bandsJSON, err = json.Marshal(bands); err != nil {
			return nil, nil, err
		}
	}
	return stockJSON, bandsJSON, nil
}

// ScanStockColumns fills l's Stock and Bands from the JSON of its stock and
// bands columns; NULL (nil), as in the layouts saved before stock rows existed,
// leaves them empty.
func ScanStockColumns(l *Layout, stock, bands []byte) error {
	l.Stock, l.Bands = nil, nil
	if len(stock) > 0 && string(stock) != "null" {
		if err := json.Unmarshal(stock, &l.Stock); err != nil {
			return fmt.Errorf("stock: %w", err)
		}
	}
	if len(bands) > 0 && string(bands) != "null" {
		if err := json.Unmarshal(bands, &l.Bands); err != nil {
			return fmt.Errorf("bands: %w", err)
		}
	}
	return nil
}
