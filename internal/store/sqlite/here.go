package sqlite

import (
	"context"
	"database/sql"
	"os"
	"strconv"
	"time"

	"kesim/internal/apperr"
)

// MsgFileGone is the answer to a save while the database file at the
// server's path is gone or another file (deleted, moved or replaced while
// the server ran). SQLite would go on writing to the file it opened, which
// no later start finds: every such save would be lost.
const MsgFileGone = "Veritabanı dosyası yerinde değil (silinmiş, taşınmış ya da değiştirilmiş): kayıt yapılamadı. Kesim'i durdurun; dosyayı yerine koyun ya da yedekten geri yükleyin (kesim restore)."

// busyBudget is how long a write waits in all for another program's lock
// on the database (the sqlite3 shell, a second server), counted from when
// the store was asked for it, its queue for the write connection included:
// with the connection's own busy_timeout, each queued write waited it
// again when its turn came, and the n-th was answered after n of them.
// busyFloor is the least a write waits for that lock when its turn comes,
// so that one queued past the budget behind this server's own long write
// (a re-plan that writes a big plan) still gets a fair try, unless a
// write was refused for that lock meanwhile: the writes queued behind it
// are answered within their budget too. The queue itself is not bounded:
// without another program's lock nothing waits on busy.
// Variables so that the tests can shorten them.
var (
	busyBudget = 10 * time.Second
	busyFloor  = time.Second
)

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

// writeConn takes the write connection for a write asked for at asked, and
// sets its busy_timeout to what is left of busyBudget since then, at least
// busyFloor unless a write was refused for another program's lock since
// then (busySeen). Closing it gives it back.
func (s *Store) writeConn(ctx context.Context, asked time.Time) (*sql.Conn, error) {
	conn, err := s.write.Conn(ctx)
	if err != nil {
		return nil, err
	}
	wait := max(busyBudget-time.Since(asked), 0)
	if seen := s.busySeen.Load(); seen == nil || seen.Before(asked) {
		wait = max(wait, busyFloor)
	}
	if _, err := conn.ExecContext(ctx, "PRAGMA busy_timeout = "+strconv.FormatInt(wait.Milliseconds(), 10)); err != nil {
		conn.Close()
		return nil, err
	}
	return conn, nil
}

// seeBusy notes when err is a write refused for another program's lock.
func (s *Store) seeBusy(err error) {
	if isBusy(err) {
		now := time.Now()
		s.busySeen.Store(&now)
	}
}

// writeTx is a write transaction and the write connection it runs on
// (writeConn), which its Commit or Rollback gives back.
type writeTx struct {
	*sql.Tx
	conn *sql.Conn
}

// Commit commits the transaction and gives the connection back.
func (tx *writeTx) Commit() error {
	err := tx.Tx.Commit()
	tx.conn.Close()
	return err
}

// Rollback rolls the transaction back, unless it ended, and gives the
// connection back.
func (tx *writeTx) Rollback() error {
	err := tx.Tx.Rollback()
	tx.conn.Close()
	return err
}

// beginWrite begins a write transaction (IMMEDIATE: it waits for the write
// lock here, within busyBudget) on the file the store opened, or refuses
// when it is gone (here).
func (s *Store) beginWrite(ctx context.Context) (*writeTx, error) {
	asked := time.Now()
	if err := s.here(); err != nil {
		return nil, err
	}
	conn, err := s.writeConn(ctx, asked)
	if err != nil {
		return nil, err
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		s.seeBusy(err)
		conn.Close()
		return nil, err
	}
	return &writeTx{Tx: tx, conn: conn}, nil
}

// commit commits tx and then checks that the file is still there: a save
// into a file deleted meanwhile is reported, not acknowledged.
func (s *Store) commit(tx *writeTx) error {
	if err := tx.Commit(); err != nil {
		return err
	}
	return s.here()
}

// inPlace runs write, a write outside a transaction, on the write
// connection (writeConn) and the file the store opened: here before it,
// and after it (the file deleted while it was written).
func (s *Store) inPlace(ctx context.Context, write func(db *sql.Conn) error) error {
	asked := time.Now()
	if err := s.here(); err != nil {
		return err
	}
	conn, err := s.writeConn(ctx, asked)
	if err != nil {
		return err
	}
	err = write(conn)
	conn.Close()
	if err != nil {
		s.seeBusy(err)
		return err
	}
	return s.here()
}

// execWrite runs one write statement outside a transaction, in place.
func (s *Store) execWrite(ctx context.Context, query string, args ...any) (res sql.Result, err error) {
	err = s.inPlace(ctx, func(db *sql.Conn) error {
		res, err = db.ExecContext(ctx, query, args...)
		return err
	})
	return res, err
}
