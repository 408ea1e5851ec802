package sqlite

import (
	"context"
	"errors"
	"strings"
	"testing"

	"kesim/internal/apperr"
	"kesim/internal/store"
)

// SQLite's refusals that a user's request can cause are answered as the
// PostgreSQL driver answers them (store.Refusal), with the Turkish message
// only; anything else stays internal.
func TestRefusalsAreTheUsers(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	insert := `INSERT INTO parts (id, name, width, height, quantity, created_at) VALUES (?, 'gizli-değer', 100, 100, 1, 0)`
	if _, err := s.write.ExecContext(ctx, insert, "x"); err != nil {
		t.Fatal(err)
	}
	_, dup := s.write.ExecContext(ctx, insert, "x")
	_, fk := s.write.ExecContext(ctx, `INSERT INTO piece_ticks (layout_id, piece_id, ticked_at) VALUES ('gizli-değer', 'p1-0', 0)`)
	_, fault := s.write.ExecContext(ctx, `SELECT * FROM gizli_deger_tablosu`)
	for _, c := range []struct {
		name  string
		err   error
		code  apperr.Code
		msg   string
		cause string // the log's, of a refusal
	}{
		{"unique", dup, apperr.Conflict, store.MsgDuplicate, "UNIQUE constraint failed: parts.id (1555)"},
		{"foreign key", fk, apperr.Conflict, store.MsgGone, "FOREIGN KEY constraint failed (787)"},
		{"server fault", fault, apperr.Internal, apperr.MsgInternal, ""},
	} {
		if c.err == nil {
			t.Fatalf("%s: no error", c.name)
		}
		for _, f := range []func(string, error) error{wrap, saveError} {
			got := f("sqlite: test", c.err)
			if apperr.CodeOf(got) != c.code || apperr.MessageOf(got) != c.msg || strings.Contains(apperr.MessageOf(got), "gizli") {
				t.Errorf("%s: %v, want %s %q", c.name, got, c.code, c.msg)
			}
			// The log's cause names the constraint, never the value.
			var re *store.RefusalError
			if errors.As(got, &re) != (c.cause != "") || re != nil && (!strings.Contains(re.Cause, c.cause) || strings.Contains(re.Cause, "gizli")) {
				t.Errorf("%s: refusal %+v, want a cause with %q", c.name, re, c.cause)
			}
		}
	}
}
