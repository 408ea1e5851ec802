package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"syscall"
	"unicode/utf8"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// statusOf is the HTTP status of every error code: the one table of the
// API's codes (docs/http-api.md lists the same, with their messages).
var statusOf = map[apperr.Code]int{
	apperr.Invalid:      http.StatusBadRequest,
	apperr.Unauthorized: http.StatusUnauthorized,
	apperr.Forbidden:    http.StatusForbidden,
	apperr.NotFound:     http.StatusNotFound,
	apperr.Conflict:     http.StatusConflict,
	apperr.TooLarge:     http.StatusRequestEntityTooLarge,
	apperr.TooMany:      http.StatusTooManyRequests,
	apperr.Busy:         http.StatusServiceUnavailable,
	apperr.Timeout:      http.StatusServiceUnavailable,
	apperr.Unavailable:  http.StatusServiceUnavailable,
	apperr.Internal:     http.StatusInternalServerError,
}

// errorBody is the JSON shape of every error answer:
// {"error":{"code":"invalid","message":"...","fields":{"width":"..."}}}.
type errorBody struct {
	Error struct {
		Code    apperr.Code       `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields,omitempty"`
	} `json:"error"`
}

// Error answers a request with the JSON error for err; every handler's
// failure goes through it: if err != nil { Error(w, r, err); return }.
//
// An *apperr.Error answers its code's status with its Turkish message and
// field; the engine's *nest.InputError is invalid with its field. Anything
// else is internal: the user reads only "Sunucu hatası", and the error,
// with the request's method and path, goes to the server's log. Besides
// internal errors only a database that does not answer (503, as an error)
// and the database's refusals (store.RefusalError, as warnings) are
// logged: the others are the users' own mistakes or the server's
// documented limits. A request whose client has left before
// the server failed is answered clientLeft, unlogged: the work it cut
// short is no failure. (A client that only closed its side of the
// connection, with a body shorter than it said, still reads its 400.)
func Error(w http.ResponseWriter, r *http.Request, err error) {
	e := appError(err)
	if e.Code == apperr.Internal && r.Context().Err() != nil {
		clientLeft(w)
		return
	}
	var refusal *store.RefusalError
	switch {
	case e.Code == apperr.Internal:
		loggerOf(r).ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	case e.Code == apperr.Unavailable && databaseGone(err):
		// Every request fails so while it lasts: the operator must see why.
		loggerOf(r).ErrorContext(r.Context(), "database unavailable", "method", r.Method, "path", r.URL.Path, "err", err)
	case errors.As(err, &refusal):
		// The user's (409, 400), but past the store's own checks: a gap
		// in them would otherwise go unseen. The database's code and the
		// names it gives, never its words, which may quote a value.
		loggerOf(r).WarnContext(r.Context(), "request refused by the database", "method", r.Method, "path", r.URL.Path,
			"status", statusOf[e.Code], "refusal", refusal.Kind.String(), "op", refusal.Op, "cause", refusal.Cause)
	}
	var b errorBody
	b.Error.Code = e.Code
	b.Error.Message = e.Message
	if e.Field != "" {
		b.Error.Fields = map[string]string{e.Field: e.Message}
	}
	writeJSON(w, statusOf[e.Code], b)
}

// appError is err as the user may see it.
func appError(err error) *apperr.Error {
	var ae *apperr.Error
	var ie *nest.InputError
	switch {
	case errors.As(err, &ae) && ae.Code != apperr.Internal && statusOf[ae.Code] != 0:
		return ae
	case errors.As(err, &ie):
		return &apperr.Error{Code: apperr.Invalid, Field: ie.Field, Message: ie.Message}
	case databaseGone(err):
		return &apperr.Error{Code: apperr.Unavailable, Message: apperr.MsgUnavailable}
	}
	return &apperr.Error{Code: apperr.Internal, Message: apperr.MsgInternal}
}

// databaseGone reports whether err is the database's connection failing
// (refused, reset, cut in the middle of an answer): the user is told the
// database does not answer, with 503, rather than "Sunucu hatası", and the
// web app keeps what it could not save, as when the server is out of reach.
func databaseGone(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}

type loggerKey struct{}

// withLogger gives the handlers below h the server's log, where Error
// writes internal errors.
func withLogger(h http.Handler, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), loggerKey{}, log)))
	})
}

// loggerOf returns the server's log (slog's default outside New).
func loggerOf(r *http.Request) *slog.Logger {
	if log, ok := r.Context().Value(loggerKey{}).(*slog.Logger); ok {
		return log
	}
	return slog.Default()
}

// statusClientLeft is the status of a request whose client left before
// its answer, as nginx logs it: not a standard status, but neither a
// success (the log and /metrics would count it as one) nor the server's
// failure.
const statusClientLeft = 499

// clientLeft answers a request whose client has left: the status alone.
func clientLeft(w http.ResponseWriter) { w.WriteHeader(statusClientLeft) }

// writeJSON answers with v encoded as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// msgBadJSON is the Turkish message for a body that is no JSON.
const msgBadJSON = "İstek gövdesi geçerli bir JSON değil."

// msgNotObject is the Turkish message for a body that is JSON but no
// object ([], "x", 5): every route's body is one, and the error concerns
// the body, not one of its fields.
const msgNotObject = "İstek gövdesi bir JSON nesnesi ({…}) olmalı."

// msgBadUTF8 is the Turkish message for a body that is not UTF-8.
const msgBadUTF8 = "İstek gövdesi geçersiz karakterler içeriyor: metinler UTF-8 olmalı."

// tooLargeMessage is the Turkish 413 message for a route's body limit, in
// the unit a user reads (binary KB and MB, as file managers count).
func tooLargeMessage(limit int64) string {
	size := strconv.FormatInt(limit, 10) + " bayt"
	switch {
	case limit >= 1<<20 && limit%(1<<20) == 0:
		size = strconv.FormatInt(limit>>20, 10) + " MB"
	case limit >= 1<<10 && limit%(1<<10) == 0:
		size = strconv.FormatInt(limit>>10, 10) + " KB"
	}
	return "İstek gövdesi çok büyük: en fazla " + size + " gönderilebilir."
}

// decodeJSON reads one JSON value of at most limit bytes from the body
// into v. Its error is the user's: 413 too_large over the limit, else 400
// invalid (see decodeError).
func decodeJSON(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return decodeError(err)
	}
	// encoding/json would put U+FFFD in place of invalid UTF-8, and of a
	// \u escape of half a surrogate pair ("a\ud800b"), and a name would be
	// saved other than it was sent.
	if !utf8.Valid(data) || loneSurrogate(data) {
		return apperr.New(apperr.Invalid, msgBadUTF8)
	}
	// encoding/json takes null for an object as "nothing": the body would
	// be read as {} (a sync of nothing answered 200).
	if string(bytes.TrimSpace(data)) == "null" {
		return apperr.New(apperr.Invalid, msgNotObject)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	err = dec.Decode(v)
	if err == nil {
		err = trailing(dec)
	}
	if err != nil {
		return decodeError(err)
	}
	return nil
}

// loneSurrogate reports whether data escapes half of a UTF-16 surrogate
// pair: \uD800-\uDBFF not followed by \uDC00-\uDFFF, or the latter alone.
// Backslashes occur only in JSON strings, each escaping the next character.
func loneSurrogate(data []byte) bool {
	high := false // the escape before was a high half
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			if high {
				return true
			}
			continue
		}
		if i+1 >= len(data) {
			return false // not JSON: the decoder says so
		}
		i++
		r := rune(-1)
		if data[i] == 'u' && i+4 < len(data) {
			if v, err := strconv.ParseUint(string(data[i+1:i+5]), 16, 16); err == nil {
				r = rune(v)
				i += 4
			}
		}
		switch {
		case r >= 0xD800 && r < 0xDC00:
			if high {
				return true
			}
			high = true
		case r >= 0xDC00 && r < 0xE000:
			if !high {
				return true
			}
			high = false
		case high:
			return true
		}
	}
	return high
}

// typeMessage is the message for a value of the wrong type in field: the
// field's own where it says more (a whole percentage), else
// store.MsgInvalidValues.
func typeMessage(field string) string {
	if field == "offcutSettings.minUse" {
		return store.MsgOffcutMinUse
	}
	return nest.TypeMessage(field)
}

// decodeError is the error of a JSON body that could not be read: too
// large, a body that is no object, a value of the wrong type (naming its
// field), no body at all, or no JSON.
func decodeError(err error) error {
	var tooLarge *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooLarge):
		return apperr.New(apperr.TooLarge, tooLargeMessage(tooLarge.Limit))
	case errors.As(err, &typeErr) && typeErr.Field == "":
		return apperr.New(apperr.Invalid, msgNotObject) // the body itself
	case errors.As(err, &typeErr):
		return apperr.NewField(apperr.Invalid, typeErr.Field, typeMessage(typeErr.Field))
	case errors.Is(err, io.EOF):
		return apperr.New(apperr.Invalid, store.MsgRequired)
	default:
		return apperr.New(apperr.Invalid, msgBadJSON)
	}
}
