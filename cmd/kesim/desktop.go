package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"kesim/internal/store"
)

// The desktop start: kesim with no command (or kesim start) on a
// workshop's computer, double-clicked. It serves on this computer, keeps
// its data in the user's data folder, opens the browser on the app, and a
// second start opens the browser on the one already running.

// noBrowserEnv, when set to anything but 0, keeps the desktop start from
// opening a browser (tests, a computer without one).
const noBrowserEnv = "KESIM_NO_BROWSER"

// desktopAddr is where the desktop start listens unless --addr or
// KESIM_ADDR says otherwise; when it is taken, a free port is used.
const desktopAddr = "127.0.0.1:8080"

// stateFile is the file in the data folder that names the running desktop
// server.
const stateFile = "sunucu.json"

// desktopState is what stateFile holds.
type desktopState struct {
	PID int    `json:"pid"`
	URL string `json:"url"`
	DB  string `json:"db"` // a PostgreSQL URL without its password (pgURL)
}

// desktop is the desktop start and what it depends on, replaced in tests.
type desktop struct {
	goos   string
	getenv func(string) string
	// browse opens the default browser on url.
	browse func(url string) error
	// ctx ends the server; nil is until Ctrl+C or SIGTERM.
	ctx context.Context
}

// runDesktop implements kesim with no command and kesim start.
func runDesktop(args []string, stdout, stderr io.Writer) int {
	d := desktop{goos: runtime.GOOS, getenv: os.Getenv}
	d.browse = func(url string) error { return startBrowser(d.goos, url) }
	code := d.run(args, stdout, stderr)
	if code != 0 && ownConsole() {
		// Double-clicked on Windows: the window would close before anyone
		// read why Kesim did not start.
		fmt.Fprint(stderr, "Pencereyi kapatmak için Enter'a basın.")
		bufio.NewReader(os.Stdin).ReadString('\n')
	}
	return code
}

func (d *desktop) run(args []string, stdout, stderr io.Writer) int {
	var f serveFlags
	fs := cmdStart.flagSet()
	if err := f.register(fs); err != nil {
		fmt.Fprintf(stderr, "kesim: %v\n", err)
		return 2
	}
	noBrowser := fs.Bool("no-browser", false, "tarayıcıyı açma, yalnız adresi yaz ("+noBrowserEnv+"=1)")
	dir, dirErr := dataDir(d.goos, d.getenv)
	if dirErr == nil && d.getenv("KESIM_DATABASE_URL") == "" {
		setDefault(fs, "db", filepath.Join(dir, "kesim.db"))
	}
	if code, ok := cmdStart.parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return cmdStart.usageError(stderr, fmt.Sprintf("beklenmeyen argüman %q", fs.Arg(0)))
	}
	if v := d.getenv(noBrowserEnv); v != "" && v != "0" {
		*noBrowser = true
	}
	if dirErr != nil && !isSet(fs, "db") && d.getenv("KESIM_DATABASE_URL") == "" {
		fmt.Fprintf(stderr, "kesim: %v; veritabanını --db ile verin\n", dirErr)
		return 1
	}
	statePath := ""
	if dirErr == nil {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			fmt.Fprintf(stderr, "kesim: veri klasörü %s oluşturulamadı: %s\n", dir, writeProblem(err, dir))
			return 1
		}
		statePath = filepath.Join(dir, stateFile)
	}
	db := f.dbURL
	if abs, err := filepath.Abs(db); err == nil && !store.IsPostgresURL(db) {
		db = abs
	}
	// A workshop that ran kesim serve here keeps its data in
	// kesim-data/kesim.db: the desktop start's own database would look
	// empty to it, so it says where the other one is.
	other := ""
	if !isSet(fs, "db") && d.getenv("KESIM_DATABASE_URL") == "" {
		if abs, err := filepath.Abs(store.DefaultSQLitePath); err == nil && abs != db {
			if st, err := os.Stat(abs); err == nil && st.Mode().IsRegular() {
				other = abs
			}
		}
	}
	// open opens the browser on url; with wait false it does not wait for
	// the opener (the server starts meanwhile) and reports its failure
	// when it comes.
	open := func(url string, wait bool) {
		if *noBrowser {
			return
		}
		try := func() {
			if err := d.browse(url); err != nil {
				fmt.Fprintf(stdout, "Tarayıcı açılamadı (%v); adresi tarayıcınıza yazın: %s\n", err, url)
			}
		}
		if wait {
			try()
		} else {
			go try()
		}
	}

	if running, ok := findRunning(statePath, db); ok {
		fmt.Fprintf(stdout, "Kesim zaten çalışıyor: %s\n", running.URL)
		if !*noBrowser {
			fmt.Fprintln(stdout, "Tarayıcı o adreste açılıyor.")
		}
		open(running.URL, true)
		return 0
	}

	ctx := d.ctx
	if ctx == nil {
		var stop context.CancelFunc
		ctx, stop = signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
	}
	hooks := serveHooks{name: "kesim"}
	if !isSet(fs, "addr") && d.getenv("KESIM_ADDR") == "" {
		hooks.listen = listenDesktop
	}
	var mine desktopState
	hooks.ready = func(url string) {
		// The state file names the database without a PostgreSQL password.
		mine = desktopState{PID: os.Getpid(), URL: url, DB: pgURL(db)}
		if statePath != "" {
			if err := writeState(statePath, mine); err != nil {
				fmt.Fprintf(stderr, "kesim: %s yazılamadı (ikinci bir başlatma bu sunucuyu bulamaz): %s\n", statePath, writeProblem(err, statePath))
			}
		}
		fmt.Fprintf(stdout, "Kesim çalışıyor: %s\nVeriler: %s\n", url, pgURL(f.dbURL))
		if other != "" {
			fmt.Fprintf(stdout, "Not: bu klasörde başka bir Kesim veritabanı da var: %s\nOndaki verilerle çalışmak için Kesim'i şöyle başlatın: kesim --db \"%s\"\n", other, other)
		}
		if !*noBrowser {
			fmt.Fprint(stdout, "Tarayıcı açılıyor. ")
		}
		fmt.Fprint(stdout, "Durdurmak için Ctrl+C'ye basın ya da bu pencereyi kapatın.\n")
		open(url, false)
	}
	code := serve(ctx, &f, hooks, stderr)
	if statePath != "" && mine.URL != "" {
		// Only this server's state: a later start may have replaced it.
		if st, err := readState(statePath); err == nil && st == mine {
			os.Remove(statePath)
		}
	}
	if code == 0 {
		fmt.Fprintln(stdout, "Kesim durdu.")
	}
	return code
}

// dataDir is the folder where the desktop start keeps its data on goos,
// from the environment getenv reads: %LOCALAPPDATA%\Kesim on Windows,
// ~/Library/Application Support/Kesim on macOS, and elsewhere
// $XDG_DATA_HOME/kesim or ~/.local/share/kesim (the XDG Base Directory
// specification; a relative XDG_DATA_HOME is ignored, as it says).
func dataDir(goos string, getenv func(string) string) (string, error) {
	sep := "/"
	if goos == "windows" {
		sep = `\`
	}
	join := func(base string, elems ...string) string {
		return strings.TrimRight(base, `/\`) + sep + strings.Join(elems, sep)
	}
	switch goos {
	case "windows":
		if v := getenv("LOCALAPPDATA"); v != "" {
			return join(v, "Kesim"), nil
		}
		if v := getenv("USERPROFILE"); v != "" {
			return join(v, "AppData", "Local", "Kesim"), nil
		}
		return "", errors.New("kullanıcının veri klasörü bulunamadı (LOCALAPPDATA ve USERPROFILE boş)")
	case "darwin", "ios":
		if v := getenv("HOME"); v != "" {
			return join(v, "Library", "Application Support", "Kesim"), nil
		}
	default:
		if v := getenv("XDG_DATA_HOME"); strings.HasPrefix(v, "/") {
			return join(v, "kesim"), nil
		}
		if v := getenv("HOME"); v != "" {
			return join(v, ".local", "share", "kesim"), nil
		}
	}
	return "", errors.New("kullanıcının veri klasörü bulunamadı (HOME boş)")
}

// browserCommand is the command that opens url in the default browser on
// goos.
func browserCommand(goos, url string) []string {
	switch goos {
	case "windows":
		return []string{"rundll32", "url.dll,FileProtocolHandler", url}
	case "darwin":
		return []string{"open", url}
	default:
		return []string{"xdg-open", url}
	}
}

// startBrowser opens url in the default browser. It reports the opener's
// failure when it ends with one within openerWait (xdg-open with no
// browser set up exits 3 at once, after a successful start); an opener
// still running then is left to run.
func startBrowser(goos, url string) error {
	return runOpener(browserCommand(goos, url), openerWait)
}

// openerWait is how long startBrowser waits for the opener's exit status.
const openerWait = 10 * time.Second

// runOpener starts argv and waits up to wait for it to end; it returns a
// Turkish error when it cannot start or ends with a non-zero status.
func runOpener(argv []string, wait time.Duration) error {
	cmd := exec.Command(argv[0], argv[1:]...)
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return fmt.Errorf("%s bulunamadı", argv[0])
		}
		return fmt.Errorf("%s başlatılamadı: %w", argv[0], err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return fmt.Errorf("%s %d koduyla bitti", argv[0], exit.ExitCode())
		}
		return err
	case <-time.After(wait):
		return nil
	}
}

// listenDesktop listens on addr, or on a free port of the same host when
// another program holds addr.
func listenDesktop(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err == nil {
		return ln, nil
	}
	host, _, splitErr := net.SplitHostPort(addr)
	if splitErr != nil {
		return nil, err
	}
	return net.Listen("tcp", net.JoinHostPort(host, "0"))
}

// findRunning reports the desktop server that the state file at path names
// for the database db, if it is still running: its process lives and its
// /api/health answers as Kesim. A stale file (a server that crashed, a
// port another program took) is ignored.
func findRunning(path, db string) (desktopState, bool) {
	if path == "" {
		return desktopState{}, false
	}
	st, err := readState(path)
	if err != nil || st.DB != pgURL(db) || !processAlive(st.PID) {
		return desktopState{}, false
	}
	return st, kesimAnswers(st.URL)
}

// kesimAnswers reports whether a Kesim server answers GET /api/health at
// url.
func kesimAnswers(url string) bool {
	client := http.Client{Timeout: 3 * time.Second}
	resp, err := client.Get(url + "/api/health")
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	var health struct{ Status, Version string }
	err = json.NewDecoder(io.LimitReader(resp.Body, 4096)).Decode(&health)
	return err == nil && resp.StatusCode == http.StatusOK && health.Status == "ok" && health.Version != ""
}

func readState(path string) (desktopState, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return desktopState{}, err
	}
	var st desktopState
	err = json.Unmarshal(b, &st)
	return st, err
}

// writeState writes st to path whole: to a temporary file, then renamed.
func writeState(path string, st desktopState) error {
	b, err := json.Marshal(st)
	if err != nil {
		return err
	}
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid())
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// setDefault changes the default of fs's flag name to value, as its help
// shows it.
func setDefault(fs *flag.FlagSet, name, value string) {
	f := fs.Lookup(name)
	f.DefValue = value
	f.Value.Set(value)
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
