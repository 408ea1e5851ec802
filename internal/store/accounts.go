package store

import (
	"context"
	"errors"
	"strings"
	"time"
)

// FoldAccountName is the form of an account name under which two names
// count as one: FoldName, the layout search's Turkish fold (İ, I, ı and i
// are one letter, as are ş and s, ç and c, ...), then lower case for the
// letters of other alphabets. kesim user add refuses a name whose fold is
// an account's, and the sign-in limits count names by it, so "İsmail",
// "ISMAIL" and "ismail", or "IŞIK" and "ışık", are one name to both.
func FoldAccountName(name string) string {
	return strings.ToLower(FoldName(name))
}

// Account is a user of a team server.
type Account struct {
	ID        string    `json:"id"`
	Name      string    `json:"username"`
	Admin     bool      `json:"admin"`
	CreatedAt time.Time `json:"createdAt"`
	// TOTPSecret is the enrolled authenticator's secret, or empty.
	TOTPSecret string `json:"-"`
}

// Token kinds.
const (
	AccessToken  = "access"
	RefreshToken = "refresh"
)

// Token is a session token as stored: only the SHA-256 of the token itself
// is kept, never the token. Tokens of one sign-in share a Family; rotating
// a refresh token keeps the family.
type Token struct {
	Hash    string
	Kind    string
	Family  string
	UserID  string
	Expires time.Time
	Used    bool // a refresh token that was rotated already
	Revoked bool
}

// ErrTokenReused reports a refresh token presented a second time: stolen
// and replayed, or raced. Its whole family is revoked.
var ErrTokenReused = errors.New("store: refresh token reused")

// Accounts keeps users and their sessions. Both drivers implement it.
type Accounts interface {
	// HasUsers reports whether any account exists (team mode).
	HasUsers(ctx context.Context) (bool, error)
	// CreateUser adds an account. The first account adopts the rows saved
	// without a user (before accounts existed), in the same transaction.
	// A taken name is a Conflict error. Once an account exists, the
	// database refuses rows without a user: a local-mode write that raced
	// the first account fails (an Internal error) instead of leaving a row
	// that no one owns.
	CreateUser(ctx context.Context, name, passwordHash string, admin bool) (Account, error)
	// UserByName returns the user and the password hash; NotFound if none.
	UserByName(ctx context.Context, name string) (Account, string, error)
	// Users lists every account by name.
	Users(ctx context.Context) ([]Account, error)
	// SetPassword replaces a user's password hash and ends their sessions.
	SetPassword(ctx context.Context, name, passwordHash string) error
	// SetTOTP enrols (or, with "", removes) a user's authenticator secret
	// and ends the user's sessions: every session's assurance level then
	// follows from the secret (aal2 while one is enrolled).
	SetTOTP(ctx context.Context, name, secret string) error
	// UseTOTPStep records that the code of a time step was accepted for
	// the user; false if that step or a later one was used already (a
	// replayed code).
	UseTOTPStep(ctx context.Context, userID string, step int64) (bool, error)
	// DeleteUser removes an account, its sessions and, with rows, its
	// rows, in one transaction, and returns what it owned. Without rows an
	// account that owns any (UserRows.Any) is left whole: the Conflict
	// MsgUserHasRows, with the counts.
	DeleteUser(ctx context.Context, name string, rows bool) (UserRows, error)

	// AddTokens stores new tokens.
	AddTokens(ctx context.Context, tokens ...Token) error
	// TokenUser returns a valid (unexpired, unrevoked) token of the kind
	// and its user; NotFound otherwise.
	TokenUser(ctx context.Context, hash, kind string, now time.Time) (Token, Account, error)
	// RotateRefresh marks a valid refresh token used and stores its
	// successors (given the old token's family and user), in one transaction. A token already used revokes its
	// family and returns ErrTokenReused; an unknown, expired or revoked one
	// is NotFound.
	RotateRefresh(ctx context.Context, hash string, now time.Time, next ...Token) (Token, error)
	// RevokeFamily ends every token of a sign-in.
	RevokeFamily(ctx context.Context, family string) error

	// Sign-in limits. Failed sign-ins are counted per key (the server
	// hashes a user name, an address or both into one) in time buckets:
	// one row per key and bucket, however many attempts it counts.

	// RecordLoginAttempt counts a sign-in before its password is checked.
	// It reads each key's counts in the buckets starting at or after
	// since, passes them to allow and, only when allow says yes, adds one
	// to each key's count in bucket, all in one transaction. Calls that
	// share a key, on any server of the database, run one after the other,
	// so allow sees every attempt recorded before, also those whose
	// password is still being checked. allow may be called more than once
	// (its last answer decides) and must not block. The keys must differ.
	RecordLoginAttempt(ctx context.Context, bucket, since time.Time, keys []string, allow func(counts [][]LoginCount) bool) (bool, error)
	// ForgetLoginAttempt takes one recorded attempt back from each key's
	// count in bucket, never below zero: the attempt was no failure.
	ForgetLoginAttempt(ctx context.Context, bucket time.Time, keys ...string) error
	// ClearLoginFailures forgets every count of the keys.
	ClearLoginFailures(ctx context.Context, keys ...string) error
	// Prune deletes the tokens expired before now and the counts of the
	// buckets starting before failuresBefore.
	Prune(ctx context.Context, now, failuresBefore time.Time) error
}

// LoginCount is the number of sign-in attempts counted under a key in the
// time bucket starting at Bucket. RecordLoginAttempt gives each key's
// non-zero buckets, oldest first.
type LoginCount struct {
	Bucket time.Time
	N      int
}

// MsgUserExists is the error for a taken user name.
const MsgUserExists = "Bu kullanıcı adı zaten var."

// MsgUserNotFound is the error for an unknown user name.
const MsgUserNotFound = "Kullanıcı bulunamadı."

// MsgUserHasRows refuses to delete an account that owns rows, unless they
// go with it on purpose (kesim user remove --data).
const MsgUserHasRows = "Hesabın kayıtları var; hesapla birlikte silinirler."

// UserRows counts what an account owns: its saved layouts (jobs among
// them), saved parts, stock rows (the rack's offcuts among them) and band
// codes.
type UserRows struct {
	Layouts, Parts, Stock, Bands int
}

// Any reports whether the account owns anything.
func (r UserRows) Any() bool { return r.Layouts+r.Parts+r.Stock+r.Bands > 0 }
