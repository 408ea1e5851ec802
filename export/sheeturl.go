package export

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"kesim/nest"
)

// MaxSheetURL is the longest sheet address (Options.SheetURL of the PDF and
// label writers) in characters. A QR code of 500 characters is still read
// from paper; a base that long is far beyond any server's address.
const MaxSheetURL = 500

// Errors about a sheet address a user sees.
var (
	ErrSheetURLLong = fmt.Errorf("Levha adresi en fazla %d karakter olabilir.", MaxSheetURL)
	ErrSheetURL     = errors.New("Levha adresi http:// ya da https:// ile başlayan, boşluksuz, ? ve # içermeyen, işin adresiyle biten bir adres olmalı (ör. https://kesim.atolye.local/is/42).")
)

// CheckSheetURL reports why base cannot be a sheet address: nil for the
// empty base (no QR code) and for an http or https URL of at most
// MaxSheetURL printable ASCII characters, with a host and a path, and no
// query or fragment (the sheet's number is appended to it). See SheetURL.
func CheckSheetURL(base string) error {
	if base == "" {
		return nil
	}
	if len(base) > MaxSheetURL {
		return ErrSheetURLLong
	}
	for i := 0; i < len(base); i++ {
		if c := base[i]; c <= ' ' || c > '~' || c == '?' || c == '#' {
			return ErrSheetURL
		}
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return ErrSheetURL
	}
	// Without its trailing "/levha/", the address must still have a path
	// after its host ("https://levha/" has none).
	job, n := jobURL(base), len(u.Scheme)+len("://")
	if len(job) < n || !strings.Contains(job[n:], "/") {
		return ErrSheetURL // no path: the job's id is missing
	}
	return nil
}

// SheetURL returns the address of the checklist of sheet page (0-based) of
// the job whose address is base: base is the job's address,
// "<origin>/is/<layoutId>", which may end in "/" or "/levha/", and the
// sheet's is "<origin>/is/<layoutId>/levha/<page+1>". base must have passed
// CheckSheetURL; the empty base gives "".
func SheetURL(base string, page int) string {
	if base == "" {
		return ""
	}
	return jobURL(base) + "/levha/" + strconv.Itoa(page+1)
}

// jobURL is base without a trailing "/" or "/levha/".
func jobURL(base string) string {
	base = strings.TrimSuffix(base, "/")
	return strings.TrimSuffix(base, "/levha")
}

// SheetOf returns the 0-based number of page (an index in res.Pages) in
// sheet addresses: k for the page whose id is "page-k", else page. A fresh
// layout numbers its pages in order, so the two agree; a re-plan of a job
// being cut puts its cut sheets first but keeps their ids, so the QR code
// printed on a cut sheet keeps opening that sheet.
func SheetOf(res *nest.Result, page int) int {
	if id, ok := strings.CutPrefix(res.Pages[page].ID, "page-"); ok {
		if k, err := strconv.Atoi(id); err == nil && k >= 0 && strconv.Itoa(k) == id {
			return k
		}
	}
	return page
}
