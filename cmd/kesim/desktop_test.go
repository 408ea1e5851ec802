package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestDataDir(t *testing.T) {
	for _, tt := range []struct {
		goos string
		env  map[string]string
		want string
	}{
		{"windows", map[string]string{"LOCALAPPDATA": `C:\Users\Ayşe\AppData\Local`, "USERPROFILE": `C:\Users\Başka`}, `C:\Users\Ayşe\AppData\Local\Kesim`},
		{"windows", map[string]string{"USERPROFILE": `C:\Users\Ayşe`}, `C:\Users\Ayşe\AppData\Local\Kesim`},
		{"linux", map[string]string{"XDG_DATA_HOME": "/veri", "HOME": "/home/ayse"}, "/veri/kesim"},
		{"linux", map[string]string{"HOME": "/home/ayse"}, "/home/ayse/.local/share/kesim"},
		// The XDG specification: a relative path is invalid and ignored.
		{"linux", map[string]string{"XDG_DATA_HOME": "veri", "HOME": "/home/ayse/"}, "/home/ayse/.local/share/kesim"},
		{"freebsd", map[string]string{"HOME": "/home/ayse"}, "/home/ayse/.local/share/kesim"},
		{"darwin", map[string]string{"HOME": "/Users/ayse", "XDG_DATA_HOME": "/veri"}, "/Users/ayse/Library/Application Support/Kesim"},
	} {
		got, err := dataDir(tt.goos, func(k string) string { return tt.env[k] })
		if err != nil || got != tt.want {
			t.Errorf("dataDir(%s, %v) = %q, %v; want %q", tt.goos, tt.env, got, err, tt.want)
		}
	}
	for _, goos := range []string{"windows", "linux", "darwin"} {
		if got, err := dataDir(goos, func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), "veri klasörü bulunamadı") {
			t.Errorf("dataDir(%s) without an environment = %q, %v; want a Turkish error", goos, got, err)
		}
	}
}

func TestBrowserCommand(t *testing.T) {
	const url = "http://127.0.0.1:8080"
	for goos, want := range map[string]string{
		"windows": "rundll32 url.dll,FileProtocolHandler " + url,
		"darwin":  "open " + url,
		"linux":   "xdg-open " + url,
		"openbsd": "xdg-open " + url,
	} {
		if got := strings.Join(browserCommand(goos, url), " "); got != want {
			t.Errorf("browserCommand(%s) = %q, want %q", goos, got, want)
		}
	}
}

// A browser opener that fails after it started (xdg-open without a
// browser set up exits 3 at once) is reported, so that the user is told to
// type the address; one that keeps running is left to run.
func TestRunOpenerReportsFailure(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test runs Unix commands")
	}
	if err := runOpener([]string{"sh", "-c", "exit 3"}, 5*time.Second); err == nil || err.Error() != "sh 3 koduyla bitti" {
		t.Errorf("an opener that exits 3: %v", err)
	}
	if err := runOpener([]string{"kesim-olmayan-komut"}, 5*time.Second); err == nil || err.Error() != "kesim-olmayan-komut bulunamadı" {
		t.Errorf("a missing opener: %v", err)
	}
	if err := runOpener([]string{"true"}, 5*time.Second); err != nil {
		t.Errorf("an opener that succeeds: %v", err)
	}
	if err := runOpener([]string{"sleep", "5"}, 50*time.Millisecond); err != nil {
		t.Errorf("an opener still running: %v", err)
	}
}

// When another program holds the address, the desktop start listens on a
// free port of the same host instead of failing.
func TestListenDesktopFallsBack(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	ln, err := listenDesktop(taken.Addr().String())
	if err != nil {
		t.Fatalf("listenDesktop on a taken address: %v", err)
	}
	defer ln.Close()
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	if _, takenPort, _ := net.SplitHostPort(taken.Addr().String()); host != "127.0.0.1" || port == takenPort {
		t.Errorf("listenDesktop(%s) listens on %s", taken.Addr(), ln.Addr())
	}
	// A free address is taken as it is.
	free := ln.Addr().String()
	ln.Close()
	again, err := listenDesktop(free)
	if err != nil || again.Addr().String() != free {
		t.Fatalf("listenDesktop(%s) = %v, %v", free, again, err)
	}
	again.Close()
}

// lockedBuffer is a bytes.Buffer that a server goroutine writes while the
// test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// desktopRun is one in-process desktop start.
type desktopRun struct {
	stdout, stderr lockedBuffer
	browsed        chan string // the URLs it opened the browser on
	cancel         context.CancelFunc
	done           chan int // its exit status
}

// startDesktop starts the desktop start with args in a goroutine, with the
// environment env and its browser recorded.
func startDesktop(t *testing.T, env map[string]string, args ...string) *desktopRun {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r := &desktopRun{browsed: make(chan string, 4), cancel: cancel, done: make(chan int, 1)}
	d := desktop{
		goos:   "linux",
		getenv: func(k string) string { return env[k] },
		browse: func(url string) error { r.browsed <- url; return nil },
		ctx:    ctx,
	}
	go func() { r.done <- d.run(args, &r.stdout, &r.stderr) }()
	t.Cleanup(func() {
		cancel()
		<-r.done
	})
	return r
}

// opened waits for r to open the browser, or to end.
func (r *desktopRun) opened(t *testing.T) string {
	t.Helper()
	select {
	case url := <-r.browsed:
		return url
	case code := <-r.done:
		t.Fatalf("the desktop start ended with %d before it opened the browser:\n%s%s", code, r.stdout.String(), r.stderr.String())
	case <-time.After(30 * time.Second):
		t.Fatalf("the desktop start did not open the browser:\n%s%s", r.stdout.String(), r.stderr.String())
	}
	return ""
}

// exited waits for r to end and returns its exit status.
func (r *desktopRun) exited(t *testing.T) int {
	t.Helper()
	select {
	case code := <-r.done:
		r.done <- code // for the cleanup
		return code
	case <-time.After(60 * time.Second):
		t.Fatalf("the desktop start did not end:\n%s%s", r.stdout.String(), r.stderr.String())
	}
	return 0
}

// desktopEnv is an environment with a fresh home folder, and the data
// folder the desktop start uses in it.
func desktopEnv(t *testing.T) (env map[string]string, dir string) {
	home := t.TempDir()
	return map[string]string{"HOME": home}, filepath.Join(home, ".local", "share", "kesim")
}

// The first start serves from the data folder and opens the browser on
// itself; a second start finds it and only opens the browser; backup works
// and restore is refused while it runs; it stops cleanly, removing its
// state, and restore then works.
func TestDesktopSecondStartFindsFirst(t *testing.T) {
	env, dir := desktopEnv(t)
	first := startDesktop(t, env, "--addr", "127.0.0.1:0")
	url := first.opened(t)
	if !kesimAnswers(url) {
		t.Fatalf("%s/api/health does not answer", url)
	}
	db := filepath.Join(dir, "kesim.db")
	for _, want := range []string{"Kesim çalışıyor: " + url, "Veriler: " + db, "Ctrl+C"} {
		if !strings.Contains(first.stdout.String(), want) {
			t.Errorf("first start prints %q, without %q", first.stdout.String(), want)
		}
	}
	var st desktopState
	if b, err := os.ReadFile(filepath.Join(dir, stateFile)); err != nil || json.Unmarshal(b, &st) != nil ||
		st.PID != os.Getpid() || st.URL != url || st.DB != db {
		t.Fatalf("state file: %s, %v; want pid %d, %s, %s", b, err, os.Getpid(), url, db)
	}
	// Something saved through the server, to find in the backup.
	resp, err := http.Post(url+"/api/parts", "application/json", strings.NewReader(`{"name":"Kapak","width":45.5,"height":30,"quantity":2}`))
	if err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/parts: %v %v", resp, err)
	}
	resp.Body.Close()

	second := startDesktop(t, env)
	if got := second.opened(t); got != url {
		t.Errorf("second start opened %q, want the first's %q", got, url)
	}
	if code := second.exited(t); code != 0 || !strings.Contains(second.stdout.String(), "Kesim zaten çalışıyor: "+url) {
		t.Errorf("second start: exit %d, %q", code, second.stdout.String())
	}

	backup := filepath.Join(t.TempDir(), "yedek.db")
	if code, stdout, stderr := runT("", "backup", "--db", db, backup); code != 0 || !strings.Contains(stdout, "Yedeklendi") {
		t.Fatalf("backup while serving: exit %d, %q %q", code, stdout, stderr)
	}
	if code, _, stderr := runT("", "restore", "--db", db, backup); code != 1 || !strings.Contains(stderr, "önce Kesim'i") {
		t.Errorf("restore while serving: exit %d, %q; want 1 and the database in use", code, stderr)
	}

	first.cancel()
	if code := first.exited(t); code != 0 || !strings.Contains(first.stdout.String(), "Kesim durdu.") {
		t.Errorf("stopping: exit %d, %q %q", code, first.stdout.String(), first.stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, stateFile)); !os.IsNotExist(err) {
		t.Errorf("the state file is left after a clean stop: %v", err)
	}
	if code, stdout, stderr := runT("", "restore", "--db", db, backup); code != 0 || !strings.Contains(stdout, "Önceki veritabanı: "+db+".bak") {
		t.Errorf("restore after the stop: exit %d, %q %q", code, stdout, stderr)
	}
}

// A state file of a server that is gone, one whose process died or whose
// address answers nothing, is ignored: the start serves and replaces it.
func TestDesktopIgnoresStaleState(t *testing.T) {
	dead := exec.Command(os.Args[0], "-test.run=^$")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedURL := "http://" + closed.Addr().String()
	closed.Close()
	for name, stale := range map[string]desktopState{
		"dead process":     {PID: dead.Process.Pid, URL: closedURL},
		"no answer":        {PID: os.Getpid(), URL: closedURL},
		"another database": {PID: os.Getpid(), DB: "/başka/kesim.db"},
		"no process id":    {URL: closedURL},
	} {
		t.Run(name, func(t *testing.T) {
			env, dir := desktopEnv(t)
			if stale.DB == "" {
				stale.DB = filepath.Join(dir, "kesim.db")
			}
			if err := os.MkdirAll(dir, 0o750); err != nil {
				t.Fatal(err)
			}
			if err := writeState(filepath.Join(dir, stateFile), stale); err != nil {
				t.Fatal(err)
			}
			if name == "another database" {
				// One that answers, but serves another database.
				other := startDesktop(t, env, "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "baska.db"))
				other.opened(t)
			}
			r := startDesktop(t, env, "--addr", "127.0.0.1:0")
			url := r.opened(t)
			if url == stale.URL || !kesimAnswers(url) {
				t.Fatalf("opened %q; want a new server", url)
			}
			st, err := readState(filepath.Join(dir, stateFile))
			if err != nil || st.URL != url {
				t.Errorf("state after the start: %+v, %v; want %s", st, err, url)
			}
		})
	}
}

// The built binary, as a double-click starts it: the second start exits 0
// at once, and an interrupt (Ctrl+C) stops the first cleanly.
func TestDesktopBinary(t *testing.T) {
	if testing.Short() || runtime.GOOS == "windows" {
		t.Skip("builds kesim and interrupts it")
	}
	bin := filepath.Join(t.TempDir(), "kesim")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	home := t.TempDir()
	env := append(os.Environ(), "HOME="+home, "XDG_DATA_HOME=", "KESIM_NO_BROWSER=1", "KESIM_DATABASE_URL=", "KESIM_ADDR=127.0.0.1:0")
	first := exec.Command(bin)
	first.Env = env
	var stdout, stderr lockedBuffer
	first.Stdout, first.Stderr = &stdout, &stderr
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	defer first.Process.Kill()
	state := filepath.Join(home, ".local", "share", "kesim", stateFile)
	var st desktopState
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var err error
		if st, err = readState(state); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no state file:\n%s%s", stdout.String(), stderr.String())
		}
	}
	if st.PID != first.Process.Pid || !kesimAnswers(st.URL) {
		t.Fatalf("state %+v: pid %d, answers %v", st, first.Process.Pid, kesimAnswers(st.URL))
	}
	second := exec.Command(bin)
	second.Env = env
	out, err := second.Output()
	if err != nil || !strings.Contains(string(out), "Kesim zaten çalışıyor: "+st.URL) || strings.Contains(string(out), "Tarayıcı") {
		t.Errorf("second start: %v, %q", err, out)
	}
	if err := first.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := first.Wait(); err != nil {
		t.Errorf("after Ctrl+C: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "Kesim durdu.") {
		t.Errorf("stdout %q", stdout.String())
	}
	if _, err := os.Stat(state); !os.IsNotExist(err) {
		t.Errorf("state file left after Ctrl+C: %v", err)
	}
}

// The state file names a PostgreSQL database without its password, and a
// start with the same URL still finds the server it names.
func TestDesktopStateHidesThePassword(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"status":"ok","version":"1.2.0"}`))
	}))
	defer srv.Close()
	db := "postgres://kesim:GIZLI-ş@db.local/kesim?sslmode=require"
	path := filepath.Join(t.TempDir(), stateFile)
	if err := writeState(path, desktopState{PID: os.Getpid(), URL: srv.URL, DB: pgURL(db)}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); strings.Contains(string(b), "GIZLI") {
		t.Errorf("the state file holds the password: %s", b)
	}
	if st, ok := findRunning(path, db); !ok || st.URL != srv.URL {
		t.Errorf("the server of the same database not found: %+v %v", st, ok)
	}
	if _, ok := findRunning(path, "postgres://kesim:GIZLI-ş@db.local/baska"); ok {
		t.Error("a server of another database found")
	}
}

// A data folder that cannot be made is named with the reason in Turkish
// (it had printed "mkdir …: not a directory").
func TestDesktopDataFolderProblem(t *testing.T) {
	home := filepath.Join(t.TempDir(), "ev")
	if err := os.WriteFile(home, []byte("bir dosya"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := startDesktop(t, map[string]string{"HOME": home}, "--addr", "127.0.0.1:0")
	code := r.exited(t)
	msg := r.stderr.String()
	if code != 1 || !strings.Contains(msg, "veri klasörü") || !strings.Contains(msg, "klasör değil, dosya") || strings.Contains(msg, "not a directory") {
		t.Errorf("exit %d, %q: want 1 and the folder's problem in Turkish", code, msg)
	}
}

// A desktop start in a folder where kesim serve kept its data
// (kesim-data/kesim.db) serves its own database, and says where the other
// one is and how to open it: a workshop that moves to the desktop start
// would otherwise find its jobs gone.
func TestDesktopNamesTheServeDatabase(t *testing.T) {
	work := t.TempDir()
	t.Chdir(work)
	other := filepath.Join(work, "kesim-data", "kesim.db")
	if err := os.MkdirAll(filepath.Dir(other), 0o750); err != nil {
		t.Fatal(err)
	}
	s, err := openStore(context.Background(), other)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	env, dir := desktopEnv(t)
	r := startDesktop(t, env, "--addr", "127.0.0.1:0")
	r.opened(t)
	out := r.stdout.String()
	for _, want := range []string{"Veriler: " + filepath.Join(dir, "kesim.db"), "başka bir Kesim veritabanı da var: " + other, `kesim --db "` + other + `"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the start prints\n%s\nwithout %q", out, want)
		}
	}
	r.cancel()
	r.exited(t)
	// Started on that database, it has nothing to point at.
	r = startDesktop(t, env, "--addr", "127.0.0.1:0", "--db", other)
	r.opened(t)
	if out := r.stdout.String(); strings.Contains(out, "başka bir") {
		t.Errorf("started on the serve database it prints\n%s", out)
	}
}
