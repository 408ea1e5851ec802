package store

import (
	"errors"
	"fmt"
)

// Code classifies an error; the HTTP layer maps each code to a status in one
// place.
type Code string

// Error codes.
const (
	Invalid  Code = "invalid"   // the input breaks a rule; Message says which
	NotFound Code = "not_found" // no such row for this owner
	Conflict Code = "conflict"  // the change clashes with the stored state
	Internal Code = "internal"  // the database failed; details in Err only
)

// Error is the one error type of the store. Message is Turkish and meant for
// the user; Err is the underlying cause, meant for the log only.
type Error struct {
	Code    Code
	Message string
	// Field is the JSON path of the offending input, such as "width" or
	// "parts[3].quantity"; empty when the error concerns no one field.
	Field string
	Err   error
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

// Turkish messages. The first two are the specification's (section 5).
const (
	MsgRequired      = "Lütfen tüm alanları doldurun!"
	MsgInvalidValues = "Lütfen geçerli pozitif değerler girin!"
	MsgNameTooLong   = "Ad en fazla 200 karakter olabilir."
	MsgSizeTooLarge  = "Ölçüler en fazla 1000 cm olabilir."
	MsgSizeDecimals  = "Ölçüler en fazla iki ondalık basamak içerebilir."
	MsgQuantity      = "Adet en fazla 100.000 olabilir."
	MsgNameInvalid   = "Ad geçersiz karakterler içeriyor."
	MsgLayoutName    = "Lütfen düzen için bir ad girin!"
	MsgLayoutEmpty   = "Düzende en az bir parça olmalı!"
	MsgLayoutTooBig  = "Bir düzende en fazla 10.000 parça olabilir."
	MsgInvalidSheet  = "Lütfen geçerli genişlik ve yükseklik değerleri girin!"
	MsgInvalidOption = "Lütfen geçerli seçenek değerleri girin!"
	MsgPartNotFound  = "Parça bulunamadı."
	MsgLayoutMissing = "Düzen bulunamadı."
	MsgInternal      = "Sunucu hatası"
)

// invalid returns an Invalid error about field.
func invalid(field, message string) *Error {
	return &Error{Code: Invalid, Field: field, Message: message}
}

// InvalidError returns an Invalid error about the input at the JSON path
// field, with the given Turkish message.
func InvalidError(field, message string) error { return invalid(field, message) }

// NotFoundError returns a NotFound error with the given Turkish message.
func NotFoundError(message string) error {
	return &Error{Code: NotFound, Message: message}
}

// InternalError wraps a database failure: the user is told only
// MsgInternal; op and err are for the log.
func InternalError(op string, err error) error {
	return &Error{Code: Internal, Message: MsgInternal, Err: fmt.Errorf("%s: %w", op, err)}
}

// ErrorCode returns the code of err: "" for nil, Internal for an error that
// is not an *Error.
func ErrorCode(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// ErrorMessage returns the Turkish message for the user: MsgInternal for an
// error that is not an *Error or is Internal, so that no detail leaks.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) && e.Code != Internal {
		return e.Message
	}
	return MsgInternal
}

// ErrorField returns the JSON path of the offending input, or "".
func ErrorField(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Field
	}
	return ""
}

// WithFieldPrefix returns err with prefix put in front of its field path,
// as "layouts[2]" + "." + "name"; an error that is not an *Error is returned
// as it is.
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
