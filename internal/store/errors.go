package store

import (
	"errors"
	"fmt"
	"strings"

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
	MsgSizeTooLarge  = "Ölçüler en fazla 1000 cm olabilir."
	// MsgSheetTooLarge refuses a canvas side over MaxSheetSize: the
	// engine's message for the same (nest keeps it unexported).
	MsgSheetTooLarge = "Tuval boyutu en fazla 10.000 cm olabilir."
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

// OffcutGone is the conflict of cutting a job from the offcut code that is
// no longer on the rack.
func OffcutGone(code string) error {
	return apperr.New(apperr.Conflict, fmt.Sprintf(MsgOffcutGone, code))
}
