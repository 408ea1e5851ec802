package server

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"kesim/internal/apperr"
	"kesim/internal/store"
	"kesim/nest"
)

// maxStoreBody bounds a request body of the store routes (issue 5): a sync
// of everything a browser kept locally fits many times over.
const maxStoreBody = 5 << 20

// registerStoreRoutes adds the saved parts and layouts API of
// docs/http-api.md to mux: GET/POST /api/parts, DELETE /api/parts/{id},
// GET/POST /api/layouts, GET/DELETE /api/layouts/{id}, POST /api/sync,
// GET/PUT /api/stock, and the job routes (registerJobRoutes).
func registerStoreRoutes(mux *http.ServeMux, st store.Store) {
	h := &storeHandlers{st: st}
	mux.HandleFunc("GET /api/parts", h.listParts)
	mux.HandleFunc("POST /api/parts", h.createPart)
	mux.HandleFunc("DELETE /api/parts/{id}", h.deletePart)
	mux.HandleFunc("GET /api/layouts", h.listLayouts)
	mux.HandleFunc("GET /api/layouts/{id}", h.getLayout)
	mux.HandleFunc("POST /api/layouts", h.createLayout)
	mux.HandleFunc("DELETE /api/layouts/{id}", h.deleteLayout)
	mux.HandleFunc("POST /api/sync", h.sync)
	mux.HandleFunc("GET /api/stock", h.getStock)
	mux.HandleFunc("PUT /api/stock", h.putStock)
	registerJobRoutes(mux, h)
}

type storeHandlers struct {
	st store.Store
}

// requestOwner is the owner whose rows a request may see: the signed-in
// account in team mode, anonymous (rows with a null user) in local mode.
func requestOwner(r *http.Request) store.Owner {
	if acc, ok := accountOf(r); ok {
		return store.User(acc.ID)
	}
	return store.Anonymous()
}

func (h *storeHandlers) listParts(w http.ResponseWriter, r *http.Request) {
	parts, err := h.st.ListParts(r.Context(), requestOwner(r))
	if err != nil {
		Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, parts)
}

func (h *storeHandlers) createPart(w http.ResponseWriter, r *http.Request) {
	var body partBody
	if err := decodeJSON(w, r, &body, maxStoreBody); err != nil {
		Error(w, r, err)
		return
	}
	in, err := body.part()
	if err != nil {
		Error(w, r, err)
		return
	}
	p, err := h.st.CreatePart(r.Context(), requestOwner(r), partInput(in))
	if err != nil {
		Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, p)
}

func (h *storeHandlers) deletePart(w http.ResponseWriter, r *http.Request) {
	if err := h.st.DeletePart(r.Context(), requestOwner(r), r.PathValue("id")); err != nil {
		Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// listLayouts answers GET /api/layouts?q=TEXT&limit=N&cursor=C: one page
// of the user's layouts, newest first, each without its parts (only their
// counts), and the cursor of the next page unless it is the last.
func (h *storeHandlers) listLayouts(w http.ResponseWriter, r *http.Request) {
	query := r.URL.Query()
	q := store.LayoutQuery{Search: query.Get("q"), Cursor: query.Get("cursor")}
	if query.Has("limit") {
		n, err := strconv.Atoi(query.Get("limit"))
		if err != nil || n < 1 {
			Error(w, r, apperr.NewField(apperr.Invalid, "limit", store.MsgLayoutLimit))
			return
		}
		q.Limit = n
	}
	page, err := h.st.ListLayouts(r.Context(), requestOwner(r), q)
	if err != nil {
		Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}

// floorOwner returns whose layout id the request may read and tick: the
// requester's own, or, for a signed-in user, another user's job on the
// shop floor (being cut or cut), which the whole team works on: the QR
// code on a sheet opens its checklist on any signed-in phone. Changing or
// deleting a job stays its owner's. Another user's job is given as a
// store.Floor owner, so that the store checks the state again where it
// reads or ticks the job: one moved back to planned since LayoutOwner
// answered is not found.
func (h *storeHandlers) floorOwner(r *http.Request, id string) (store.Owner, error) {
	own := requestOwner(r)
	if _, ok := accountOf(r); !ok {
		return own, nil
	}
	owner, state, err := h.st.LayoutOwner(r.Context(), id)
	if apperr.CodeOf(err) == apperr.NotFound {
		return own, nil
	}
	if err != nil {
		return own, err
	}
	if owner == own || state == store.StatePlanned {
		return own, nil
	}
	user, _ := owner.UserID()
	return store.Floor(user), nil
}

// getLayout answers GET /api/layouts/{id}: the whole layout, to load it.
func (h *storeHandlers) getLayout(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	owner, err := h.floorOwner(r, id)
	if err != nil {
		Error(w, r, err)
		return
	}
	l, err := h.st.GetLayout(r.Context(), owner, id)
	if err != nil {
		Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

// readVerified reads the body of a save that may carry a result (POST and
// PUT /api/layouts) as POST /api/nest reads a job: admitted first (admit,
// else 503 busy), and, when there is a result, holding a core (nestSlots)
// until done is called, since the store verifies it (nest.Verify takes
// seconds on tens of thousands of pieces; eight such saves at once held
// both cores for 15 s each). It reports false when it has answered.
func readVerified(w http.ResponseWriter, r *http.Request) (in store.LayoutInput, body layoutBody, done func(), ok bool) {
	leave, ok := admit(w, r)
	if !ok {
		Error(w, r, apperr.New(apperr.Busy, msgBusy))
		return in, body, nil, false
	}
	if err := decodeJSON(w, r, &body, maxStoreBody); err != nil {
		leave()
		Error(w, r, err)
		return in, body, nil, false
	}
	in, err := body.layout()
	if err != nil {
		leave()
		Error(w, r, err)
		return in, body, nil, false
	}
	if in.Result == nil {
		return in, body, leave, true
	}
	release, ok := takeSlot(w, r)
	if !ok {
		leave()
		return in, body, nil, false
	}
	return in, body, func() { release(); leave() }, true
}

func (h *storeHandlers) createLayout(w http.ResponseWriter, r *http.Request) {
	in, _, done, ok := readVerified(w, r)
	if !ok {
		return
	}
	defer done()
	l, err := h.st.CreateLayout(r.Context(), requestOwner(r), in)
	if err != nil {
		Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, l)
}

func (h *storeHandlers) deleteLayout(w http.ResponseWriter, r *http.Request) {
	if err := h.st.DeleteLayout(r.Context(), requestOwner(r), r.PathValue("id")); err != nil {
		Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// syncBody is what a browser kept locally while the server was out of
// reach. Layouts in the local format ({id, name, parts, createdAt}) decode
// as they are: the local id is dropped, the date kept.
type syncBody struct {
	Parts   []partBody   `json:"parts"`
	Layouts []layoutBody `json:"layouts"`
}

func (h *storeHandlers) sync(w http.ResponseWriter, r *http.Request) {
	var body syncBody
	if err := decodeJSON(w, r, &body, maxStoreBody); err != nil {
		Error(w, r, err)
		return
	}
	parts := make([]store.PartInput, len(body.Parts))
	for i, b := range body.Parts {
		p, err := b.part()
		if err != nil {
			Error(w, r, apperr.WithFieldPrefix(err, fmt.Sprintf("parts[%d]", i)))
			return
		}
		parts[i] = partInput(p)
		parts[i].CreatedAt = time.Time(b.CreatedAt)
	}
	layouts := make([]store.LayoutInput, len(body.Layouts))
	for i, b := range body.Layouts {
		l, err := b.layout()
		if err != nil {
			Error(w, r, apperr.WithFieldPrefix(err, fmt.Sprintf("layouts[%d]", i)))
			return
		}
		l.CreatedAt = time.Time(b.CreatedAt)
		l.Result = nil // a browser's local layouts are synced without results
		layouts[i] = l
	}
	// Items dated alike keep the request's order (store.KeepOrder).
	partTimes := make([]*time.Time, len(parts))
	for i := range parts {
		partTimes[i] = &parts[i].CreatedAt
	}
	store.KeepOrder(partTimes)
	layoutTimes := make([]*time.Time, len(layouts))
	for i := range layouts {
		layoutTimes[i] = &layouts[i].CreatedAt
	}
	store.KeepOrder(layoutTimes)
	res, err := h.st.Sync(r.Context(), requestOwner(r), parts, layouts)
	if err != nil {
		Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// partBody is a part as a client sends it. Pointers tell a missing field
// ('Lütfen tüm alanları doldurun!') from a zero one; the quantity is read as
// a number so that 2.5 gets a Turkish message rather than a decoding error.
type partBody struct {
	ID       clientID `json:"id"`
	Name     *string  `json:"name"`
	Width    *float64 `json:"width"`
	Height   *float64 `json:"height"`
	Quantity *float64 `json:"quantity"`
	Rotate   *bool    `json:"rotate"`
	// Material, Thickness (mm), Grain and Edges are optional.
	Material  string      `json:"material"`
	Thickness float64     `json:"thickness"`
	Grain     string      `json:"grain"`
	Edges     *nest.Edges `json:"edges"`
	// CreatedAt is read by POST /api/sync only.
	CreatedAt clientTime `json:"createdAt"`
}

// part checks that every field is there and the quantity is whole; the
// store checks the rest.
func (b partBody) part() (nest.Part, error) {
	switch {
	case b.Name == nil:
		return nest.Part{}, apperr.NewField(apperr.Invalid, "name", store.MsgRequired)
	case b.Width == nil:
		return nest.Part{}, apperr.NewField(apperr.Invalid, "width", store.MsgRequired)
	case b.Height == nil:
		return nest.Part{}, apperr.NewField(apperr.Invalid, "height", store.MsgRequired)
	case b.Quantity == nil:
		return nest.Part{}, apperr.NewField(apperr.Invalid, "quantity", store.MsgRequired)
	}
	q := *b.Quantity
	switch {
	case q < 1 || q != math.Trunc(q):
		return nest.Part{}, apperr.NewField(apperr.Invalid, "quantity", store.MsgInvalidValues)
	case q > store.MaxQuantity:
		return nest.Part{}, apperr.NewField(apperr.Invalid, "quantity", store.MsgQuantity)
	}
	return nest.Part{
		ID: string(b.ID), Name: *b.Name, Width: *b.Width, Height: *b.Height, Quantity: int(q), Rotate: b.Rotate,
		Material: b.Material, Thickness: b.Thickness, Grain: b.Grain, Edges: b.Edges,
	}, nil
}

// partInput is a checked part body as the store saves it.
func partInput(p nest.Part) store.PartInput {
	return store.PartInput{
		Name: p.Name, Width: p.Width, Height: p.Height, Quantity: p.Quantity,
		Material: p.Material, Thickness: p.Thickness, Grain: p.Grain, Edges: p.Edges,
	}
}

// layoutBody is a layout as a client sends it; sheet and options may be
// left out (the default canvas, the engine's default options).
type layoutBody struct {
	Name    *string       `json:"name"`
	Parts   []partBody    `json:"parts"`
	Sheet   *nest.Sheet   `json:"sheet"`
	Options *nest.Options `json:"options"`
	// Stock and Bands are the stock rows and band codes the layout is made
	// with (optional).
	Stock []stockRowBody `json:"stock"`
	Bands []nest.Band    `json:"bands"`
	// Result is the engine's layout of the parts (optional; not synced).
	Result *nest.Result `json:"result"`
	// CreatedAt is read by POST /api/sync only.
	CreatedAt clientTime `json:"createdAt"`
}

func (b layoutBody) layout() (store.LayoutInput, error) {
	var l store.LayoutInput
	if b.Name != nil {
		l.Name = *b.Name
	}
	if len(b.Parts) > store.MaxLayoutParts {
		return l, apperr.NewField(apperr.Invalid, "parts", store.MsgLayoutTooBig)
	}
	l.Parts = make([]nest.Part, len(b.Parts))
	for i, pb := range b.Parts {
		p, err := pb.part()
		if err != nil {
			return l, apperr.WithFieldPrefix(err, fmt.Sprintf("parts[%d]", i))
		}
		l.Parts[i] = p
	}
	// A line without an id keeps the one the engine gives it, so that a
	// re-plan finds the lines of the result's pieces (p1-0 is line p1).
	// Two lines of one id cannot both be named by a result's pieces (the
	// engine refuses them): with a result that is the client's error;
	// without one (a synced layout, a layout saved before its result) the
	// lines are named anew, so that the layout lays out again.
	ids, err := nest.LineIDs(l.Parts)
	if err != nil && b.Result != nil {
		return l, err
	}
	if err != nil {
		for i := range l.Parts {
			l.Parts[i].ID = ""
		}
		ids, err = nest.LineIDs(l.Parts)
	}
	if err != nil {
		return l, err
	}
	l.Parts = ids
	if b.Sheet != nil {
		l.Sheet = *b.Sheet
	}
	if b.Options != nil {
		l.Options = *b.Options
	}
	if l.Stock, err = stockRows(b.Stock); err != nil {
		return l, err
	}
	l.Bands = b.Bands
	l.Result = b.Result
	return l, nil
}

// stockRowBody is a stock row as a client sends it (nest.Stock's fields):
// the quantity is read as a number so that 2.5 gets the stock quantity's
// Turkish message rather than a decoding error.
type stockRowBody struct {
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Material  string  `json:"material"`
	Thickness float64 `json:"thickness"`
	Width     float64 `json:"width"`
	Height    float64 `json:"height"`
	Quantity  float64 `json:"quantity"`
	Price     float64 `json:"price"`
	Grain     string  `json:"grain"`
	// Offcut marks an offcut from the rack; PUT /api/stock keeps it only
	// when it is on the user's rack.
	Offcut bool `json:"offcut"`
}

// stockRows checks the stock rows' count and whole quantities; the store
// checks the rest.
func stockRows(rows []stockRowBody) ([]nest.Stock, error) {
	if len(rows) > store.MaxStockRows {
		return nil, apperr.NewField(apperr.Invalid, "stock", store.MsgStockTooMany)
	}
	if rows == nil {
		return nil, nil
	}
	out := make([]nest.Stock, len(rows))
	for i, r := range rows {
		q := r.Quantity
		if q < 0 || q > store.MaxStockQuantity || q != math.Trunc(q) {
			return nil, apperr.NewField(apperr.Invalid, fmt.Sprintf("stock[%d].quantity", i), store.MsgStockQuantity)
		}
		out[i] = nest.Stock{
			ID: r.ID, Name: r.Name, Material: r.Material, Thickness: r.Thickness,
			Width: r.Width, Height: r.Height, Quantity: int(q), Price: r.Price, Grain: r.Grain, Offcut: r.Offcut,
		}
	}
	return out, nil
}

// stockBody is the body of PUT /api/stock: both lists, each possibly
// empty. A body without one of them is refused rather than taken as an
// empty list, so that a client that sends only its stock rows never wipes
// the band codes.
type stockBody struct {
	Stock *[]stockRowBody `json:"stock"`
	Bands *[]nest.Band    `json:"bands"`
	// OffcutSettings is optional: absent keeps the stored settings.
	OffcutSettings *offcutSettingsBody `json:"offcutSettings"`
	// OffcutsSeen is optional: the rack's offcuts the client had read
	// (store.StockList.Seen); absent, every offcut left out is removed.
	OffcutsSeen *[]string `json:"offcutsSeen"`
	// Options is optional: the layout options the dialog sets with the
	// list (store.StockOptions). Absent keeps the stored options, so that
	// a client from before them never resets them.
	Options *stockOptionsBody `json:"options"`
	// Version is optional: the "version" of the list the client read
	// (store.StockList.IfVersion). Given, a list another tab or device
	// saved since is not overwritten: 409, nothing changed. Absent, the
	// body replaces whatever is stored, as before versions existed.
	Version *int64 `json:"version"`
}

// offcutSettingsBody is store.OffcutSettings as a client sends it: every
// field is required, so that a client that sends one of them never resets
// the others (a body of {"maxArea":5} stored no rules and 0 % least use).
type offcutSettingsBody struct {
	Rules   *[]offcutRuleBody `json:"rules"`
	MaxArea *float64          `json:"maxArea"`
	MinUse  *int              `json:"minUse"`
}

// offcutRuleBody is nest.OffcutRule as a client sends it: both least
// sizes are required, so that a key misspelled ("minHieght") or left out
// never makes a rule of any height or width; the material and thickness
// may be left out (any material, any thickness).
type offcutRuleBody struct {
	Material  string   `json:"material"`
	Thickness float64  `json:"thickness"`
	MinWidth  *float64 `json:"minWidth"`
	MinHeight *float64 `json:"minHeight"`
}

// msgOffcutRuleSizes refuses an offcut rule without one of its least sizes.
const msgOffcutRuleSizes = "Artık kuralının en küçük genişliği ve yüksekliği yazılmalı."

// settings returns the settings, or the error naming the first field
// missing.
func (b *offcutSettingsBody) settings() (*store.OffcutSettings, error) {
	switch {
	case b == nil:
		return nil, nil
	case b.Rules == nil:
		return nil, apperr.NewField(apperr.Invalid, "offcutSettings.rules", store.MsgRequired)
	case b.MaxArea == nil:
		return nil, apperr.NewField(apperr.Invalid, "offcutSettings.maxArea", store.MsgRequired)
	case b.MinUse == nil:
		return nil, apperr.NewField(apperr.Invalid, "offcutSettings.minUse", store.MsgRequired)
	}
	rules, err := offcutRules("offcutSettings.rules", *b.Rules)
	if err != nil {
		return nil, err
	}
	return &store.OffcutSettings{Rules: rules, MaxArea: *b.MaxArea, MinUse: *b.MinUse}, nil
}

// offcutRules returns the rules a client sent at field, or the error
// naming the first one without one of its least sizes (too many rules
// first, as the store would say).
func offcutRules(field string, body []offcutRuleBody) ([]nest.OffcutRule, error) {
	if body == nil {
		return nil, nil
	}
	if len(body) > nest.MaxOffcutRules {
		return nil, apperr.NewField(apperr.Invalid, field, nest.MsgTooManyRules)
	}
	rules := make([]nest.OffcutRule, len(body))
	for i, r := range body {
		switch {
		case r.MinWidth == nil:
			return nil, apperr.NewField(apperr.Invalid, fmt.Sprintf("%s[%d].minWidth", field, i), msgOffcutRuleSizes)
		case r.MinHeight == nil:
			return nil, apperr.NewField(apperr.Invalid, fmt.Sprintf("%s[%d].minHeight", field, i), msgOffcutRuleSizes)
		}
		rules[i] = nest.OffcutRule{Material: r.Material, Thickness: r.Thickness, MinWidth: *r.MinWidth, MinHeight: *r.MinHeight}
	}
	return rules, nil
}

// stockOptionsBody is store.StockOptions as a client sends it: every field
// is required, as offcutSettingsBody's, so that a client that sends one of
// them never resets the others.
type stockOptionsBody struct {
	Objective    *string `json:"objective"`
	DeductBands  *bool   `json:"deductBands"`
	KeepLeftover *bool   `json:"keepLeftover"`
}

// options returns the options, or the error naming the first field
// missing; the store checks the objective.
func (b *stockOptionsBody) options() (*store.StockOptions, error) {
	switch {
	case b == nil:
		return nil, nil
	case b.Objective == nil:
		return nil, apperr.NewField(apperr.Invalid, "options.objective", store.MsgObjective)
	case b.DeductBands == nil:
		return nil, apperr.NewField(apperr.Invalid, "options.deductBands", store.MsgRequired)
	case b.KeepLeftover == nil:
		return nil, apperr.NewField(apperr.Invalid, "options.keepLeftover", store.MsgRequired)
	}
	o, err := store.StockOptions{Objective: *b.Objective, DeductBands: *b.DeductBands, KeepLeftover: *b.KeepLeftover}.Validate()
	if err != nil {
		return nil, err
	}
	return &o, nil
}

// stockListAnswer is the JSON of GET and PUT /api/stock: the lists
// (stockAnswer), the layout options ("options", the defaults when the
// user saved none) and whether the user saved any ("optionsSaved"; false
// tells a browser that the options it kept may be sent).
type stockListAnswer struct {
	stockAnswer
	Options      store.StockOptions `json:"options"`
	OptionsSaved bool               `json:"optionsSaved"`
}

func newStockListAnswer(list store.StockList) stockListAnswer {
	a := stockListAnswer{stockAnswer: newStockAnswer(list), Options: store.DefaultStockOptions()}
	if list.Options != nil {
		a.Options, a.OptionsSaved = *list.Options, true
	}
	return a
}

// getStock answers GET /api/stock: the user's stock rows and band codes.
func (h *storeHandlers) getStock(w http.ResponseWriter, r *http.Request) {
	list, err := h.st.GetStock(r.Context(), requestOwner(r))
	if err != nil {
		Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newStockListAnswer(list))
}

// putStock answers PUT /api/stock: the user's whole stock list and band
// codes are replaced by the body's, in one transaction; 200 with what is
// stored.
func (h *storeHandlers) putStock(w http.ResponseWriter, r *http.Request) {
	var body stockBody
	if err := decodeJSON(w, r, &body, maxStoreBody); err != nil {
		Error(w, r, err)
		return
	}
	switch {
	case body.Stock == nil:
		Error(w, r, apperr.NewField(apperr.Invalid, "stock", store.MsgRequired))
		return
	case body.Bands == nil:
		Error(w, r, apperr.NewField(apperr.Invalid, "bands", store.MsgRequired))
		return
	}
	stock, err := stockRows(*body.Stock)
	if err != nil {
		Error(w, r, err)
		return
	}
	settings, err := body.OffcutSettings.settings()
	if err != nil {
		Error(w, r, err)
		return
	}
	options, err := body.Options.options()
	if err != nil {
		Error(w, r, err)
		return
	}
	var seen []string
	if body.OffcutsSeen != nil {
		if len(*body.OffcutsSeen) > store.MaxStockRows {
			Error(w, r, apperr.NewField(apperr.Invalid, "offcutsSeen", store.MsgStockTooMany))
			return
		}
		seen = append([]string{}, *body.OffcutsSeen...)
	}
	list, err := h.st.ReplaceStock(r.Context(), requestOwner(r),
		store.StockList{Stock: stock, Bands: *body.Bands, Settings: settings, Options: options, Seen: seen, IfVersion: body.Version})
	if err != nil {
		Error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newStockListAnswer(list))
}

// clientID is a part id as the web app keeps it: a string, or a number such
// as Date.now() in data kept by older versions.
type clientID string

// UnmarshalJSON accepts a string, a number or null.
func (id *clientID) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*id = clientID(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*id = clientID(n.String())
	return nil
}

// clientTime is a date kept by the browser: an ISO 8601 string as
// Date.toISOString writes it, or milliseconds since 1970 as Date.now gives.
// Anything else is taken as no date (the store then uses now), so that an
// odd date never blocks a sync.
type clientTime time.Time

// UnmarshalJSON reads the date, never failing.
func (t *clientTime) UnmarshalJSON(b []byte) error {
	var s string
	var ms int64
	switch {
	case json.Unmarshal(b, &s) == nil:
		if v, err := time.Parse(time.RFC3339Nano, s); err == nil {
			*t = clientTime(v)
		}
	case json.Unmarshal(b, &ms) == nil:
		*t = clientTime(time.UnixMilli(ms))
	}
	return nil
}
