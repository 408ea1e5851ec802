package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"kesim/export"
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
	metrics   *serverMetrics // counts the layouts (nil: not counted)
}

// nestSlots bounds the layouts the server computes at once to its cores:
// further requests wait their turn (or end when their client leaves) rather
// than share the CPU until every one of them is slow.
var nestSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

// nestMaxWorkers caps a request's options.workers at half the server's
// cores (at least one), so that one user cannot take a busy server's every
// core; a request that asks for fewer keeps its count (and with a seed and
// an iteration budget, its layout).
var nestMaxWorkers = max(1, runtime.GOMAXPROCS(0)/2)

// nestAdmitted bounds the requests that hold a job in memory, those laid
// out and those waiting for a slot, to four per slot. One more is answered
// 503 at once, before its body is read: the memory of POST /api/nest is
// then at most cap(nestAdmitted) decoded requests (each at most maxPieces
// part lines) and cap(nestSlots) layouts in progress.
var nestAdmitted = make(chan struct{}, 4*cap(nestSlots))

// admittedPerClient caps one client's share of nestAdmitted at half, so
// that one client's requests (many, or stalled while sending their body)
// leave the others room; a client is a signed-in account, else an address.
var admittedPerClient = max(1, cap(nestAdmitted)/2)

// bodyTimeout bounds the reading of an admitted request's body: a client
// that stalls holds its admission that long, not the server's 60 s read
// timeout. 5 MB in 15 s is 350 KB/s; a job of 1,000 parts is about 90 KB.
var bodyTimeout = 15 * time.Second

// admitted counts the admissions of each client.
var admitted = struct {
	sync.Mutex
	n map[string]int
}{n: map[string]int{}}

// admit takes one of nestAdmitted for r, or reports false when the server,
// or r's client, holds its share: the caller then answers 503 busy before
// reading the body. done gives the admission back. The body must then be
// read within bodyTimeout.
func admit(w http.ResponseWriter, r *http.Request) (done func(), ok bool) {
	key := peerAddr(r).String()
	if acc, signedIn := accountOf(r); signedIn {
		key = "account " + acc.ID
	}
	admitted.Lock()
	if admitted.n[key] >= admittedPerClient {
		admitted.Unlock()
		return nil, false
	}
	select {
	case nestAdmitted <- struct{}{}:
	default:
		admitted.Unlock()
		return nil, false
	}
	admitted.n[key]++
	admitted.Unlock()
	// A recorder in tests cannot set deadlines; a real connection can.
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyTimeout))
	return func() {
		<-nestAdmitted
		admitted.Lock()
		if admitted.n[key]--; admitted.n[key] == 0 {
			delete(admitted.n, key)
		}
		admitted.Unlock()
	}, true
}

// takeSlot waits for one of nestSlots for r, or reports false when the
// client left meanwhile (and says so in the log); release gives it back.
func takeSlot(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	select {
	case nestSlots <- struct{}{}:
		return func() { <-nestSlots }, true
	case <-r.Context().Done():
		clientLeft(w) // while waiting
		return nil, false
	}
}

// Turkish messages of POST /api/nest.
const (
	msgTooManyPieces = "Bu sunucuda bir hesaplamada en fazla %s parça yerleştirilebilir."
	msgNestTimeout   = "Hesaplama sunucunun süre sınırı olan %s saniyede bitmedi. " +
		"Lütfen daha az parçayla deneyin ya da düzeni tarayıcıda hesaplayın."
)

func (h *nestHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	done, ok := admit(w, r)
	if !ok {
		Error(w, r, apperr.New(apperr.Busy, msgBusy))
		return
	}
	defer done()
	maxPieces := h.maxPieces
	if maxPieces <= 0 {
		maxPieces = DefaultNestMaxPieces
	}
	body := http.MaxBytesReader(w, r.Body, maxNestBody)
	// The engine's reader counts the pieces as it reads the parts and
	// stops past the limit (and past 1,000 stock rows or 100 bands).
	req, err := nest.ReadRequest(body, maxPieces)
	if errors.Is(err, nest.ErrTooManyPieces) {
		// Say what is wrong with the whole body: the rest is read (and
		// thrown away, never decoded) to tell a body over the limit.
		if _, err := io.Copy(io.Discard, body); err != nil {
			Error(w, r, decodeError(err))
			return
		}
		Error(w, r, apperr.New(apperr.TooLarge, fmt.Sprintf(msgTooManyPieces, export.Count(float64(maxPieces)))))
		return
	}
	var ie *nest.InputError
	if errors.As(err, &ie) {
		Error(w, r, ie) // a list over its limit, in the engine's words
		return
	}
	if err != nil {
		Error(w, r, decodeError(err))
		return
	}
	release, ok := takeSlot(w, r)
	if !ok {
		return
	}
	defer release()
	boundOptions(&req.Options, h.limit)
	// The cap ends the search whatever the request asked: the engine
	// returns the best complete layout it has when its context ends. The
	// request's context also ends it if the client leaves.
	ctx, cancel := context.WithTimeout(r.Context(), h.limit)
	defer cancel()
	res, err := nest.Layout(ctx, req, nil)
	h.metrics.layout(r, err)
	switch {
	case r.Context().Err() != nil:
		clientLeft(w) // nobody is waiting for the answer
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

// trailing fails when anything but white space follows the JSON value
// (dec.More would miss a stray closing bracket).
func trailing(dec *json.Decoder) error {
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON value")
	}
	return nil
}

// seconds writes d in seconds with a decimal comma: 5, 1,5.
func seconds(d time.Duration) string {
	return strings.Replace(strconv.FormatFloat(d.Seconds(), 'f', -1, 64), ".", ",", 1)
}

// boundOptions caps what a request's options may take of the server: the
// time limit at the hard cap, the workers at nestMaxWorkers. Values the
// engine refuses stay as they are, so that the request gets the engine's
// message, as from kesim nest.
func boundOptions(o *nest.Options, limit time.Duration) {
	if o.TimeLimitMs <= nest.MaxTimeLimitMs {
		o.TimeLimitMs = min(o.TimeLimitMs, int(limit.Milliseconds()))
	}
	if o.Workers <= nest.MaxWorkers {
		o.Workers = min(o.Workers, nestMaxWorkers)
	}
}
