package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/term"
	"rsc.io/qr"

	"kesim/internal/apperr"
	"kesim/internal/password"
	"kesim/internal/store"
)

const userUsage = `Kullanım:
  kesim user add NAME [--admin] [--password-file DOSYA]
  kesim user list
  kesim user passwd NAME [--password-file DOSYA]
  kesim user remove NAME [--last]
  kesim user totp NAME [--off]
Hepsi --db URL (KESIM_DATABASE_URL) alır. İlk hesap açıldığında sunucu ekip
kipine geçer: her istek oturum ister ve o ana dek kullanıcısız kaydedilen
parça ve düzenler ilk hesaba geçer.
`

// runUser implements `kesim user`: account administration on the
// database the server uses.
func runUser(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, userUsage)
		return 2
	}
	cmd := args[0]
	fs := flag.NewFlagSet("user "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	dbURL := fs.String("db", envOr("KESIM_DATABASE_URL", filepath.Join("kesim-data", "kesim.db")), "veritabanı")
	admin := fs.Bool("admin", false, "yönetici hesabı")
	pwFile := fs.String("password-file", "", "şifrenin ilk satırını bu dosyadan oku")
	off := fs.Bool("off", false, "totp: doğrulama uygulamasını kaldır")
	last := fs.Bool("last", false, "remove: son hesabı da sil (sunucu hesapsız, yerel kipe döner)")
	if err := parseInterspersed(fs, args[1:]); err != nil {
		return 2
	}
	needName := cmd != "list"
	if needName != (fs.NArg() == 1) || (!needName && fs.NArg() != 0) {
		fmt.Fprint(stderr, userUsage)
		return 2
	}
	ctx := context.Background()
	st, err := openStore(ctx, *dbURL)
	if err != nil {
		fmt.Fprintf(stderr, "kesim user: veritabanı açılamadı: %v\n", err)
		return 1
	}
	defer st.Close()
	acc, ok := st.(store.Accounts)
	if !ok {
		fmt.Fprintln(stderr, "kesim user: bu veritabanı hesapları desteklemiyor")
		return 1
	}
	name := strings.TrimSpace(fs.Arg(0))
	fail := func(err error) int {
		msg := apperr.MessageOf(err)
		if msg == "" || apperr.CodeOf(err) == apperr.Internal {
			msg = err.Error()
		}
		fmt.Fprintf(stderr, "kesim user %s: %s\n", cmd, msg)
		return 1
	}
	switch cmd {
	case "add", "passwd":
		if !validUserName(name) {
			fmt.Fprintln(stderr, "kesim user: kullanıcı adı boşluk içermemeli ve en fazla 100 karakter olmalı")
			return 2
		}
		pw, err := readPassword(*pwFile, stdin, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "kesim user: %v\n", err)
			return 2
		}
		hash, err := password.Hash(pw)
		if err != nil {
			fmt.Fprintf(stderr, "kesim user: %v\n", err)
			return 2
		}
		if cmd == "add" {
			if _, err := acc.CreateUser(ctx, name, hash, *admin); err != nil {
				return fail(err)
			}
			fmt.Fprintf(stdout, "%q hesabı açıldı.\n", name)
		} else {
			if err := acc.SetPassword(ctx, name, hash); err != nil {
				return fail(err)
			}
			fmt.Fprintf(stdout, "%q şifresi değişti; açık oturumları kapatıldı.\n", name)
		}
	case "list":
		users, err := acc.Users(ctx)
		if err != nil {
			return fail(err)
		}
		if len(users) == 0 {
			fmt.Fprintln(stdout, "Hesap yok: sunucu yerel kipte (oturum açmadan) çalışır.")
		}
		for _, u := range users {
			role := "kullanıcı"
			if u.Admin {
				role = "yönetici"
			}
			fmt.Fprintf(stdout, "%s\t%s\t%s\n", u.Name, role, u.CreatedAt.Local().Format("2006-01-02 15:04"))
		}
	case "totp":
		if *off {
			if err := acc.SetTOTP(ctx, name, ""); err != nil {
				return fail(err)
			}
			fmt.Fprintf(stdout, "%q için doğrulama kodu artık istenmiyor.\n", name)
			return 0
		}
		secret, err := password.NewTOTPSecret()
		if err != nil {
			return fail(err)
		}
		if err := acc.SetTOTP(ctx, name, secret); err != nil {
			return fail(err)
		}
		uri := password.TOTPURI("Kesim", name, secret)
		fmt.Fprintf(stdout, "%q için doğrulama uygulamasıyla bu kodu okutun; girişte 6 haneli kod istenecek.\n\n", name)
		if err := printQR(stdout, uri); err != nil {
			fmt.Fprintf(stderr, "kesim user: QR kodu çizilemedi: %v\n", err)
		}
		fmt.Fprintf(stdout, "\n%s\nGizli anahtar: %s\n", uri, secret)
	case "remove":
		// Without accounts the server is open to whoever reaches it: a
		// server already listening on the network would stay open. Only
		// on purpose.
		users, err := acc.Users(ctx)
		if err != nil {
			return fail(err)
		}
		if len(users) == 1 && users[0].Name == name && !*last {
			fmt.Fprintln(stderr, "kesim user remove: bu son hesap. Silinirse sunucu oturum istemez ve ağa açık çalışan bir\n"+
				"sunucuya erişen herkes her kaydı görür. Önce başka bir hesap açın ya da bilerek --last verin.")
			return 1
		}
		if err := acc.DeleteUser(ctx, name); err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "%q hesabı, oturumları ve kayıtları silindi.\n", name)
	default:
		fmt.Fprint(stderr, userUsage)
		return 2
	}
	return 0
}

// readPassword reads the password from a file's first line, or asks for it
// twice on the terminal without echo.
func readPassword(file string, stdin io.Reader, stderr io.Writer) (string, error) {
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			return "", err
		}
		line, _, _ := strings.Cut(string(data), "\n")
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
	return strings.TrimRight(line, "\r\n"), nil
}

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
