package sqlite

import (
	"context"
	"database/sql"
	"os"

	"kesim/internal/apperr"
)

// MsgFileGone is the answer to a save while the database file at the
// server's path is gone or another file (deleted, moved or replaced while
// the server ran). SQLite would go on writing to the file it opened, which
// no later start finds: every such save would be lost.
const MsgFileGone = "Veritabanı dosyası yerinde değil (silinmiş, taşınmış ya da değiştirilmiş): kayıt yapılamadı. Kesim'i durdurun; dosyayı yerine koyun ya da yedekten geri yükleyin (kesim restore)."

// here reports whether the database file at the store's path is still the
// one it opened: an Unavailable error with MsgFileGone when not.
func (s *Store) here() error {
	if s.file == nil {
		return nil
	}
	info, err := os.Stat(s.path)
	if err != nil || !os.SameFile(info, s.file) {
		return apperr.New(apperr.Unavailable, MsgFileGone)
	}
	return nil
}

// beginWrite begins a write transaction on the file the store opened, or
// refuses when it is gone (here).
func (s *Store) beginWrite(ctx context.Context) (*sql.Tx, error) {
	if err := s.here(); err != nil {
		return nil, err
	}
	return s.write.BeginTx(ctx, nil)
}

// commit commits tx and then checks that the file is still there: a save
// into a file deleted meanwhile is reported, not acknowledged.
func (s *Store) commit(tx *sql.Tx) error {
	if err := tx.Commit(); err != nil {
		return err
	}
	return s.here()
}

// inPlace runs write, a write outside a transaction, on the file the store
// opened: here before it, and after it (the file deleted while it was
// written).
func (s *Store) inPlace(write func() error) error {
	if err := s.here(); err != nil {
		return err
	}
	if err := write(); err != nil {
		return err
	}
	return s.here()
}

// execWrite runs one write statement outside a transaction, in place.
func (s *Store) execWrite(ctx context.Context, query string, args ...any) (res sql.Result, err error) {
	err = s.inPlace(func() error {
		res, err = s.write.ExecContext(ctx, query, args...)
		return err
	})
	return res, err
}
