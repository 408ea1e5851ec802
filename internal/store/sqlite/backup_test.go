package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	sqlite3 "modernc.org/sqlite/lib"

	"kesim/internal/store"
	"kesim/nest"
)

// saved is what the writers of TestBackupUnderConcurrentWrites were told
// was saved: the ids CreateLayout and CreatePart returned.
type saved struct {
	mu              sync.Mutex
	layouts, parts  []string
	layoutN, partsN int
}

func (s *saved) snapshot() (layouts, parts []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.layouts...), append([]string(nil), s.parts...)
}

// A backup taken while writers save layouts and parts holds every save
// that was answered before it began, passes SQLite's integrity check,
// restores into a fresh path and opens with the store.
func TestBackupUnderConcurrentWrites(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "kesim.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	var acked saved
	stop := make(chan struct{})
	started := make(chan struct{}, 4)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				if w == 3 {
					// A part and a layout in one transaction: the copy has
					// both or neither.
					name := fmt.Sprintf("Çift %d", i)
					if _, err := s.Sync(ctx, store.Anonymous(),
						[]store.PartInput{{Name: name, Width: 30, Height: 30, Quantity: 1}},
						[]store.LayoutInput{{Name: name, Parts: []nest.Part{{Name: name, Width: 30, Height: 30, Quantity: 1}}}}); err != nil {
						errs <- err
						return
					}
				} else if w%2 == 0 {
					l, err := s.CreateLayout(ctx, store.Anonymous(), store.LayoutInput{
						Name:  fmt.Sprintf("Düzen %d-%d", w, i),
						Parts: []nest.Part{{Name: "Kapak", Width: 45.5, Height: 30, Quantity: i%50 + 1}},
					})
					if err != nil {
						errs <- err
						return
					}
					acked.mu.Lock()
					acked.layouts = append(acked.layouts, l.ID)
					acked.mu.Unlock()
				} else {
					p, err := s.CreatePart(ctx, store.Anonymous(), store.PartInput{
						Name: fmt.Sprintf("Raf %d-%d", w, i), Width: 60, Height: 40.25, Quantity: 2,
					})
					if err != nil {
						errs <- err
						return
					}
					acked.mu.Lock()
					acked.parts = append(acked.parts, p.ID)
					acked.mu.Unlock()
				}
				if i == 20 {
					started <- struct{}{}
				}
			}
		}()
	}
	for range 4 {
		select {
		case <-started:
		case err := <-errs:
			t.Fatalf("writer: %v", err)
		}
	}
	beforeLayouts, beforeParts := acked.snapshot()
	backup := filepath.Join(dir, "yedek", "kesim-yedek.db")
	if err := os.MkdirAll(filepath.Dir(backup), 0o750); err != nil {
		t.Fatal(err)
	}
	backupErr := Backup(ctx, path, backup, false)
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("writer: %v", err)
	}
	if backupErr != nil {
		t.Fatalf("Backup: %v", backupErr)
	}
	allLayouts, allParts := acked.snapshot()
	t.Logf("%d layouts and %d parts answered before the backup, %d and %d in all",
		len(beforeLayouts), len(beforeParts), len(allLayouts), len(allParts))
	if len(allLayouts)+len(allParts) <= len(beforeLayouts)+len(beforeParts) {
		t.Log("no write landed while the backup ran")
	}
	if v, err := Check(ctx, backup); err != nil || v < 1 {
		t.Fatalf("Check(backup) = %d, %v", v, err)
	}
	if leftovers, _ := filepath.Glob(backup + ".tmp-*"); len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}

	fresh := filepath.Join(t.TempDir(), "yeni", "kesim.db")
	bak, err := Restore(ctx, backup, fresh)
	if err != nil || bak != "" {
		t.Fatalf("Restore into a fresh path: %q, %v", bak, err)
	}
	r, err := Open(ctx, fresh)
	if err != nil {
		t.Fatalf("Open the restored database: %v", err)
	}
	defer r.Close()
	for _, id := range beforeLayouts {
		if _, err := r.GetLayout(ctx, store.Anonymous(), id); err != nil {
			t.Errorf("layout %s was answered before the backup but is not in it: %v", id, err)
		}
	}
	parts, err := r.ListParts(ctx, store.Anonymous())
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, p := range parts {
		have[p.ID] = true
	}
	for _, id := range beforeParts {
		if !have[id] {
			t.Errorf("part %s was answered before the backup but is not in it", id)
		}
	}
	// Every transaction whole: a Sync's part without its layout would be
	// a torn copy.
	pairParts := map[string]bool{}
	for _, p := range parts {
		if strings.HasPrefix(p.Name, "Çift ") {
			pairParts[p.Name] = true
		}
	}
	pairLayouts := map[string]bool{}
	for q := (store.LayoutQuery{Search: "Çift"}); ; {
		page, err := r.ListLayouts(ctx, store.Anonymous(), q)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range page.Layouts {
			pairLayouts[l.Name] = true
		}
		if q.Cursor = page.Next; q.Cursor == "" {
			break
		}
	}
	if len(pairParts) == 0 || len(pairParts) != len(pairLayouts) {
		t.Errorf("the copy has %d parts and %d layouts of the Sync pairs, want the same number, at least 1", len(pairParts), len(pairLayouts))
	}
	for name := range pairParts {
		if !pairLayouts[name] {
			t.Errorf("%s: the part is in the copy, its layout of the same transaction not", name)
		}
	}
	// Nothing in the copy that no writer wrote.
	all := map[string]bool{}
	for _, id := range allParts {
		all[id] = true
	}
	for _, p := range parts {
		if !all[p.ID] && !pairParts[p.Name] {
			t.Errorf("part %s (%s) in the backup was never saved", p.ID, p.Name)
		}
	}
}

// backedUp opens a database kesim.db in a new folder with a part "Eski",
// backs it up to yedek.db beside it, and then adds a part "Yeni": the
// store, open, both paths and the two parts.
func backedUp(t *testing.T) (s *Store, path, backup string, old, newer store.Part) {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	path, backup = filepath.Join(dir, "kesim.db"), filepath.Join(dir, "yedek.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if old, err = s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: "Eski", Width: 10, Height: 10, Quantity: 1}); err != nil {
		t.Fatal(err)
	}
	if err := Backup(ctx, path, backup, false); err != nil {
		t.Fatal(err)
	}
	if newer, err = s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: "Yeni", Width: 20, Height: 20, Quantity: 1}); err != nil {
		t.Fatal(err)
	}
	return s, path, backup, old, newer
}

// Restore refuses while a store has the database open, and an Open waits
// for no restore: it is refused while one holds the lock.
func TestRestoreRefusesWhileInUse(t *testing.T) {
	ctx := context.Background()
	s, path, backup, old, newer := backedUp(t)
	var err error

	_, err = Restore(ctx, backup, path)
	if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "önce Kesim'i") {
		t.Fatalf("Restore while the store is open: %v, want ErrInUse with a Turkish message", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// While a restore holds the lock, Open is refused.
	held, err := lockFor(path, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, path); !errors.Is(err, ErrInUse) {
		t.Errorf("Open during a restore: %v, want ErrInUse", err)
	}
	held.unlock()

	bak, err := Restore(ctx, backup, path)
	if err != nil {
		t.Fatalf("Restore after the store closed: %v", err)
	}
	r, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := partNames(t, r); got != old.Name {
		t.Errorf("restored parts %q, want only %q", got, old.Name)
	}
	// The database as it was before the restore is kept, whole.
	b, err := Open(ctx, bak)
	if err != nil {
		t.Fatalf("Open the .bak copy %s: %v", bak, err)
	}
	defer b.Close()
	if got := partNames(t, b); got != newer.Name+","+old.Name {
		t.Errorf(".bak parts %q, want %q", got, newer.Name+","+old.Name)
	}
}

// A second restore keeps the database from before the first: the older
// .bak is kept under the date it was made, openable whole (someone who
// restored the wrong backup, then the right one, can still go back).
func TestRestoreTwiceKeepsTheFirstBak(t *testing.T) {
	ctx := context.Background()
	s, path, backup, old, newer := backedUp(t)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(ctx, backup, path); err != nil {
		t.Fatal(err)
	}
	// The first .bak (both parts) was made a while ago.
	made := time.Date(2026, 3, 4, 5, 6, 7, 0, time.Local)
	if err := os.Chtimes(path+".bak", made, made); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(ctx, backup, path); err != nil {
		t.Fatal(err)
	}
	older := path + ".2026-03-04_05-06-07.bak"
	b, err := Open(ctx, older)
	if err != nil {
		t.Fatalf("the first .bak, kept as %s: %v", older, err)
	}
	if got := partNames(t, b); got != newer.Name+","+old.Name {
		t.Errorf("the first .bak's parts %q, want %q", got, newer.Name+","+old.Name)
	}
	b.Close()
	// The .bak of the second restore is the database the first restored.
	n, err := Open(ctx, path+".bak")
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	if got := partNames(t, n); got != old.Name {
		t.Errorf("the second .bak's parts %q, want %q", got, old.Name)
	}
	if got := olderBak(path, made); got != path+".2026-03-04_05-06-07-2.bak" {
		t.Errorf("a second older copy of one date: %s", got)
	}
}

// crashedDB makes dir/kesim.db as a killed server leaves it: its committed
// row (table t, 42) in kesim.db-wal only, copied while the connection that
// wrote it is still open. It returns the database's path.
func crashedDB(t *testing.T, dir string) string {
	t.Helper()
	live := filepath.Join(dir, "canli.db")
	db, err := sql.Open("sqlite", live+"?_pragma=journal_mode(WAL)&_pragma=wal_autocheckpoint(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE t (x); INSERT INTO t VALUES (42)`); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "kesim.db")
	for _, suffix := range []string{"", "-wal"} {
		if err := copyFile(live+suffix, path+suffix); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// A database left by a server that died has its last transactions in its
// WAL file only. Restore keeps them in the .bak copy, and none of them
// leaks into the restored database.
func TestRestoreAfterCrashKeepsTheWAL(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "yedek.db")
	emptyDB(t, src)

	path := crashedDB(t, dir)
	bak, err := Restore(ctx, src, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		t.Errorf("the old WAL is still beside the restored database")
	}
	old, err := sql.Open("sqlite", bak)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	var x int
	if err := old.QueryRow(`SELECT x FROM t`).Scan(&x); err != nil || x != 42 {
		t.Errorf(".bak lost the WAL's row: %d, %v", x, err)
	}
	if v, err := Check(ctx, path); err != nil || v < 1 {
		t.Errorf("restored database: %d, %v", v, err)
	}
}

func TestBackupRefusesToOverwrite(t *testing.T) {
	ctx := context.Background()
	src := filepath.Join(t.TempDir(), "kesim.db")
	emptyDB(t, src)
	dst := filepath.Join(t.TempDir(), "yedek.db")
	if err := os.WriteFile(dst, []byte("önemli"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Backup(ctx, src, dst, false); !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("Backup over an existing file: %v, want ErrExists naming --force", err)
	}
	if b, _ := os.ReadFile(dst); string(b) != "önemli" {
		t.Errorf("the existing file was changed: %q", b)
	}
	if err := Backup(ctx, src, dst, true); err != nil {
		t.Fatalf("Backup with overwrite: %v", err)
	}
	if _, err := Check(ctx, dst); err != nil {
		t.Error(err)
	}
	for target, want := range map[string]string{
		filepath.Join(filepath.Dir(dst), "yok", "yedek.db"): "klasörü yok",
		filepath.Dir(dst): "bir klasör",
	} {
		if err := Backup(ctx, src, target, true); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Backup to %s: %v, want %q", target, err, want)
		}
	}
	if err := Backup(ctx, filepath.Join(t.TempDir(), "yok.db"), dst+"2", false); err == nil {
		t.Error("Backup of a missing database succeeded")
	}
	if _, err := os.Stat(dst + "2"); err == nil {
		t.Error("Backup of a missing database wrote a file")
	}
}

// A backup over the open database itself, under any name (a link, its WAL),
// is refused with the database untouched: renamed over the file a server
// has open, the copy corrupted it. The copy is its owner's alone.
func TestBackupRefusesTheDatabaseItself(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "kesim.db")
	s, err := Open(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: "Kapak", Width: 40, Height: 70, Quantity: 2}); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "bağ.db")
	if err := os.Symlink(src, link); err != nil {
		t.Fatal(err)
	}
	// (-shm and the lock need not exist: their names are refused.)
	for _, dst := range []string{src, filepath.Join(dir, ".", "kesim.db"), link, src + "-wal", src + "-shm", src + ".lock"} {
		if err := Backup(ctx, src, dst, true); err == nil || !strings.Contains(err.Error(), "veritabanının kendi dosyası") {
			t.Errorf("Backup onto %s: %v", dst, err)
		}
	}
	if parts, err := s.ListParts(ctx, store.Anonymous()); err != nil || len(parts) != 1 {
		t.Errorf("the database after the refused backups: %d parts, %v", len(parts), err)
	}
	dst := filepath.Join(dir, "yedek.db")
	if err := Backup(ctx, src, dst, false); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(dst); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("backup mode %v (%v), want 0600", info.Mode().Perm(), err)
	}
}

// A restore through a link to the database (--db link.db) is refused
// while a server has the file open under its own name, and then replaces
// the file the link points to: the link stays, the .bak is beside the
// file. It used to take link.db.lock, which no server holds, and rename
// the backup over the link, leaving the database as it was.
func TestRestoreThroughLink(t *testing.T) {
	ctx := context.Background()
	s, path, backup, old, _ := backedUp(t)
	link := filepath.Join(filepath.Dir(path), "bağ.db")
	if err := os.Symlink(path, link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if _, err := Restore(ctx, backup, link); !errors.Is(err, ErrInUse) {
		t.Fatalf("Restore through a link while the server has the file open: %v, want ErrInUse", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// A server started through the link is the file's user too.
	viaLink, err := Open(ctx, link)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(ctx, backup, path); !errors.Is(err, ErrInUse) {
		t.Errorf("Restore while a server opened the link: %v, want ErrInUse", err)
	}
	viaLink.Close()

	bak, err := Restore(ctx, backup, link)
	if err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", info.Mode(), err)
	}
	if want := path + ".bak"; bak != want {
		t.Errorf(".bak %s, want %s beside the file", bak, want)
	}
	r, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := partNames(t, r); got != old.Name {
		t.Errorf("the database after the restore holds %q, want only %q", got, old.Name)
	}
	if _, err := os.Stat(link + ".lock"); err == nil {
		t.Errorf("a lock beside the link: server and restore would not see each other")
	}
}

// A file that is no SQLite database (--db /etc/passwd) is refused before
// a lock file is made beside it; an empty file is a new database.
func TestOpenLeavesNoLockBesideAnotherFile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	backup := filepath.Join(dir, "yedek.db")
	s, err := Open(ctx, backup)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	for _, content := range []string{"root:x:0:0:root:/root:/bin/bash\n", "SQLite"} {
		other := filepath.Join(dir, "passwd")
		if err := os.WriteFile(other, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if s, err := Open(ctx, other); err == nil {
			s.Close()
			t.Fatalf("%q opened as a database", content)
		} else if !strings.Contains(err.Error(), "bir SQLite veritabanı değil") {
			t.Errorf("%q: %v", content, err)
		}
		if _, err := Restore(ctx, backup, other); err == nil {
			t.Errorf("%q: Restore over it succeeded", content)
		}
		if _, err := os.Stat(other + ".lock"); err == nil {
			t.Errorf("%q: a lock file was made beside it", content)
		}
		if b, _ := os.ReadFile(other); string(b) != content {
			t.Errorf("the file was changed: %.40q", b)
		}
	}
	empty := filepath.Join(dir, "boş.db")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err = Open(ctx, empty)
	if err != nil {
		t.Fatalf("an empty file: %v", err)
	}
	s.Close()
}

// Check takes only a whole Kesim database this binary knows.
func TestCheckRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	text := filepath.Join(dir, "parcalar.csv")
	os.WriteFile(text, []byte("Ad;Genişlik;Yükseklik;Adet\nKapak;45,5;30;2\n"), 0o600)
	other := filepath.Join(dir, "baska.db")
	db, err := sql.Open("sqlite", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE t (x)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	newer := filepath.Join(dir, "yeni.db")
	s, err := Open(ctx, newer)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.write.Exec(`INSERT INTO schema_migrations (version, applied_at) VALUES (999, 0)`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	known, err := knownVersion()
	if err != nil {
		t.Fatal(err)
	}
	// A backup cut short (the disk full, the stick pulled out) is named
	// corrupt, not another program's file.
	whole := filepath.Join(dir, "tam.db")
	if err := Backup(ctx, newer, whole, false); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(dir, "yarim.db")
	if err := os.WriteFile(cut, data[:len(data)/2], 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{cut, "yarim.db bozuk: SQLite okuyamadı (dosya yarım kalmış ya da bozulmuş olabilir); başka bir yedek deneyin"},
		{text, "bir Kesim veritabanı değil: SQLite dosyası değil"},
		{other, "schema_migrations tablosu yok"},
		// The suffix follows the number as it is read: 10'a, not 10'e.
		{newer, fmt.Sprintf("yeni bir sürümle yazılmış (şema 999, bu sürüm %s kadar bilir)", dative(known))},
		{filepath.Join(dir, "yok.db"), "yedek " + filepath.Join(dir, "yok.db") + " yok"},
		{dir, "bir dosya değil"},
	} {
		if _, err := Check(ctx, tt.path); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Check(%s) = %v, want %q", filepath.Base(tt.path), err, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "yok.db")); err == nil {
		t.Error("Check created the missing file")
	}
	// Restore refuses what Check refuses, and leaves the database alone.
	path := filepath.Join(dir, "kesim.db")
	if _, err := Restore(ctx, other, path); err == nil {
		t.Error("Restore of a foreign database succeeded")
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("a refused Restore created the database")
	}
}

// The dative suffix of a number is the one Turkish puts after the number
// read aloud.
func TestDative(t *testing.T) {
	for n, want := range map[int]string{
		0: "0'a", 1: "1'e", 2: "2'ye", 3: "3'e", 4: "4'e", 5: "5'e", 6: "6'ya", 7: "7'ye", 8: "8'e", 9: "9'a",
		10: "10'a", 11: "11'e", 16: "16'ya", 19: "19'a", 20: "20'ye", 30: "30'a", 40: "40'a", 50: "50'ye",
		60: "60'a", 70: "70'e", 80: "80'e", 90: "90'a", 100: "100'e", 110: "110'a", 200: "200'e",
		1000: "1000'e", 2500: "2500'e", 10000: "10000'e", 1000000: "1000000'a", 3000000000: "3000000000'a",
	} {
		if got := dative(n); got != want {
			t.Errorf("dative(%d) = %q, want %q", n, got, want)
		}
	}
}

// A backup into a folder the user may not write names that folder and the
// backup's path, not the database and not the temporary file; a full disk
// (SQLite's SQLITE_FULL) is the operating system's ENOSPC of the backup,
// another failed write of the copy EIO (the file-size limit, EFBIG, in
// TestBackupPastFileSizeLimit).
func TestBackupWriteErrors(t *testing.T) {
	if _, limited := fileSizeLimit(); limited {
		t.Skip("this process has a file-size limit (ulimit -f)")
	}
	small := filepath.Join(t.TempDir(), "yok.db")
	if got := copyCause(sqlite3.SQLITE_FULL, small, small); !errors.Is(got, syscall.ENOSPC) {
		t.Errorf("copyCause(SQLITE_FULL) = %v, want ENOSPC", got)
	}
	if got := copyCause(sqlite3.SQLITE_IOERR_WRITE, small, small); !errors.Is(got, syscall.EIO) {
		t.Errorf("copyCause(SQLITE_IOERR_WRITE) = %v, want EIO", got)
	}
	for _, code := range []int{sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_IOERR_READ, sqlite3.SQLITE_IOERR_SHMSIZE, sqlite3.SQLITE_CORRUPT} {
		if got := copyCause(code, small, small); got != nil {
			t.Errorf("copyCause(%d) = %v, want nil: the database's own problem", code, got)
		}
	}
	for cause, want := range map[error]string{
		syscall.ENOSPC: "yedek /mnt/y.db yazılamadı: disk dolu",
		syscall.EFBIG:  "yedek /mnt/y.db yazılamadı: " + MsgFileTooLarge,
		syscall.EIO:    "yedek /mnt/y.db yazılamadı: yazılırken disk hatası oldu",
	} {
		e := &FileError{Role: "yedek", Path: "/mnt/y.db", Write: true, Err: cause}
		if got := e.Error(); got != want {
			t.Errorf("%v: %q, want %q", cause, got, want)
		}
	}
	if os.Geteuid() == 0 {
		t.Skip("root writes into any folder")
	}
	ctx := context.Background()
	src := filepath.Join(t.TempDir(), "kesim.db")
	emptyDB(t, src)
	dir := filepath.Join(t.TempDir(), "salt")
	if err := os.Mkdir(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, "yedek.db")
	err := Backup(ctx, src, dst, false)
	var fe *FileError
	if !errors.As(err, &fe) || fe.Path != dst || !fe.Write || !errors.Is(err, fs.ErrPermission) ||
		strings.Contains(err.Error(), ".tmp-") || strings.Contains(err.Error(), src) {
		t.Errorf("Backup into a read-only folder: %v, want a write error of %s, permission denied", err, dst)
	}
}

func TestFileURI(t *testing.T) {
	for in, want := range map[string]string{
		"/home/ayşe/Kesim #1/kesim.db": "file:///home/ayşe/Kesim %231/kesim.db",
		"/tmp/a?b%c.db":                "file:///tmp/a%3Fb%25c.db",
	} {
		if got := fileURI(in); got != want {
			t.Errorf("fileURI(%q) = %q, want %q", in, got, want)
		}
	}
}

// partNames lists the anonymous owner's parts' names, newest first.
func partNames(t *testing.T, s *Store) string {
	t.Helper()
	parts, err := s.ListParts(context.Background(), store.Anonymous())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range parts {
		names = append(names, p.Name)
	}
	return strings.Join(names, ",")
}

// BenchmarkBackup copies a database of 5,000 saved layouts and 5,000
// parts, as a busy workshop's after some years.
func BenchmarkBackup(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	path := filepath.Join(dir, "kesim.db")
	s, err := Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	// One Sync, one transaction: synchronous=FULL makes 10,000 single saves slow.
	var parts []store.PartInput
	var layouts []store.LayoutInput
	for i := range 5000 {
		lp := make([]nest.Part, 20)
		for j := range lp {
			lp[j] = nest.Part{Name: fmt.Sprintf("Parça %d", j), Width: 10 + float64(j), Height: 20, Quantity: j + 1}
		}
		layouts = append(layouts, store.LayoutInput{Name: fmt.Sprintf("Düzen %d", i), Parts: lp})
		parts = append(parts, store.PartInput{Name: fmt.Sprintf("Raf %d", i), Width: 60, Height: 40, Quantity: 2})
	}
	if _, err := s.Sync(ctx, store.Anonymous(), parts, layouts); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := range b.N {
		if err := Backup(ctx, path, filepath.Join(dir, fmt.Sprintf("yedek-%d.db", i)), false); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	info, _ := os.Stat(filepath.Join(dir, "yedek-0.db"))
	b.ReportMetric(float64(info.Size())/1e6, "MB")
}

// A Windows user named Ayşe, a folder with a space, # and %: the
// read-only URI escapes what SQLite would read as its own syntax.
func TestBackupOddPath(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "Ayşe Kesim #1 %41")
	s, err := Open(ctx, filepath.Join(dir, "kesim.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: "Kapak", Width: 45.5, Height: 30, Quantity: 2}); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(dir, "yedek #2.db")
	if err := Backup(ctx, filepath.Join(dir, "kesim.db"), backup, false); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Check(ctx, backup); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(ctx, backup, filepath.Join(dir, "kesim.db")); err != nil {
		t.Fatal(err)
	}
	r, err := Open(ctx, filepath.Join(dir, "kesim.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := partNames(t, r); got != "Kapak" {
		t.Errorf("restored parts %q", got)
	}
}

// A backup with a WAL beside it holds its last transactions there: a
// database whose server was killed, or the .bak of an earlier restore. A
// restore from it keeps them: restoring the .bak undoes a restore whole.
// (A copy of the file alone lost them, and the restore then deleted the
// .bak's WAL.)
func TestRestoreFromAFileWithItsWAL(t *testing.T) {
	ctx := context.Background()
	s, path, backup, _, _ := backedUp(t)
	// The server's last saves are in the WAL when it dies: a copy of the
	// file and its WAL taken now is what kill -9 leaves.
	if _, err := s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: "Son", Width: 30, Height: 30, Quantity: 1}); err != nil {
		t.Fatal(err)
	}
	crashed := filepath.Join(filepath.Dir(path), "çöktü.db")
	for _, suffix := range []string{"", "-wal"} {
		if err := copyFile(path+suffix, crashed+suffix); err != nil {
			t.Fatal(err)
		}
	}
	if info, err := os.Stat(crashed + "-wal"); err != nil || info.Size() == 0 {
		t.Fatalf("no WAL to restore from (%v): the case is not tested", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	want := "Son,Yeni,Eski"
	if _, err := Restore(ctx, crashed, path); err != nil {
		t.Fatal(err)
	}
	r, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if got := partNames(t, r); got != want {
		t.Errorf("restored from a file with its WAL: %q, want %q", got, want)
	}
	r.Close()
	// Restore the backup, then undo that by restoring the .bak.
	bak, err := Restore(ctx, backup, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(ctx, bak, path); err != nil {
		t.Fatal(err)
	}
	r, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := partNames(t, r); got != want {
		t.Errorf("after restoring the .bak: %q, want %q", got, want)
	}
}

// emptyDB makes a new, empty database at path, closed.
func emptyDB(t *testing.T, path string) {
	t.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
}

// A restore that cannot copy the database to DB.bak (a full disk) fails
// and leaves the older .bak as it was: the copy goes to a temporary file,
// renamed over the .bak only when whole, and the temporary file is gone.
func TestRestoreFailedCopyKeepsTheOldBak(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	backup := filepath.Join(dir, "yedek.db")
	emptyDB(t, backup)
	path := filepath.Join(dir, "kesim.db")
	emptyDB(t, path)
	older := []byte("SQLite format 3\x00 the older .bak, whole")
	if err := os.WriteFile(path+".bak", older, 0o600); err != nil {
		t.Fatal(err)
	}
	copyData = func(w io.Writer, r io.Reader) (int64, error) {
		n, _ := io.CopyN(w, r, 10) // part of it, then the disk is full
		return n, syscall.ENOSPC
	}
	defer func() { copyData = io.Copy }()

	_, err := Restore(ctx, backup, path)
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "disk dolu") {
		t.Fatalf("Restore on a full disk: %v, want a full disk", err)
	}
	if got, err := os.ReadFile(path + ".bak"); err != nil || string(got) != string(older) {
		t.Errorf("the older .bak after a failed copy: %q, %v; want it as it was", got, err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*.tmp-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if v, err := Check(ctx, path); err != nil || v < 1 {
		t.Errorf("the database after a failed restore: %d, %v", v, err)
	}
}

// copyFile makes its copy mode 0600 and replaces an older file whole.
func TestCopyFileReplacesWhole(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.WriteFile(src, []byte("yeni"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, []byte("eski, daha uzun"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := copyFile(src, dst); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(dst); string(got) != "yeni" {
		t.Errorf("copy %q, want %q", got, "yeni")
	}
	if info, err := os.Stat(dst); runtime.GOOS != "windows" && (err != nil || info.Mode().Perm() != 0o600) {
		t.Errorf("copy mode %v (%v), want 0600", info.Mode().Perm(), err)
	}
	if err := copyFile(filepath.Join(dir, "yok"), filepath.Join(dir, "c")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("copy of a missing file: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*.tmp-*"))
	if _, err := os.Stat(filepath.Join(dir, "c")); err == nil || len(left) > 0 {
		t.Errorf("a missing file's copy left files: %v", left)
	}
}

// A restore that copies the database to DB.bak but cannot copy its WAL
// (a full disk, an unreadable file) fails with the Turkish FileError of
// DB.bak-wal and leaves no .bak without its WAL, which SQLite would open as
// a whole database lacking the last transactions: an older .bak pair stays
// as it was (none stays none), the temporary files are gone, and the
// database and its WAL are untouched. Once the copy works, the restore
// keeps the pair, the WAL's rows readable in the .bak.
func TestRestoreFailedWALCopyLeavesNoHalfBak(t *testing.T) {
	for _, older := range []bool{true, false} {
		t.Run(fmt.Sprintf("older=%v", older), func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			backup := filepath.Join(dir, "yedek.db")
			emptyDB(t, backup)
			path := crashedDB(t, dir)
			before := map[string][]byte{}
			files := []string{path, path + "-wal"}
			if older {
				if err := os.WriteFile(path+".bak", []byte("SQLite format 3\x00 the older .bak"), 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path+".bak-wal", []byte("the older .bak's WAL"), 0o600); err != nil {
					t.Fatal(err)
				}
				files = append(files, path+".bak", path+".bak-wal")
			}
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				before[f] = b
			}
			copyData = func(w io.Writer, r io.Reader) (int64, error) {
				if f, ok := r.(*os.File); ok && strings.HasSuffix(f.Name(), "-wal") {
					n, _ := io.CopyN(w, r, 10) // part of the WAL, then the disk is full
					return n, syscall.ENOSPC
				}
				return io.Copy(w, r)
			}
			defer func() { copyData = io.Copy }()

			_, err := Restore(ctx, backup, path)
			var fe *FileError
			if !errors.As(err, &fe) || fe.Path != path+".bak-wal" || !strings.Contains(err.Error(), "disk dolu") {
				t.Fatalf("Restore when the WAL's copy fails: %v, want the FileError of %s.bak-wal, disk dolu", err, path)
			}
			for _, f := range files {
				if got, err := os.ReadFile(f); err != nil || string(got) != string(before[f]) {
					t.Errorf("%s after the failed restore: %d bytes, %v; want it as it was (%d bytes)", filepath.Base(f), len(got), err, len(before[f]))
				}
			}
			if !older {
				for _, f := range []string{path + ".bak", path + ".bak-wal"} {
					if _, err := os.Stat(f); err == nil {
						t.Errorf("%s left by the failed restore", filepath.Base(f))
					}
				}
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "*.tmp-*")); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}

			copyData = io.Copy
			bak, err := Restore(ctx, backup, path)
			if err != nil {
				t.Fatal(err)
			}
			old, err := sql.Open("sqlite", bak)
			if err != nil {
				t.Fatal(err)
			}
			defer old.Close()
			var x int
			if err := old.QueryRow(`SELECT x FROM t`).Scan(&x); err != nil || x != 42 {
				t.Errorf(".bak after the restore: %d, %v; want the WAL's row 42", x, err)
			}
		})
	}
}

// A WAL beside the database that cannot be opened (no read permission, a
// link to itself) fails the restore with the FileError of the WAL, read:
// no .bak is left (the database's copy was not renamed in), nor a
// temporary file, and the database is untouched.
func TestRestoreUnreadableWALLeavesNoBak(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix permissions or links to itself on Windows")
	}
	for _, how := range []string{"chmod", "loop"} {
		t.Run(how, func(t *testing.T) {
			if how == "chmod" && os.Geteuid() == 0 {
				t.Skip("root reads any file")
			}
			ctx := context.Background()
			dir := t.TempDir()
			backup := filepath.Join(dir, "yedek.db")
			emptyDB(t, backup)
			path := filepath.Join(dir, "kesim.db")
			emptyDB(t, path)
			wal := path + "-wal"
			switch how {
			case "chmod":
				if err := os.WriteFile(wal, []byte("the WAL"), 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(wal, 0); err != nil {
					t.Fatal(err)
				}
				defer os.Chmod(wal, 0o600)
			case "loop":
				if err := os.Symlink(filepath.Base(wal), wal); err != nil {
					t.Fatal(err)
				}
			}
			before, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Restore(ctx, backup, path)
			var fe *FileError
			if !errors.As(err, &fe) || fe.Path != wal || fe.Write || !strings.Contains(err.Error(), "okunamıyor") {
				t.Fatalf("Restore with an unreadable WAL: %v, want the FileError of %s, okunamıyor", err, wal)
			}
			for _, f := range []string{path + ".bak", path + ".bak-wal"} {
				if _, err := os.Lstat(f); err == nil {
					t.Errorf("%s left by the failed restore", filepath.Base(f))
				}
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "*.tmp-*")); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
			if got, err := os.ReadFile(path); err != nil || string(got) != string(before) {
				t.Errorf("the database after the failed restore: %d bytes, %v; want it as it was", len(got), err)
			}
			if _, err := os.Lstat(wal); err != nil {
				t.Errorf("the WAL after the failed restore: %v", err)
			}
		})
	}
}
