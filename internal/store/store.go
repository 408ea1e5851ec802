// Package store keeps the parts and layouts that users save, so that a job
// can be loaded again later (docs/http-api.md and docs/database.md).
//
// Store is implemented by the sqlite and postgres packages; storetest holds
// the one conformance suite that both must pass. Every call is scoped to an
// Owner so that, once accounts exist, a user sees and deletes only their own
// rows.
package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"
	"sync"
	"time"

	"kesim/nest"
)

// DefaultSQLitePath is where the embedded database lives when no database
// URL is given.
const DefaultSQLitePath = "kesim-data/kesim.db"

// IsPostgresURL reports whether dsn selects the PostgreSQL driver: a
// postgres:// or postgresql:// URL. Anything else is a SQLite file path.
func IsPostgresURL(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Owner is the user scope of a call: the rows a call may see, change or
// create. The zero Owner is the anonymous owner, whose rows have a NULL
// user_id (the specification saves with a null user id when nobody is signed
// in). Owners never see each other's rows: not user A's rows as user B, nor
// the anonymous rows as a user, nor a user's rows anonymously.
type Owner struct {
	userID string
	floor  bool // Floor: only the user's layouts on the shop floor
}

// Anonymous is the owner of rows saved while nobody is signed in.
func Anonymous() Owner { return Owner{} }

// User is the owner with the given user id. An empty id is the anonymous
// owner.
func User(id string) Owner { return Owner{userID: id} }

// Floor is the user's jobs on the shop floor: whose layout another
// signed-in user reads, ticks or sends back for recutting (the server's
// floorOwner). GetLayout, TickPiece and RecutPiece find a layout for it
// only while it is not planned, in the same query that reads or locks it,
// so that a job moved back to planned after the server looked (its
// LayoutOwner) is never read or changed by another user; a part RecutPiece
// saves is the user's, as for User(id). Other methods are not given it.
func Floor(id string) Owner { return Owner{userID: id, floor: true} }

// OnFloor reports whether the owner is a Floor owner.
func (o Owner) OnFloor() bool { return o.floor }

// UserID returns the owner's user id and reports whether there is one (false
// for the anonymous owner).
func (o Owner) UserID() (string, bool) { return o.userID, o.userID != "" }

// UserIDOrNil returns the user id as a nullable value, nil for the anonymous
// owner: the user_id of the owner's rows.
func (o Owner) UserIDOrNil() *string {
	if o.userID == "" {
		return nil
	}
	id := o.userID
	return &id
}

// String returns the user id, or "anonymous".
func (o Owner) String() string {
	if o.userID == "" {
		return "anonymous"
	}
	return o.userID
}

// Part is a saved part (table parts). Sizes are in centimetres with at most
// two decimals.
type Part struct {
	ID       string  `json:"id"`
	Name     string  `json:"name"`
	Width    float64 `json:"width"`
	Height   float64 `json:"height"`
	Quantity int     `json:"quantity"`
	// Material, Thickness (mm), Grain and Edges are the optional columns,
	// as in nest.Part; absent when not given.
	Material  string      `json:"material,omitempty"`
	Thickness float64     `json:"thickness,omitempty"`
	Grain     string      `json:"grain,omitempty"`
	Edges     *nest.Edges `json:"edges,omitempty"`
	// UserID is the owner's user id; nil for the anonymous owner.
	UserID    *string   `json:"-"`
	CreatedAt time.Time `json:"createdAt"`
}

// PartInput is a part to save. Validate checks and normalises it.
type PartInput struct {
	Name     string  `json:"name"`
	Width    float64 `json:"width"`
	Height   float64 `json:"height"`
	Quantity int     `json:"quantity"`
	// Material, Thickness (mm), Grain and Edges are optional.
	Material  string      `json:"material,omitempty"`
	Thickness float64     `json:"thickness,omitempty"`
	Grain     string      `json:"grain,omitempty"`
	Edges     *nest.Edges `json:"edges,omitempty"`
	// CreatedAt, when set, is when the client first saved the part, such as
	// a part kept locally and synced later; zero means now (see Clock.At).
	CreatedAt time.Time `json:"createdAt"`
	// line is set when the part is a layout's line (checkLayoutPart) or a
	// recut of one (RecutPart): its sides need only be positive, as the
	// engine takes them, not MinPartSide as typed.
	line bool
}

// Layout is a saved layout (table saved_layouts): the whole job, so that
// loading it restores the parts, the canvas and the options.
type Layout struct {
	ID      string       `json:"id"`
	Name    string       `json:"name"`
	Parts   []nest.Part  `json:"parts"`
	Sheet   nest.Sheet   `json:"sheet"`
	Options nest.Options `json:"options"`
	// Stock and Bands are the stock rows and band codes the layout was
	// made with; absent in layouts saved without them (and before stock rows existed).
	Stock []nest.Stock `json:"stock,omitempty"`
	Bands []nest.Band  `json:"bands,omitempty"`
	// Result is the engine's layout saved with it (absent when saved
	// without one): what is cut is exactly what was planned.
	Result *nest.Result `json:"result,omitempty"`
	// State is StatePlanned, StateCutting or StateCut; StateBy names the
	// user who set it (empty in local mode) and StateAt says when (nil
	// until it changes).
	State   string     `json:"state"`
	StateBy string     `json:"stateBy,omitempty"`
	StateAt *time.Time `json:"stateAt,omitempty"`
	// CutOffcuts are the leftovers the job's cut put on the rack (or
	// found there, made by an earlier cut of it), with their codes: its
	// cut list lists these (an empty list: none). Nil unless the job is
	// cut, and for jobs cut before the drivers kept them.
	CutOffcuts *[]CutOffcut `json:"cutOffcuts,omitempty"`
	// CutPieces are the ticked pieces (Placed.ID), in the order ticked.
	CutPieces []string `json:"cutPieces"`
	// RecutPieces are the pieces (Placed.ID) sent back to be cut again
	// ("Bozuk", RecutPiece), in the order sent: each goes once.
	RecutPieces []string `json:"recutPieces"`
	Progress    Progress `json:"progress"`
	// UserID is the owner's user id; nil for the anonymous owner.
	UserID    *string   `json:"-"`
	CreatedAt time.Time `json:"createdAt"`
}

// LayoutInput is a layout to save. A zero Sheet means the default canvas of
// 100 x 148 cm; zero Options are the engine's defaults. Validate checks and
// normalises it.
type LayoutInput struct {
	Name    string       `json:"name"`
	Parts   []nest.Part  `json:"parts"`
	Sheet   nest.Sheet   `json:"sheet"`
	Options nest.Options `json:"options"`
	// Stock and Bands are optional: the stock rows and band codes the
	// layout is made with, validated as a StockList.
	Stock []nest.Stock `json:"stock,omitempty"`
	Bands []nest.Band  `json:"bands,omitempty"`
	// Result is optional: the engine's layout of the request, checked by
	// CheckResult (nest.Verify) before it is stored.
	Result *nest.Result `json:"result,omitempty"`
	// sent is the input as the client sent it, before Validate trimmed
	// and rounded it: the request the client's engine laid out.
	sent *LayoutInput
	// CreatedAt, when set, is when the client first saved the layout, such
	// as a layout kept locally and synced later; zero means now (see
	// Clock.At).
	CreatedAt time.Time `json:"createdAt"`
}

// LayoutSummary is a layout as the list shows it: its parts are left out,
// only counted (columns part_lines and pieces), so that listing never
// decodes them.
type LayoutSummary struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"createdAt"`
	// Sheet is nil when the stored canvas cannot be read.
	Sheet *nest.Sheet `json:"sheet"`
	// PartLines is the number of part lines, Pieces the sum of their
	// quantities.
	PartLines int `json:"partLines"`
	Pieces    int `json:"pieces"`
	// State is the job's state and Progress its ticked pieces against
	// the pieces its result places (0 of 0 without a result).
	State    string   `json:"state"`
	Progress Progress `json:"progress"`
}

// LayoutPage is one page of a layout list. Next, when not empty, is the
// cursor of the following page; it is empty on the last page.
type LayoutPage struct {
	Layouts []LayoutSummary `json:"layouts"`
	Next    string          `json:"next,omitempty"`
}

// SyncResult counts the rows that a Sync added.
type SyncResult struct {
	NewParts   int `json:"newParts"`
	NewLayouts int `json:"newLayouts"`
}

// Store saves and loads parts and layouts. Lists are newest first. Every
// method that touches rows is scoped to an Owner. Errors are *apperr.Error
// values: apperr.CodeOf tells Invalid, NotFound, Conflict, Unauthorized and
// Internal apart.
type Store interface {
	// ListParts returns the owner's parts, newest first.
	ListParts(ctx context.Context, owner Owner) ([]Part, error)
	// CreatePart validates p and saves it for the owner.
	CreatePart(ctx context.Context, owner Owner, p PartInput) (Part, error)
	// DeletePart deletes the owner's part with the given id. It returns a
	// NotFound error if the owner has no such part.
	DeletePart(ctx context.Context, owner Owner, id string) error

	// ListLayouts returns a page of the owner's layouts, newest first,
	// without their parts: only how many part lines and pieces each has.
	// An invalid query (see LayoutQuery.Check) is an Invalid error.
	ListLayouts(ctx context.Context, owner Owner, q LayoutQuery) (LayoutPage, error)
	// GetLayout returns the owner's layout with the given id, whole. It
	// returns a NotFound error if the owner has no such layout.
	GetLayout(ctx context.Context, owner Owner, id string) (Layout, error)
	// CreateLayout validates l and saves it for the owner.
	CreateLayout(ctx context.Context, owner Owner, l LayoutInput) (Layout, error)
	// DeleteLayout deletes the owner's layout with the given id. It returns
	// a NotFound error if the owner has no such layout.
	DeleteLayout(ctx context.Context, owner Owner, id string) error
	// ReplaceLayout validates l and puts it in place of the owner's layout
	// with the given id (a re-plan), keeping its id, date, state and the
	// ticks of the pages it keeps (and the recuts of the pieces it leaves
	// where they were, DroppedRecuts). A job being cut must keep every page
	// with a ticked piece unchanged (Conflict MsgJobPinned), and its
	// result is verified with those pages pinned; a cut job is a Conflict
	// (MsgJobIsCut). In a planned job the ticks are dropped. The result is
	// verified before the write transaction; inside it only ReplanHolds
	// runs, and a job that changed so that it does not hold is checked
	// again, at most ReplanAttempts times (then Conflict MsgReplanMoving).
	ReplaceLayout(ctx context.Context, owner Owner, id string, l LayoutInput) (Layout, error)
	// SetLayoutState moves the owner's layout to another state. Into
	// StateCut, the leftovers of its result become offcut rows and the
	// offcuts its pages use leave the rack; out of StateCut both are
	// undone (the offcuts a later job used stay with that job). A layout
	// without a result cannot leave StatePlanned (Conflict MsgJobNoResult).
	SetLayoutState(ctx context.Context, owner Owner, id string, c StateChange) (Layout, error)
	// TickPiece ticks or unticks one piece of the owner's layout: NotFound
	// (MsgPieceMissing) when its result has no such piece. Two ticks at
	// once never lose one.
	TickPiece(ctx context.Context, owner Owner, id string, t Tick) (Ticks, error)
	// RecutPiece sends one piece of the owner's layout back to be cut
	// again: in one transaction it records the recut and saves the
	// piece's part (RecutPart) in the owner's saved parts, which it
	// returns. NotFound (MsgPieceMissing) when the result has no such
	// piece; Conflict (MsgRecutDone), adding nothing, when the piece was
	// sent already: two at once make one part.
	RecutPiece(ctx context.Context, owner Owner, id string, r Recut) (Part, error)
	// LayoutOwner returns the owner and state of the layout with the given
	// id, whoever owns it (NotFound MsgLayoutMissing when there is none):
	// a job on the shop floor is the team's (see the server's floorOwner).
	LayoutOwner(ctx context.Context, id string) (Owner, string, error)

	// Sync saves what a client kept locally while the server was out of
	// reach, in one transaction. A part is added unless the owner already
	// has one with the same name, width and height; a layout is added unless
	// the owner already has one of the same content under its name (or
	// under a name an earlier sync numbered for it), and one of a taken
	// name with other content is saved numbered ("Mutfak (2)"). Duplicates within the
	// call are added once. If any input is invalid nothing is saved and the
	// error's Field names it, such as "layouts[2].parts[0].width".
	Sync(ctx context.Context, owner Owner, parts []PartInput, layouts []LayoutInput) (SyncResult, error)

	// GetStock returns the owner's stock rows and band codes, in the order
	// they were saved, the offcuts on the rack (oldest first) and the
	// offcut settings; empty lists when there are none.
	GetStock(ctx context.Context, owner Owner) (StockList, error)
	// ReplaceStock validates list and replaces the owner's whole stock
	// list and band codes with it in one transaction, returning what is
	// stored. The rows of list.Stock with Offcut set name the offcuts to
	// keep on the rack (an unknown one is Invalid, MsgOffcutUnknown); the
	// rack's other offcuts are removed. A sheet row may not take the code
	// of an offcut the owner keeps or a cut job used (Invalid,
	// MsgOffcutCode). Settings nil keeps the stored ones.
	ReplaceStock(ctx context.Context, owner Owner, list StockList) (StockList, error)

	// Ping reports whether the database answers.
	Ping(ctx context.Context) error
	// Driver names the database: "sqlite" or "postgres".
	Driver() string
	// Close releases the database.
	Close() error
}

// NewID returns a fresh row id: 128 random bits as 32 lower-case hex digits.
// Both drivers use it, so ids look the same whatever the database.
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

// Clock hands out creation times in microseconds (the precision both
// databases keep), strictly increasing within one process, so that "newest
// first" is the order of creation even for rows created in the same
// microsecond, as in one Sync. The zero Clock is ready to use.
type Clock struct {
	mu   sync.Mutex
	last time.Time
}

// Now returns the current UTC time truncated to the microsecond, later than
// any time it returned before.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := time.Now().UTC().Truncate(time.Microsecond)
	if !t.After(c.last) {
		t = c.last.Add(time.Microsecond)
	}
	c.last = t
	return t
}

// earliestCreatedAt is older than any row a client can have kept.
var earliestCreatedAt = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// At returns the creation time for a row that the client says it created
// at t: t itself (UTC, to the microsecond) when it lies between 2000 and
// now, so that a layout kept locally and synced days later keeps its date;
// otherwise, and for a zero t, Now.
func (c *Clock) At(t time.Time) time.Time {
	if t.Before(earliestCreatedAt) || t.After(time.Now()) {
		return c.Now()
	}
	return t.UTC().Truncate(time.Microsecond)
}

// KeepOrder dates the items of one request in the order given where
// their creation times tie: an item dated the same microsecond as the one
// before it (a browser dates every part of one save to the same
// millisecond) is dated a microsecond after that one, so that "newest
// first" lists them in the reverse of the request's order, as the Clock
// dates items sent without a time, rather than by their random ids. Zero
// times are left to the Clock.
func KeepOrder(times []*time.Time) {
	var prev, prevAt time.Time
	for _, t := range times {
		orig := t.UTC().Truncate(time.Microsecond)
		if !t.IsZero() && !prev.IsZero() && orig.Equal(prev) {
			*t = prevAt.Add(time.Microsecond)
		}
		prev, prevAt = orig, *t
	}
}

// IsID reports whether s has the form of an id from NewID.
func IsID(s string) bool {
	if len(s) != 32 {
		return false
	}
	for _, c := range []byte(s) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
