package store

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"kesim/internal/apperr"
	"kesim/nest"
)

// The store's errors are *apperr.Error values: Invalid (with the field of
// the input), NotFound, Conflict and Unauthorized carry a Turkish message;
// a database failure is Internal (apperr.Wrap), its cause for the log.

// Turkish messages. The first two are the specification's (section 5);
// those the engine gives too are the engine's (nest.MsgInvalidValues).
const (
	MsgRequired      = "Lütfen tüm alanları doldurun!"
	MsgInvalidValues = nest.MsgInvalidValues
	MsgNameTooLong   = "Ad en fazla 200 karakter olabilir."
	MsgSizeTooLarge  = "Ölçüler en fazla 1.000 cm olabilir."
	// MsgSheetTooLarge refuses a canvas side over MaxSheetSize: the
	// engine's message for the same.
	MsgSheetTooLarge = nest.MsgSheetTooLarge
	MsgSizeDecimals  = "Ölçüler en fazla iki ondalık basamak içerebilir."
	MsgQuantity      = "Adet en fazla 100.000 olabilir."
	MsgNameInvalid   = "Ad geçersiz karakterler içeriyor."
	// MsgTextInvalid refuses a text that is not a name (a material, a
	// band code, a search) with a NUL or invalid UTF-8.
	MsgTextInvalid   = "Metin geçersiz karakterler içeriyor."
	MsgLayoutName    = "Lütfen düzen için bir ad girin!"
	MsgLayoutEmpty   = "Düzende en az bir parça olmalı!"
	MsgLayoutTooBig  = "Bir düzende en fazla 10.000 parça olabilir."
	MsgInvalidSheet  = nest.MsgInvalidSheet
	MsgInvalidOption = "Lütfen geçerli seçenek değerleri girin!"
	MsgPartNotFound  = "Parça bulunamadı."
	MsgLayoutMissing = "Düzen bulunamadı."
	// MsgSignInNeeded is the error of a save without a user once accounts
	// exist (the server answers it for a request without a session too).
	MsgSignInNeeded = "Oturum açmanız gerekiyor."
)

// MsgPartSide refuses a part's side below MinPartSide in the list
// readers' words (partcsv's msgPartSide, in cm): "0,001" parça ölçüsü
// olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın.
func MsgPartSide(cm float64) string {
	return `"` + strings.Replace(strconv.FormatFloat(cm, 'f', -1, 64), ".", ",", 1) + `" parça ölçüsü olamaz; 0,1 ile 1.000 cm arasında bir ölçü yazın`
}

// MsgLayoutPieces refuses a layout of more pieces (the sum of its
// quantities) than the engine lays out, MaxLayoutPieces: the web app's
// words for a job over it (web/src/features/parts/texts.ts, tooManyPieces).
const MsgLayoutPieces = "Parça sayısı çok fazla: bir işte en fazla 100.000 adet yerleştirilebilir."

// invalid returns an Invalid error about field.
func invalid(field, message string) error {
	return apperr.NewField(apperr.Invalid, field, message)
}

// ownerlessRow is the text of the database's refusal of a row without a
// user once an account exists (migration 0008_rows_need_user).
const ownerlessRow = "kesim: a row without a user while accounts exist"

// SaveError is the error of a failed insert by op: Unauthorized when the
// database refused a row without a user because an account was created
// meanwhile (the local-mode request raced the first account; the server
// is now in team mode, and the user must sign in); the user's own error
// (an *apperr.Error that is not internal, such as a conflict) as it is;
// else Internal.
func SaveError(op string, err error) error {
	var ae *apperr.Error
	if errors.As(err, &ae) && ae.Code != apperr.Internal {
		return err
	}
	if strings.Contains(err.Error(), ownerlessRow) {
		return &apperr.Error{Code: apperr.Unauthorized, Message: MsgSignInNeeded, Err: err}
	}
	return apperr.Wrap(op, err)
}

// Refusal is a kind of database refusal that a user's request can cause
// past the store's own validation: each driver recognises its database's
// codes for them (PostgreSQL's SQLSTATE, SQLite's extended result codes)
// and answers them alike, with a Turkish message and a 4xx status instead
// of "Sunucu hatası". Anything else the database refuses stays Internal:
// a server fault, for the log.
type Refusal int

// The refusals.
const (
	// RefusedDuplicate is a unique key taken (two requests that made the
	// same row at once): Conflict MsgDuplicate.
	RefusedDuplicate Refusal = iota + 1
	// RefusedGone is a row that another refers to deleted meanwhile (a
	// foreign key): Conflict MsgGone.
	RefusedGone
	// RefusedValue is a value the schema does not hold: a number out of a
	// column's range, a text too long, a CHECK: Invalid MsgValueRange.
	RefusedValue
	// RefusedText is a text the database cannot hold (PostgreSQL refuses
	// NUL and invalid UTF-8): Invalid MsgTextInvalid.
	RefusedText
	// RefusedRetry is a transaction that lost to another (a serialization
	// failure, a deadlock, a lock not had in time) and failed again when
	// retried: Conflict MsgRetry.
	RefusedRetry
	// RefusedUnavailable is the database out of reach or not working (a
	// connection refused, lost or closed by the database, too many
	// connections, a database closed to connections or shutting down, a
	// statement past its time limit): Unavailable apperr.MsgUnavailable,
	// as GET /api/health says then.
	RefusedUnavailable
	// RefusedFull is the database's disk full: Unavailable MsgDiskFull.
	RefusedFull
	// RefusedReadOnly is a database file that cannot be written:
	// Unavailable MsgReadOnly.
	RefusedReadOnly
)

// The messages of the refusals.
const (
	MsgDuplicate  = "Bu kayıt zaten var: aynı anda başka bir istek kaydetmiş olabilir. Sayfayı yenileyip tekrar deneyin."
	MsgGone       = "Bu kaydın bağlı olduğu kayıt bu arada silinmiş. Sayfayı yenileyip tekrar deneyin."
	MsgValueRange = "Bir değer kaydedilebilecek sınırın dışında; lütfen girdiğiniz değerleri denetleyin."
	MsgRetry      = "Kayıt aynı anda yapılan başka bir değişiklikle çakıştı; lütfen tekrar deneyin."
	MsgDiskFull   = "Veritabanının diski dolu: kayıt yapılamadı. Diskte yer açın; kaydedilmiş olanlar korunuyor."
	MsgReadOnly   = "Veritabanı dosyasına yazılamıyor (salt okunur): kayıt yapılamadı. Dosyanın ve klasörünün izinlerini denetleyin; kaydedilmiş olanlar korunuyor."
)

// String names the kind in the log: duplicate, gone, value, text, retry.
func (k Refusal) String() string {
	switch k {
	case RefusedDuplicate:
		return "duplicate"
	case RefusedGone:
		return "gone"
	case RefusedValue:
		return "value"
	case RefusedText:
		return "text"
	case RefusedRetry:
		return "retry"
	case RefusedUnavailable:
		return "unavailable"
	case RefusedFull:
		return "full"
	case RefusedReadOnly:
		return "readonly"
	}
	return fmt.Sprintf("Refusal(%d)", int(k))
}

// RefusalError is the cause of a refusal's error (Refused): the server
// logs it (a warning, not an error), so that a request the store's checks
// let through to the database is seen. Kind and Op say what and where;
// Cause is the database's code and the names of what it refused (a
// constraint, a table, a column), never a value the user sent; Err is the
// database's own error, which may quote values, and is not logged.
type RefusalError struct {
	Kind  Refusal
	Op    string
	Cause string
	Err   error
}

func (e *RefusalError) Error() string { return e.Op + ": " + e.Err.Error() }

// Unwrap returns the database's error.
func (e *RefusalError) Unwrap() error { return e.Err }

// Refused returns the user's error for a refusal of the given kind by op.
// err, the database's own words (which may quote SQL and values), stays
// the cause, in a *RefusalError with the driver's cause (see there): the
// user reads only the Turkish message.
func Refused(kind Refusal, op, cause string, err error) error {
	code, msg := apperr.Internal, apperr.MsgInternal
	switch kind {
	case RefusedDuplicate:
		code, msg = apperr.Conflict, MsgDuplicate
	case RefusedGone:
		code, msg = apperr.Conflict, MsgGone
	case RefusedValue:
		code, msg = apperr.Invalid, MsgValueRange
	case RefusedText:
		code, msg = apperr.Invalid, MsgTextInvalid
	case RefusedRetry:
		code, msg = apperr.Conflict, MsgRetry
	case RefusedUnavailable:
		code, msg = apperr.Unavailable, apperr.MsgUnavailable
	case RefusedFull:
		code, msg = apperr.Unavailable, MsgDiskFull
	case RefusedReadOnly:
		code, msg = apperr.Unavailable, MsgReadOnly
	}
	return &apperr.Error{Code: code, Message: msg, Err: &RefusalError{Kind: kind, Op: op, Cause: cause, Err: err}}
}

// Refusals is how a driver tells its database's refusals of what a user
// sent: the kind (0 for a server fault) and the cause for the log.
type Refusals struct {
	Kind  func(error) Refusal
	Cause func(error) string
}

// Wrap is apperr.Wrap for the failure of op, unless the database refused
// what the user sent: then the user's error (Refused).
func (r Refusals) Wrap(op string, err error) error {
	var ae *apperr.Error
	if errors.As(err, &ae) && ae.Code != apperr.Internal {
		return err // the store's own answer (a database file gone)
	}
	if k := r.Kind(err); k != 0 {
		return Refused(k, op, r.Cause(err), err)
	}
	return apperr.Wrap(op, err)
}

// SaveError is SaveError for a failed write by op, with the database's
// refusals of what the user sent answered as the user's errors.
func (r Refusals) SaveError(op string, err error) error {
	var ae *apperr.Error
	if errors.As(err, &ae) && ae.Code != apperr.Internal {
		return err
	}
	if k := r.Kind(err); k != 0 {
		return Refused(k, op, r.Cause(err), err)
	}
	return SaveError(op, err)
}

// Storable reports whether s can be a stored text on every driver: valid
// UTF-8 without NUL (PostgreSQL refuses both). An id that is not is no
// row's: a driver answers NotFound for it without asking the database, as
// SQLite, which would look it up and find nothing, does.
func Storable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

// OffcutGone is the conflict of cutting a job from the offcut code that is
// no longer on the rack.
func OffcutGone(code string) error {
	return apperr.New(apperr.Conflict, fmt.Sprintf(MsgOffcutGone, code))
}
