// Package apperr is Kesim's one application error: a code that says what
// kind of failure it is, a Turkish message for the user, and optionally
// the field of the input it concerns. The store returns it, the server
// returns it, and the HTTP layer turns any error into an answer in one
// place (server.Error), where each code has its status. An error that is
// no *Error is internal: the user is told only MsgInternal, and the error
// itself goes to the log.
//
// The engine (package nest) imports nothing of Kesim's; its own
// nest.InputError is recognised by the HTTP layer as an Invalid error.
package apperr

import (
	"errors"
	"fmt"
)

// Code classifies an error. It is the "code" of the API's error body.
type Code string

// Error codes. docs/http-api.md lists each with its status and messages.
const (
	Invalid      Code = "invalid"      // the input breaks a rule; Message says which
	Unauthorized Code = "unauthorized" // no session, or a sign-in that failed
	Forbidden    Code = "forbidden"    // refused whoever asks (cross-site, rebound name)
	NotFound     Code = "not_found"    // no such row for this owner, or no such route
	Conflict     Code = "conflict"     // the change clashes with the stored state
	TooLarge     Code = "too_large"    // a body or a job over the server's limit
	TooMany      Code = "too_many"     // too many attempts; try again later
	Busy         Code = "busy"         // the server has no capacity now; try again later
	Timeout      Code = "timeout"      // the work did not finish within the server's cap
	Unavailable  Code = "unavailable"  // the database does not answer; try again later
	Internal     Code = "internal"     // the server failed; details in Err only
)

// Codes lists every code, in the order of the documentation.
var Codes = []Code{Invalid, Unauthorized, Forbidden, NotFound, Conflict, TooLarge, TooMany, Busy, Timeout, Unavailable, Internal}

// MsgUnavailable is what a user learns of a database that does not answer.
const MsgUnavailable = "Veritabanına şu an ulaşılamıyor; biraz sonra yeniden deneyin."

// MsgInternal is all a user learns of an internal error.
const MsgInternal = "Sunucu hatası"

// Error is the application's error. Message is Turkish and meant for the
// user; Err is the underlying cause, meant for the log only.
type Error struct {
	Code    Code
	Message string
	// Field is the JSON path of the offending input, such as "width" or
	// "parts[3].quantity"; empty when the error concerns no one field.
	Field string
	Err   error
}

// New returns an error with the given code and Turkish message.
func New(code Code, message string) error {
	return &Error{Code: code, Message: message}
}

// NewField returns an error about the input at the JSON path field, such
// as "parts[3].width", with the given code and Turkish message.
func NewField(code Code, field, message string) error {
	return &Error{Code: code, Field: field, Message: message}
}

// Error returns the code, the field, the message and the cause.
func (e *Error) Error() string {
	s := string(e.Code)
	if e.Field != "" {
		s += " " + e.Field
	}
	s += ": " + e.Message
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the underlying cause.
func (e *Error) Unwrap() error { return e.Err }

// Wrap returns an Internal error for a failure of op: the user is told
// only MsgInternal; op and err are for the log.
func Wrap(op string, err error) error {
	return &Error{Code: Internal, Message: MsgInternal, Err: fmt.Errorf("%s: %w", op, err)}
}

// CodeOf returns the code of err: "" for nil, Internal for an error that
// is not an *Error.
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// MessageOf returns the Turkish message for the user: MsgInternal for an
// error that is not an *Error or is Internal, so that no detail leaks.
func MessageOf(err error) string {
	var e *Error
	if errors.As(err, &e) && e.Code != Internal {
		return e.Message
	}
	return MsgInternal
}

// FieldOf returns the JSON path of the offending input, or "".
func FieldOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Field
	}
	return ""
}

// WithFieldPrefix returns err with prefix put in front of its field path,
// as "layouts[2]" + "." + "name"; an error that is not an *Error is
// returned as it is.
func WithFieldPrefix(err error, prefix string) error {
	var e *Error
	if !errors.As(err, &e) {
		return err
	}
	c := *e
	switch {
	case c.Field == "":
		c.Field = prefix
	case c.Field[0] == '[':
		c.Field = prefix + c.Field
	default:
		c.Field = prefix + "." + c.Field
	}
	return &c
}
