package apperr_test

import (
	"errors"
	"fmt"
	"testing"

	"kesim/internal/apperr"
)

func ExampleWithFieldPrefix() {
	err := apperr.NewField(apperr.Invalid, "width", "Lütfen geçerli pozitif değerler girin!")
	err = apperr.WithFieldPrefix(err, "parts[3]")
	err = apperr.WithFieldPrefix(err, "layouts[2]")
	fmt.Println(apperr.CodeOf(err), apperr.FieldOf(err), apperr.MessageOf(err))
	// Output: invalid layouts[2].parts[3].width Lütfen geçerli pozitif değerler girin!
}

// Nothing of an internal error reaches the user, wrapped or not.
func TestInternalErrorsTellTheUserNothing(t *testing.T) {
	cause := errors.New("pq: relation parts does not exist")
	tests := []struct {
		name string
		err  error
		code apperr.Code
		msg  string
	}{
		{"nil", nil, "", apperr.MsgInternal},
		{"plain", cause, apperr.Internal, apperr.MsgInternal},
		{"wrapped", apperr.Wrap("sqlite: list parts", cause), apperr.Internal, apperr.MsgInternal},
		{"internal with a message", &apperr.Error{Code: apperr.Internal, Message: "ayrıntı"}, apperr.Internal, apperr.MsgInternal},
		{"user's", fmt.Errorf("save: %w", apperr.New(apperr.NotFound, "Parça bulunamadı.")), apperr.NotFound, "Parça bulunamadı."},
	}
	for _, tt := range tests {
		if got := apperr.CodeOf(tt.err); got != tt.code {
			t.Errorf("%s: CodeOf = %q, want %q", tt.name, got, tt.code)
		}
		if got := apperr.MessageOf(tt.err); got != tt.msg {
			t.Errorf("%s: MessageOf = %q, want %q", tt.name, got, tt.msg)
		}
	}
	if !errors.Is(apperr.Wrap("op", cause), cause) {
		t.Error("Wrap loses its cause for errors.Is")
	}
}

// A prefix goes before an index without a dot, and the error it is given
// is never changed.
func TestWithFieldPrefix(t *testing.T) {
	orig := &apperr.Error{Code: apperr.Invalid, Field: "[2]", Message: "m"}
	if got := apperr.FieldOf(apperr.WithFieldPrefix(orig, "parts")); got != "parts[2]" {
		t.Errorf("field %q, want parts[2]", got)
	}
	if orig.Field != "[2]" {
		t.Errorf("the original changed: %q", orig.Field)
	}
	if got := apperr.FieldOf(apperr.WithFieldPrefix(apperr.New(apperr.Invalid, "m"), "parts")); got != "parts" {
		t.Errorf("no field: %q, want parts", got)
	}
	plain := errors.New("x")
	if apperr.WithFieldPrefix(plain, "parts") != plain {
		t.Error("a plain error was changed")
	}
}
