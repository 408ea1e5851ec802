package server

import (
	"net/http"
	"unicode/utf8"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// The routes of a job (docs/http-api.md, "Jobs"): a saved layout that is
// planned, being cut or cut, re-planned with its cut sheets pinned, and
// its pieces ticked from the phones at the saw. Who may: whoever may read
// the layout, that is its owner (each user sees only their own layouts;
// in local mode everyone on this computer).

// maxPieceID bounds a piece id in a tick's path: a Placed.ID is a part id
// (at most 200 characters) and a copy number.
const maxPieceID = store.MaxNameLength + 16

// registerJobRoutes adds PUT and PATCH /api/layouts/{id},
// PUT /api/layouts/{id}/pieces/{pieceId} and its recut to mux.
func registerJobRoutes(mux *http.ServeMux, h *storeHandlers) {
	mux.HandleFunc("PUT /api/layouts/{id}", h.replaceLayout)
	mux.HandleFunc("PATCH /api/layouts/{id}", h.setLayoutState)
	mux.HandleFunc("PUT /api/layouts/{id}/pieces/{pieceId}", h.tickPiece)
	mux.HandleFunc("POST /api/layouts/{id}/pieces/{pieceId}/recut", h.recutPiece)
}

// recutPiece answers POST /api/layouts/{id}/pieces/{pieceId}/recut: a
// piece spoiled at the saw comes back as one part of its line (size,
// material, thickness, grain, bands) in the saved parts of the job's
// owner, who plans the next job, whoever on the team tapped it: 201 the
// part. The job records the recut (its recutPieces), so a piece goes
// once: a second recut of it, from any phone, is 409 MsgRecutDone and
// adds nothing.
func (h *storeHandlers) recutPiece(w http.ResponseWriter, r *http.Request) {
	piece, owner, err := h.pieceOf(r)
	if err != nil {
		Error(w, r, err)
		return
	}
	part, err := h.st.RecutPiece(r.Context(), owner, r.PathValue("id"), store.Recut{PieceID: piece, By: userName(r)})
	if err != nil {
		Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, part)
}

// pieceOf reads the piece id of a route under /api/layouts/{id}/pieces/
// (NotFound for one no result can hold) and whose job it is (floorOwner).
func (h *storeHandlers) pieceOf(r *http.Request) (string, store.Owner, error) {
	piece := r.PathValue("pieceId")
	if piece == "" || len(piece) > maxPieceID || !utf8.ValidString(piece) {
		return "", store.Owner{}, apperr.New(apperr.NotFound, store.MsgPieceMissing)
	}
	owner, err := h.floorOwner(r, r.PathValue("id"))
	return piece, owner, err
}

// userName is the signed-in user's name, recorded as who changed a job;
// empty in local mode.
func userName(r *http.Request) string {
	if acc, ok := accountOf(r); ok {
		return acc.Name
	}
	return ""
}

// replaceLayout answers PUT /api/layouts/{id}: a re-plan. Without a name the
// stored one stays.
func (h *storeHandlers) replaceLayout(w http.ResponseWriter, r *http.Request) {
	in, body, done, ok := readVerified(w, r)
	if !ok {
		return
	}
	defer done()
	owner, id := requestOwner(r), r.PathValue("id")
	if body.Name == nil {
		cur, err := h.st.GetLayout(r.Context(), owner, id)
		if err != nil {
			Error(w, r, err)
			return
		}
		in.Name = cur.Name
	}
	l, err := h.st.ReplaceLayout(r.Context(), owner, id, in)
	if err != nil {
		Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

// stateBody is the body of PATCH /api/layouts/{id}.
type stateBody struct {
	State *string `json:"state"`
	// From, optional: the state the change is made from (StateChange.From).
	From string `json:"from"`
}

// cutAnswer is the answer of a PATCH that cut a job: the layout, with the
// number of offcuts its cut put on the rack and the leftovers the rack's
// limit kept off it (absent when none), the sheets it took off the owner's
// stock rows, those of rows edited or deleted since, not taken, and those
// the job used beyond what a row had, not in stock (each absent when none).
type cutAnswer struct {
	store.Layout
	Offcuts        int                   `json:"offcuts"`
	OffcutsSkipped *store.SkippedOffcuts `json:"offcutsSkipped,omitempty"`
	StockTaken     []store.StockTaken    `json:"stockTaken,omitempty"`
	StockNotTaken  []store.StockSheets   `json:"stockNotTaken,omitempty"`
	StockShort     []store.StockSheets   `json:"stockShort,omitempty"`
}

// undoAnswer is the answer of a PATCH that undid a job's cut and put
// sheets back on the owner's stock rows: the layout, with those sheets and
// those it could not put back (the row's id now names another sheet, or
// the list is full; absent when none).
type undoAnswer struct {
	store.Layout
	StockReturned    []store.StockSheets `json:"stockReturned,omitempty"`
	StockNotReturned []store.StockSheets `json:"stockNotReturned,omitempty"`
}

// setLayoutState answers PATCH /api/layouts/{id}: the job's new state; 200
// with the whole layout, after a cut what it put on the rack and took off
// the stock rows, after its undo the sheets it put back.
func (h *storeHandlers) setLayoutState(w http.ResponseWriter, r *http.Request) {
	var body stateBody
	if err := decodeJSON(w, r, &body, maxSmallBody); err != nil {
		Error(w, r, err)
		return
	}
	if body.State == nil {
		Error(w, r, apperr.NewField(apperr.Invalid, "state", store.MsgRequired))
		return
	}
	var rep store.CutReport
	l, err := h.st.SetLayoutState(store.WithCutReport(r.Context(), &rep), requestOwner(r), r.PathValue("id"),
		store.StateChange{State: *body.State, By: userName(r), From: body.From})
	if err != nil {
		Error(w, r, err)
		return
	}
	if rep.Done && l.State == store.StateCut {
		a := cutAnswer{Layout: l, Offcuts: rep.Added, StockTaken: rep.StockTaken, StockNotTaken: rep.StockNotTaken,
			StockShort: rep.StockShort}
		if rep.Skipped.Count > 0 {
			a.OffcutsSkipped = &rep.Skipped
		}
		writeJSON(w, http.StatusOK, a)
		return
	}
	if rep.Undone && l.State != store.StateCut && len(rep.StockReturned)+len(rep.StockNotReturned) > 0 {
		writeJSON(w, http.StatusOK, undoAnswer{Layout: l, StockReturned: rep.StockReturned, StockNotReturned: rep.StockNotReturned})
		return
	}
	writeJSON(w, http.StatusOK, l)
}

// tickBody is the body of a tick.
type tickBody struct {
	Cut *bool `json:"cut"`
}

// tickPiece answers PUT /api/layouts/{id}/pieces/{pieceId}: 200 with the
// job's ticked pieces and progress.
func (h *storeHandlers) tickPiece(w http.ResponseWriter, r *http.Request) {
	var body tickBody
	if err := decodeJSON(w, r, &body, maxSmallBody); err != nil {
		Error(w, r, err)
		return
	}
	if body.Cut == nil {
		Error(w, r, apperr.NewField(apperr.Invalid, "cut", store.MsgRequired))
		return
	}
	piece, owner, err := h.pieceOf(r)
	if err != nil {
		Error(w, r, err)
		return
	}
	ticks, err := h.st.TickPiece(r.Context(), owner, r.PathValue("id"),
		store.Tick{PieceID: piece, Cut: *body.Cut, By: userName(r)})
	if err != nil {
		Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ticks)
}

// maxSmallBody bounds the bodies of a state change and a tick.
const maxSmallBody = 4 << 10

// stockAnswer is the JSON of GET and PUT /api/stock: the sheet rows, then
// the offcuts on the rack (with "offcut": true, "sourceLayoutId" and
// "createdAt"), the band codes and the offcut settings.
type stockAnswer struct {
	Stock    []any                `json:"stock"`
	Bands    []nest.Band          `json:"bands"`
	Settings store.OffcutSettings `json:"offcutSettings"`
	// Version is the number of saves of the list, for PUT's "version".
	Version int64 `json:"version"`
}

func newStockAnswer(list store.StockList) stockAnswer {
	a := stockAnswer{Stock: make([]any, 0, len(list.Stock)+len(list.Offcuts)), Bands: list.Bands, Version: list.Version}
	for _, st := range list.Stock {
		a.Stock = append(a.Stock, st)
	}
	for _, o := range list.Offcuts {
		a.Stock = append(a.Stock, o)
	}
	if a.Bands == nil {
		a.Bands = []nest.Band{}
	}
	if list.Settings != nil {
		a.Settings = *list.Settings
	} else {
		a.Settings = store.DefaultOffcutSettings()
	}
	if a.Settings.Rules == nil {
		a.Settings.Rules = []nest.OffcutRule{}
	}
	return a
}
