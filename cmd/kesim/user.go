package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/term"
	"rsc.io/qr"

	"kesim/internal/apperr"
	"kesim/internal/password"
	"kesim/internal/store"
)

// runUser implements `kesim user`: account administration on the
// database the server uses, one function per subcommand.
func runUser(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printUserUsage(stderr, "Kullanım:")
		return 2
	}
	u := userIO{stdin, stdout, stderr}
	switch args[0] {
	case "add":
		return u.add(args[1:])
	case "list":
		return u.list(args[1:])
	case "passwd":
		return u.passwd(args[1:])
	case "remove":
		return u.remove(args[1:])
	case "totp":
		return u.totp(args[1:])
	case "help", "-h", "-help", "--help":
		cmdUser.printHelp(stdout, nil)
		return 0
	}
	fmt.Fprintf(stderr, "kesim user: bilinmeyen alt komut %q\n", args[0])
	printUserUsage(stderr, "Kullanım:")
	return 2
}

// userIO is where a kesim user subcommand reads and writes.
type userIO struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// userCmd is one kesim user subcommand: its flags, the account NAME it
// names and its database.
type userCmd struct {
	*command
	userIO
	fs      *flag.FlagSet
	db      string
	dbErr   error  // KESIM_DATABASE_URL's, reported by parse
	account string // NAME
}

// cmd starts the subcommand c with the flag every subcommand takes, --db.
func (u userIO) cmd(c *command) *userCmd {
	uc := &userCmd{command: c, userIO: u, fs: c.flagSet()}
	uc.dbErr = dbFlag(uc.fs, &uc.db)
	return uc
}

// parse parses args, which hold the account's NAME when named, and reports
// whether the subcommand goes on; if not, code is its exit status.
func (c *userCmd) parse(args []string, named bool) (code int, ok bool) {
	if c.dbErr != nil {
		fmt.Fprintf(c.stderr, "kesim user: %v\n", c.dbErr)
		return 2, false
	}
	if code, ok := c.command.parse(c.fs, args, c.stdout, c.stderr); !ok {
		return code, false
	}
	want := 0
	if named {
		want = 1
	}
	if c.fs.NArg() != want {
		return c.usageError(c.stderr, ""), false
	}
	c.account = strings.TrimSpace(c.fs.Arg(0))
	return 0, true
}

// open opens the accounts of the database. On failure it reports why and
// returns the exit status, 1.
func (c *userCmd) open(ctx context.Context) (store.Accounts, func(), int) {
	// Only add may start a database: a mistyped --db for list, passwd,
	// remove or totp would otherwise leave a new, empty one that has no
	// accounts.
	if c.command != cmdUserAdd && !store.IsPostgresURL(c.db) {
		if _, err := os.Stat(c.db); errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(c.stderr, "kesim user: veritabanı %s yok; kesim serve'ün kullandığı --db'yi verin (ilk hesap kesim user add ile açılır)\n", c.db)
			return nil, nil, 1
		}
	}
	st, err := openStore(ctx, c.db)
	if err != nil {
		fmt.Fprintf(c.stderr, "kesim user: veritabanı açılamadı: %s\n", fileProblem(err))
		return nil, nil, 1
	}
	acc, ok := st.(store.Accounts)
	if !ok {
		st.Close()
		fmt.Fprintln(c.stderr, "kesim user: bu veritabanı hesapları desteklemiyor")
		return nil, nil, 1
	}
	return acc, func() { st.Close() }, 0
}

// run parses args (holding the account's NAME when named), opens the
// database's accounts and runs do on them; it returns do's exit status, or
// the status of what failed before.
func (c *userCmd) run(args []string, named bool, do func(ctx context.Context, acc store.Accounts) int) int {
	if code, ok := c.parse(args, named); !ok {
		return code
	}
	ctx := context.Background()
	acc, done, code := c.open(ctx)
	if code != 0 {
		return code
	}
	defer done()
	return do(ctx, acc)
}

// fail reports err, the store's Turkish message where it has one, and
// returns the exit status, 1.
func (c *userCmd) fail(err error) int {
	msg := apperr.MessageOf(err)
	if msg == "" || apperr.CodeOf(err) == apperr.Internal {
		msg = err.Error()
	}
	fmt.Fprintf(c.stderr, "kesim %s: %s\n", c.command.name, msg)
	return 1
}

// passwordHash reads a new password for the account, as --password-file
// says, and hashes it. On failure it reports why and returns the exit
// status, 2.
func (c *userCmd) passwordHash(file string) (string, int) {
	if !validUserName(c.account) {
		fmt.Fprintln(c.stderr, "kesim user: kullanıcı adı boşluk içermemeli ve en fazla 100 karakter olmalı")
		return "", 2
	}
	pw, err := readPassword(file, c.stdin, c.stderr)
	if err == nil {
		var hash string
		if hash, err = password.Hash(pw); err == nil {
			return hash, 0
		}
	}
	fmt.Fprintf(c.stderr, "kesim user: %v\n", err)
	return "", 2
}

// passwordFileFlag defines --password-file, for add and passwd.
func passwordFileFlag(fs *flag.FlagSet) *string {
	return fs.String("password-file", "", "şifrenin ilk satırının okunacağı `DOSYA` (yoksa terminalden sorulur)")
}

// add implements kesim user add NAME [--admin] [--password-file F].
func (u userIO) add(args []string) int {
	c := u.cmd(cmdUserAdd)
	admin := c.fs.Bool("admin", false, "yönetici hesabı")
	pwFile := passwordFileFlag(c.fs)
	return c.run(args, true, func(ctx context.Context, acc store.Accounts) int {
		// Names are exact, but two accounts that differ only in case or
		// in Turkish letters ("Ayse" beside "ayse", "İsmail" beside
		// "ismail", "IŞIK" beside "ışık") are one person's typo, and share
		// the sign-in limits, which fold names the same way
		// (store.FoldAccountName).
		users, err := acc.Users(ctx)
		if err != nil {
			return c.fail(err)
		}
		for _, other := range users {
			if other.Name != c.account && store.FoldAccountName(other.Name) == store.FoldAccountName(c.account) {
				fmt.Fprintf(c.stderr, "kesim user: %q hesabı zaten var; yalnız büyük-küçük harfle ya da Türkçe harfleriyle (ı/i, ş/s …) ayrılan bir ad açılmaz\n", other.Name)
				return 1
			}
		}
		hash, code := c.passwordHash(*pwFile)
		if code != 0 {
			return code
		}
		if _, err := acc.CreateUser(ctx, c.account, hash, *admin); err != nil {
			return c.fail(err)
		}
		fmt.Fprintf(c.stdout, "%q hesabı açıldı.\n", c.account)
		return 0
	})
}

// passwd implements kesim user passwd NAME [--password-file F].
func (u userIO) passwd(args []string) int {
	c := u.cmd(cmdUserPasswd)
	pwFile := passwordFileFlag(c.fs)
	return c.run(args, true, func(ctx context.Context, acc store.Accounts) int {
		hash, code := c.passwordHash(*pwFile)
		if code != 0 {
			return code
		}
		if err := acc.SetPassword(ctx, c.account, hash); err != nil {
			return c.fail(err)
		}
		fmt.Fprintf(c.stdout, "%q hesabının şifresi değişti; açık oturumları kapatıldı.\n", c.account)
		return 0
	})
}

// list implements kesim user list.
func (u userIO) list(args []string) int {
	c := u.cmd(cmdUserList)
	return c.run(args, false, func(ctx context.Context, acc store.Accounts) int {
		users, err := acc.Users(ctx)
		if err != nil {
			return c.fail(err)
		}
		if len(users) == 0 {
			fmt.Fprintln(c.stdout, "Hesap yok: sunucu yerel kipte (oturum açmadan) çalışır.")
		}
		for _, user := range users {
			role := "kullanıcı"
			if user.Admin {
				role = "yönetici"
			}
			fmt.Fprintf(c.stdout, "%s\t%s\t%s\n", user.Name, role, user.CreatedAt.Local().Format("2006-01-02 15:04"))
		}
		return 0
	})
}

// remove implements kesim user remove NAME [--last] [--data].
func (u userIO) remove(args []string) int {
	c := u.cmd(cmdUserRemove)
	last := c.fs.Bool("last", false, "son hesabı da sil (sunucu hesapsız, yerel kipe döner)")
	data := c.fs.Bool("data", false, "hesabın kayıtlarını (düzenler, işler, parçalar, stok, bantlar) da sil")
	return c.run(args, true, func(ctx context.Context, acc store.Accounts) int {
		// Without accounts the server is open to whoever reaches it: a server
		// already listening on the network would stay open. Only on purpose.
		users, err := acc.Users(ctx)
		if err != nil {
			return c.fail(err)
		}
		if len(users) == 1 && users[0].Name == c.account && !*last {
			fmt.Fprintln(c.stderr, "kesim user remove: bu son hesap. Silinirse sunucu oturum istemez ve ağa açık çalışan bir\n"+
				"sunucuya erişen herkes her kaydı görür. Önce başka bir hesap açın ya da bilerek --last verin.")
			return 1
		}
		// The account's rows go with it only on purpose: the first account
		// owns everything saved before accounts existed.
		owned, err := acc.DeleteUser(ctx, c.account, *data)
		if apperr.CodeOf(err) == apperr.Conflict && owned.Any() {
			fmt.Fprintf(c.stderr, "kesim user remove: %q hesabının kayıtları var: %s. Hesapla birlikte silinirler ve geri gelmezler.\n"+
				"Önce kesim backup ile yedek alın; kayıtlarıyla silmek için --data verin.\n", c.account, rowWords(owned))
			return 1
		}
		if err != nil {
			return c.fail(err)
		}
		if owned.Any() {
			fmt.Fprintf(c.stdout, "%q hesabı, oturumları ve kayıtları (%s) silindi.\n", c.account, rowWords(owned))
		} else {
			fmt.Fprintf(c.stdout, "%q hesabı ve oturumları silindi; kaydı yoktu.\n", c.account)
		}
		return 0
	})
}

// rowWords names what an account owns, the counts the Turkish way: "17
// düzen (işler dahil), 1.096 kayıtlı parça".
func rowWords(r store.UserRows) string {
	var out []string
	for _, w := range []struct {
		n    int
		what string
	}{{r.Layouts, "düzen (işler dahil)"}, {r.Parts, "kayıtlı parça"}, {r.Stock, "stok satırı (raf artıkları dahil)"}, {r.Bands, "bant kodu"}} {
		if w.n > 0 {
			out = append(out, count(w.n)+" "+w.what)
		}
	}
	return strings.Join(out, ", ")
}

// totp implements kesim user totp NAME [--off].
func (u userIO) totp(args []string) int {
	c := u.cmd(cmdUserTOTP)
	off := c.fs.Bool("off", false, "doğrulama uygulamasını kaldır")
	return c.run(args, true, func(ctx context.Context, acc store.Accounts) int {
		if *off {
			if err := acc.SetTOTP(ctx, c.account, ""); err != nil {
				return c.fail(err)
			}
			fmt.Fprintf(c.stdout, "%q için doğrulama kodu artık istenmiyor.\n", c.account)
			return 0
		}
		secret, err := password.NewTOTPSecret()
		if err != nil {
			return c.fail(err)
		}
		if err := acc.SetTOTP(ctx, c.account, secret); err != nil {
			return c.fail(err)
		}
		uri := password.TOTPURI("Kesim", c.account, secret)
		fmt.Fprintf(c.stdout, "%q için doğrulama uygulamasıyla bu kodu okutun; girişte 6 haneli kod istenecek.\n\n", c.account)
		if err := printQR(c.stdout, uri); err != nil {
			fmt.Fprintf(c.stderr, "kesim user: QR kodu çizilemedi: %v\n", err)
		}
		fmt.Fprintf(c.stdout, "\n%s\nGizli anahtar: %s\n", uri, secret)
		return 0
	})
}

// readPassword reads the password from a file's first line, or asks for it
// twice on the terminal without echo. The byte order mark Notepad writes
// at the start of a file is no part of the password: kept, the password
// typed at sign-in never matched.
func readPassword(file string, stdin io.Reader, stderr io.Writer) (string, error) {
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			return "", fmt.Errorf("--password-file: %s %s", file, readProblem(err))
		}
		line, _, _ := strings.Cut(strings.TrimPrefix(string(data), bom), "\n")
		return strings.TrimRight(line, "\r"), nil
	}
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(stderr, "Şifre: ")
		a, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(stderr)
		if err != nil {
			return "", err
		}
		fmt.Fprint(stderr, "Şifre (tekrar): ")
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(stderr)
		if err != nil {
			return "", err
		}
		if string(a) != string(b) {
			return "", errors.New("şifreler aynı değil")
		}
		return string(a), nil
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && line == "" {
		return "", errors.New("şifre okunamadı: --password-file verin veya bir terminalden çalıştırın")
	}
	return strings.TrimRight(strings.TrimPrefix(line, bom), "\r\n"), nil
}

// bom is UTF-8's byte order mark.
const bom = "\xef\xbb\xbf"

// printQR draws a QR code of text in the terminal, two modules per
// character row, with a quiet zone.
func printQR(w io.Writer, text string) error {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return err
	}
	n := code.Size
	black := func(x, y int) bool { return x >= 0 && y >= 0 && x < n && y < n && code.Black(x, y) }
	var b strings.Builder
	for y := -2; y < n+2; y += 2 {
		for x := -2; x < n+2; x++ {
			top, bottom := black(x, y), black(x, y+1)
			switch {
			case top && bottom:
				b.WriteRune(' ')
			case top:
				b.WriteRune('▄')
			case bottom:
				b.WriteRune('▀')
			default:
				b.WriteRune('█')
			}
		}
		b.WriteByte('\n')
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// validUserName: 1 to 100 bytes of printable characters, no spaces (the
// name is typed at sign-in and printed by `kesim user list`).
func validUserName(name string) bool {
	if name == "" || len(name) > 100 || !utf8.ValidString(name) {
		return false
	}
	for _, r := range name {
		if unicode.IsSpace(r) || !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}
