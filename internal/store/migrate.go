package store

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// Migration is one step of a driver's schema: the file NNNN_name.sql of the
// driver's embedded migrations. A driver runs each migration it has not run
// yet in its own transaction and records Version in its schema_migrations
// table.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations reads the migrations in the root of fsys, ordered by version.
// Versions must run 1, 2, 3... without a gap, so that a missing file is
// caught by the tests rather than at a user's start-up.
func Migrations(fsys fs.FS) ([]Migration, error) {
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return nil, err
	}
	var ms []Migration
	for _, name := range names {
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v < 1 {
			return nil, fmt.Errorf("migration %s: name must be NNNN_name.sql", name)
		}
		sql, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		ms = append(ms, Migration{Version: v, Name: path.Base(name), SQL: string(sql)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	for i, m := range ms {
		if m.Version != i+1 {
			return nil, fmt.Errorf("migration %s: version %d, want %d", m.Name, m.Version, i+1)
		}
	}
	return ms, nil
}

// SchemaTooNewError is returned by a driver's Open when the database was
// migrated by a newer Kesim than this one: running on it could lose data the
// newer schema keeps, so the binary refuses.
type SchemaTooNewError struct {
	Database int // the database's schema version
	Known    int // the newest version this binary knows
}

// Error is the Turkish message shown to the person starting the server.
func (e *SchemaTooNewError) Error() string {
	return fmt.Sprintf("Veritabanı şeması bu Kesim sürümünden daha yeni (veritabanı sürüm %d, "+
		"bu sürümün bildiği en yüksek sürüm %d). Lütfen Kesim'i güncelleyin; veriler değiştirilmedi. "+
		"Bu eski sürüme dönmek içinse güncellemeden önce aldığınız yedeği kesim restore ile geri yükleyin.",
		e.Database, e.Known)
}
