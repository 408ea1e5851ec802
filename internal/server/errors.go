package server

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"kesim/internal/store"
)

// msgBadJSON is the Turkish message for a body that is no JSON.
const msgBadJSON = "İstek gövdesi geçerli bir JSON değil."

// msgTooLarge is the 413 message of the routes that take up to 5 MB (the
// store's and the layout's).
var msgTooLarge = tooLargeMessage(5 << 20)

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

// Error codes of the JSON error body (DESIGN.md section 5).
const (
	CodeInvalid      = "invalid"
	CodeUnauthorized = "unauthorized"
	CodeForbidden    = "forbidden"
	CodeNotFound     = "not_found"
	CodeConflict     = "conflict"
	CodeTooLarge     = "too_large"
	CodeInternal     = "internal"
)

// errorBody is the JSON shape of every error answer:
// {"error":{"code":"invalid","message":"...","fields":{}}}.
type errorBody struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields,omitempty"`
	} `json:"error"`
}

// writeError answers with a JSON error. The message is Turkish and meant for
// the user; internal details belong in the log, never here.
func writeError(w http.ResponseWriter, status int, code, message string, fields map[string]string) {
	var b errorBody
	b.Error.Code = code
	b.Error.Message = message
	b.Error.Fields = fields
	writeJSON(w, status, b)
}

// writeJSON answers with v encoded as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeDecodeError answers a request whose JSON body could not be decoded:
// 413 when it was too large, else 400 naming the field of a wrong type.
func writeDecodeError(w http.ResponseWriter, err error) {
	var tooLarge *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooLarge):
		writeError(w, http.StatusRequestEntityTooLarge, CodeTooLarge, tooLargeMessage(tooLarge.Limit), nil)
	case errors.As(err, &typeErr):
		var fields map[string]string
		if typeErr.Field != "" {
			fields = map[string]string{typeErr.Field: store.MsgInvalidValues}
		}
		writeError(w, http.StatusBadRequest, CodeInvalid, store.MsgInvalidValues, fields)
	case errors.Is(err, io.EOF):
		writeError(w, http.StatusBadRequest, CodeInvalid, store.MsgRequired, nil)
	default:
		writeError(w, http.StatusBadRequest, CodeInvalid, msgBadJSON, nil)
	}
}
