package postgres

import (
	"context"
	"strings"
	"testing"
)

// A URL pgx cannot read is refused in Turkish, with the form to write,
// and without quoting the URL (it may hold a password).
func TestOpenBadURLInTurkish(t *testing.T) {
	_, err := Open(context.Background(), "postgres://kesim:gizli@%zz/kesim")
	if err == nil || !strings.HasPrefix(err.Error(), "PostgreSQL veritabanı adresi okunamadı: postgres://") || strings.Contains(err.Error(), "gizli") {
		t.Errorf("Open: %v", err)
	}
}
