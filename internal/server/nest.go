package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"time"

	"kesim/internal/apperr"
	"kesim/nest"
)

// maxNestBody bounds POST /api/nest: 20,000 part lines as the web app sends
// them take about 1.8 MB.
const maxNestBody = 5 << 20

// DefaultNestMaxPieces is the most pieces (the sum of the quantities) one
// POST /api/nest may ask for, unless the server is configured otherwise
// (kesim serve --max-pieces). A job of 20,000 pieces takes the server
// about 1 s and well under 100 MB; bigger jobs belong in the browser.
const DefaultNestMaxPieces = 20000

// MaxNestPieces is the engine's own limit, the most --max-pieces may be.
const MaxNestPieces = nest.MaxPieces

// nestHandler lays out a job on the server, for browsers that cannot run
// the engine themselves.
type nestHandler struct {
	// limit is the hard cap on a layout's time: the whole layout,
	// constructive phase included, ends by then (neither timeLimitMs nor
	// iterations extend it), and the best layout so far is the answer.
	limit time.Duration
	// maxPieces is the most pieces a request may ask for (0: the
	// default).
	maxPieces int
	log       *slog.Logger
}

// nestSlots bounds the layouts the server computes at once to its cores:
// further requests wait their turn (or end when their client leaves) rather
// than share the CPU until every one of them is slow.
var nestSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

// nestAdmitted bounds the requests that hold a job in memory, those laid
// out and those waiting for a slot, to four per slot. One more is answered
// 503 at once, before its body is read: the memory of POST /api/nest is
// then at most cap(nestAdmitted) decoded requests (each at most maxPieces
// part lines) and cap(nestSlots) layouts in progress.
var nestAdmitted = make(chan struct{}, 4*cap(nestSlots))

// Turkish messages of POST /api/nest.
const (
	msgTooManyPieces = "Bu sunucuda bir hesaplamada en fazla %s parça yerleştirilebilir."
	msgNestTimeout   = "Hesaplama sunucunun süre sınırı olan %s saniyede bitmedi. " +
		"Lütfen daha az parçayla deneyin ya da düzeni tarayıcıda hesaplayın."
)

func (h *nestHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	select {
	case nestAdmitted <- struct{}{}:
		defer func() { <-nestAdmitted }()
	default:
		Error(w, r, apperr.New(apperr.Busy, msgBusy))
		return
	}
	maxPieces := h.maxPieces
	if maxPieces <= 0 {
		maxPieces = DefaultNestMaxPieces
	}
	body := http.MaxBytesReader(w, r.Body, maxNestBody)
	req, err := readNestRequest(body, maxPieces)
	if errors.Is(err, errTooManyPieces) {
		// Say what is wrong with the whole body: the rest is read (and
		// thrown away, never decoded) to tell a body over the limit.
		if _, err := io.Copy(io.Discard, body); err != nil {
			Error(w, r, decodeError(err))
			return
		}
		Error(w, r, apperr.New(apperr.TooLarge, fmt.Sprintf(msgTooManyPieces, thousands(maxPieces))))
		return
	}
	if err != nil {
		Error(w, r, decodeError(err))
		return
	}
	select {
	case nestSlots <- struct{}{}:
		defer func() { <-nestSlots }()
	case <-r.Context().Done():
		return // the client left while waiting
	}
	if limit := int(h.limit.Milliseconds()); req.Options.TimeLimitMs > limit {
		req.Options.TimeLimitMs = limit
	}
	// The cap ends the search whatever the request asked: the engine
	// returns the best complete layout it has when its context ends. The
	// request's context also ends it if the client leaves.
	ctx, cancel := context.WithTimeout(r.Context(), h.limit)
	defer cancel()
	res, err := nest.Layout(ctx, req, nil)
	switch {
	case r.Context().Err() != nil:
		return // nobody is waiting for the answer
	case errors.Is(err, context.DeadlineExceeded):
		// Not even one complete layout within the cap.
		h.log.WarnContext(r.Context(), "nest: no layout within the time cap", "cap", h.limit, "parts", len(req.Parts))
		Error(w, r, apperr.New(apperr.Timeout, fmt.Sprintf(msgNestTimeout, seconds(h.limit))))
	case err != nil:
		Error(w, r, err) // a *nest.InputError is the user's; anything else internal
	default:
		b, err := res.AppendJSON(make([]byte, 0, 64<<10))
		if err != nil {
			Error(w, r, apperr.Wrap("nest: encode result", err))
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(append(b, '\n'))
	}
}

// errTooManyPieces reports a request over the piece limit.
var errTooManyPieces = errors.New("too many pieces")

// readNestRequest decodes a layout request as encoding/json would, but
// reads its parts one at a time and counts their pieces as it goes: once
// they pass maxPieces it stops with errTooManyPieces, having kept at most
// maxPieces part lines. A line counts at least one piece (the engine
// rejects a quantity below 1 anyway), so a body of many tiny lines cannot
// make it keep more; and no sum is formed that could overflow, however
// large the quantities.
func readNestRequest(r io.Reader, maxPieces int) (nest.Request, error) {
	var req nest.Request
	dec := json.NewDecoder(r)
	tok, err := dec.Token()
	if err != nil {
		return req, err // io.EOF for an empty body
	}
	req, err = readNestObject(dec, tok, maxPieces)
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF // the body ended within the value
	}
	return req, err
}

// readNestObject reads the request whose first token is tok.
func readNestObject(dec *json.Decoder, tok json.Token, maxPieces int) (nest.Request, error) {
	var req nest.Request
	switch tok {
	case json.Delim('{'):
	case nil: // null: an empty request, as json.Unmarshal leaves it
		return req, trailing(dec)
	default:
		return req, &json.UnmarshalTypeError{Value: fmt.Sprint(tok), Type: reflect.TypeFor[nest.Request]()}
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return req, err
		}
		key, _ := tok.(string)
		switch {
		case strings.EqualFold(key, "parts"):
			err = readParts(dec, &req.Parts, maxPieces)
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
	return req, trailing(dec)
}

// readParts reads the parts list, counting pieces (see readNestRequest).
func readParts(dec *json.Decoder, parts *[]nest.Part, maxPieces int) error {
	tok, err := dec.Token()
	switch {
	case err != nil:
		return err
	case tok == nil:
		*parts = nil
		return nil
	case tok != json.Delim('['):
		return &json.UnmarshalTypeError{Value: fmt.Sprint(tok), Type: reflect.TypeFor[[]nest.Part](), Field: "parts"}
	}
	*parts = []nest.Part{}
	pieces := 0
	for i := 0; dec.More(); i++ {
		var p nest.Part
		if err := dec.Decode(&p); err != nil {
			return fieldPrefix(err, "parts["+strconv.Itoa(i)+"]")
		}
		q := max(p.Quantity, 1)
		if q > maxPieces-pieces {
			return errTooManyPieces
		}
		pieces += q
		*parts = append(*parts, p)
	}
	_, err = dec.Token() // the closing bracket
	return err
}

// fieldPrefix puts prefix in front of the field of a type error, so that
// the answer names "parts[3].width" as the engine's own errors do.
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

// trailing fails when anything but white space follows the JSON value
// (dec.More would miss a stray closing bracket).
func trailing(dec *json.Decoder) error {
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON value")
	}
	return nil
}

// thousands writes n with a dot between thousands, as Turkish does:
// 20.000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "." + s[i:]
	}
	return s
}

// seconds writes d in seconds with a decimal comma: 5, 1,5.
func seconds(d time.Duration) string {
	return strings.Replace(strconv.FormatFloat(d.Seconds(), 'f', -1, 64), ".", ",", 1)
}
