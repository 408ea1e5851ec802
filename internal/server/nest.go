package server

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"runtime"
	"time"

	"kesim/nest"
)

// maxNestBody bounds POST /api/nest: 10,000 part lines fit easily.
const maxNestBody = 5 << 20

// nestHandler lays out a job on the server, for browsers that cannot run
// the engine themselves.
type nestHandler struct {
	limit time.Duration
	log   *slog.Logger
}

// nestSlots bounds the layouts the server computes at once to its cores:
// further requests wait their turn (or end when their client leaves) rather
// than share the CPU until every one of them is slow.
var nestSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

func (h *nestHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req nest.Request
	if !decodeJSON(w, r, &req, maxNestBody) {
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
	// The request's own deadline also ends the search if the client leaves.
	ctx, cancel := context.WithTimeout(r.Context(), h.limit+10*time.Second)
	defer cancel()
	res, err := nest.Layout(ctx, req, nil)
	var ie *nest.InputError
	switch {
	case errors.As(err, &ie):
		var fields map[string]string
		if ie.Field != "" {
			fields = map[string]string{ie.Field: ie.Message}
		}
		writeError(w, http.StatusBadRequest, CodeInvalid, ie.Message, fields)
	case err != nil:
		h.log.ErrorContext(r.Context(), "nest failed", "err", err)
		writeError(w, http.StatusInternalServerError, CodeInternal, "Sunucu hatası", nil)
	default:
		writeJSON(w, http.StatusOK, res)
	}
}

// decodeJSON reads one JSON value of at most limit bytes from the body into
// v, answering the error itself (400 or 413, in Turkish) and reporting
// false when it cannot.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any, limit int64) bool {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(r.Body)
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("data after the JSON value")
	}
	if err == nil {
		return true
	}
	writeDecodeError(w, err)
	return false
}
