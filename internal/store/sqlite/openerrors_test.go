package sqlite

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Open says in Turkish why it cannot use a path: a path that is no file
// path, a folder it cannot make (a file stands on the way).
func TestOpenErrorsInTurkish(t *testing.T) {
	if _, err := Open(context.Background(), "kesim.db?mode=ro"); err == nil ||
		err.Error() != `veritabanı yolu "kesim.db?mode=ro" geçersiz: bir dosya yolu verin (ör. kesim-data/kesim.db; ? içermemeli)` {
		t.Errorf("a path with ?: %v", err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "dosya")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Open(context.Background(), filepath.Join(file, "alt", "kesim.db"))
	var fe *FileError
	if !errors.As(err, &fe) || fe.Role != "veritabanı klasörü" || !fe.Write || !strings.HasPrefix(err.Error(), "veritabanı klasörü "+filepath.Join(file, "alt")+" yazılamadı") {
		t.Errorf("a folder under a file: %v", err)
	}
}
