package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"kesim/internal/store"
	"kesim/internal/store/sqlite"
)

// runBackup implements `kesim backup FILE`: a consistent copy of the
// SQLite database, taken while servers go on using it.
func runBackup(args []string, stdout, stderr io.Writer) int {
	fs := cmdBackup.flagSet()
	var dbURL string
	if err := dbFlag(fs, &dbURL); err != nil {
		fmt.Fprintf(stderr, "kesim backup: %v\n", err)
		return 2
	}
	force := fs.Bool("force", false, "var olan DOSYA'nın üzerine yaz")
	file, code, ok := parseFileArg(cmdBackup, fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if store.IsPostgresURL(dbURL) {
		fmt.Fprintf(stderr, "kesim backup: PostgreSQL veritabanını kesim yedeklemez; pg_dump ile yedekleyin:\n"+
			"  pg_dump --format=custom --file=%s %s\n"+
			"Geri yüklemek için: pg_restore --clean --if-exists --dbname=%s %s\n%s",
			shellQuote(file), shellQuote(pgURL(dbURL)), shellQuote(pgURL(dbURL)), shellQuote(file), pgPasswordHint(dbURL))
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := sqlite.Backup(ctx, dbURL, file, *force); err != nil {
		msg := fileProblem(err)
		if fe, ok := err.(*sqlite.FileError); ok && !fe.Write && errors.Is(fe, os.ErrNotExist) {
			msg += " (--db ile veritabanının yolunu verin)"
		}
		fmt.Fprintf(stderr, "kesim backup: %s\n", msg)
		return 1
	}
	fmt.Fprintf(stdout, "Yedeklendi: %s → %s\n", dbURL, file)
	return 0
}

// runRestore implements `kesim restore FILE`: the backup FILE becomes the
// SQLite database, the old one is kept beside it as .bak.
func runRestore(args []string, stdout, stderr io.Writer) int {
	fs := cmdRestore.flagSet()
	var dbURL string
	if err := dbFlag(fs, &dbURL); err != nil {
		fmt.Fprintf(stderr, "kesim restore: %v\n", err)
		return 2
	}
	file, code, ok := parseFileArg(cmdRestore, fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if store.IsPostgresURL(dbURL) {
		fmt.Fprintf(stderr, "kesim restore: PostgreSQL veritabanını kesim geri yüklemez; pg_dump ile alınmış yedeği pg_restore ile yükleyin:\n"+
			"  pg_restore --clean --if-exists --dbname=%s %s\n%s",
			shellQuote(pgURL(dbURL)), shellQuote(file), pgPasswordHint(dbURL))
		return 2
	}
	// Run as root (sudo kesim restore), the new database and the .bak
	// were root's, mode 0600: the service's account could not open them
	// and the server did not start. They go to the database's owner.
	owner, keepOwner := dbOwner(dbURL)
	bak, err := sqlite.Restore(context.Background(), file, dbURL)
	if err != nil {
		fmt.Fprintf(stderr, "kesim restore: %s\n", fileProblem(err))
		return 1
	}
	fmt.Fprintf(stdout, "Geri yüklendi: %s → %s\n", file, dbURL)
	if bak != "" {
		fmt.Fprintf(stdout, "Önceki veritabanı: %s\n", bak)
	}
	if keepOwner {
		if err := giveTo(owner, dbURL, bak, bak+"-wal"); err != nil {
			fmt.Fprintf(stderr, "kesim restore: %s veritabanının sahibine (kullanıcı %d) verilemedi (%v): Kesim'i başlatmadan önce chown ile verin\n",
				dbURL, owner.uid, errors.Unwrap(err))
			return 1
		}
	}
	return 0
}

// fileOwner is the user and group that own a file.
type fileOwner struct{ uid, gid int }

// fileProblem says err of the SQLite store in Turkish: a *sqlite.FileError
// (a file the user named that could not be read or written) as kesim nest
// says its files' errors, with the role and the user's path ("veritabanı
// kesim.db yok", "yedek /mnt/y.db yazılamadı: disk dolu"), any other
// error as it is.
func fileProblem(err error) string {
	fe, ok := err.(*sqlite.FileError)
	if !ok {
		return err.Error()
	}
	if fe.Write {
		return fmt.Sprintf("%s %s yazılamadı: %s", fe.Role, fe.Path, writeProblem(fe.Err, fe.Path))
	}
	return fmt.Sprintf("%s %s %s", fe.Role, fe.Path, readProblem(fe.Err))
}

// parseFileArg parses the flags of c and its one argument, FILE.
func parseFileArg(c *command, fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (file string, code int, ok bool) {
	if code, ok := c.parse(fs, args, stdout, stderr); !ok {
		return "", code, false
	}
	switch fs.NArg() {
	case 0:
		return "", c.usageError(stderr, "DOSYA eksik"), false
	case 1:
		if fs.Arg(0) == "" {
			// kesim backup '' (an unset $FILE): no file is named; the
			// store's answer, "yedek  yazılamadı: klasör yok (.)", hid that.
			return "", c.usageError(stderr, "DOSYA boş: yedek dosyasının yolunu yazın"), false
		}
		return fs.Arg(0), 0, true
	}
	return "", c.usageError(stderr, fmt.Sprintf("beklenmeyen argüman %q", fs.Arg(1))), false
}

// pgUser splits a postgres:// URL at its user information: the URL
// without the password, and whether it had one. It does not parse the URL
// (url.Parse refuses passwords PostgreSQL takes, such as "ş"); the user
// information is what comes before the last @ ahead of any query.
func pgUser(dsn string) (shown string, hadPassword bool) {
	scheme, rest, ok := strings.Cut(dsn, "://")
	if !ok {
		return dsn, false
	}
	head, _, _ := strings.Cut(rest, "?")
	at := strings.LastIndex(head, "@")
	if at < 0 {
		return dsn, false
	}
	user, _, hadPassword := strings.Cut(rest[:at], ":")
	return scheme + "://" + user + "@" + rest[at+1:], hadPassword
}

// pgURL is the PostgreSQL URL without its password, to be shown.
func pgURL(dsn string) string {
	shown, _ := pgUser(dsn)
	return shown
}

// pgPasswordHint says where pg_dump takes the password from when the URL
// had one.
func pgPasswordHint(dsn string) string {
	if _, ok := pgUser(dsn); ok {
		return "Şifreyi PGPASSWORD ortam değişkeniyle ya da ~/.pgpass dosyasıyla verin.\n"
	}
	return ""
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`&;|<>()*?[]#~!{}") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
