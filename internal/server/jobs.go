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

// registerJobRoutes adds PUT and PATCH /api/layouts/{id} and
// PUT /api/layouts/{id}/pieces/{pieceId} to mux.
func registerJobRoutes(mux *http.ServeMux, h *storeHandlers) {
	mux.HandleFunc("PUT /api/layouts/{id}", h.replaceLayout)
	mux.HandleFunc("PATCH /api/layouts/{id}", h.setLayoutState)
	mux.HandleFunc("PUT /api/layouts/{id}/pieces/{pieceId}", h.tickPiece)
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
	var body layoutBody
	if err := decodeJSON(w, r, &body, maxStoreBody); err != nil {
		Error(w, r, err)
		return
	}
	in, err := body.layout()
	if err != nil {
		Error(w, r, err)
		return
	}
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
}

// setLayoutState answers PATCH /api/layouts/{id}: the job's new state; 200
// with the whole layout.
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
	l, err := h.st.SetLayoutState(r.Context(), requestOwner(r), r.PathValue("id"),
		store.StateChange{State: *body.State, By: userName(r)})
	if err != nil {
		Error(w, r, err)
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
	piece := r.PathValue("pieceId")
	if piece == "" || len(piece) > maxPieceID || !utf8.ValidString(piece) {
		Error(w, r, apperr.New(apperr.NotFound, store.MsgPieceMissing))
		return
	}
	owner, err := h.floorOwner(r, r.PathValue("id"))
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
}

func newStockAnswer(list store.StockList) stockAnswer {
	a := stockAnswer{Stock: make([]any, 0, len(list.Stock)+len(list.Offcuts)), Bands: list.Bands}
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
