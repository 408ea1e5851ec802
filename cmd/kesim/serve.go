package main

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"kesim/internal/server"
	"kesim/internal/store"
	"kesim/internal/store/postgres"
	"kesim/internal/store/sqlite"
	"kesim/web"
)

// serveFlags are kesim serve's flags; each has its default from the
// environment.
type serveFlags struct {
	addr, dbURL, title, machine, factory string
	noAuth, metrics                      bool
	tlsCert, tlsKey                      string
	maxPieces                            int
	proxies, hosts                       *listFlag
}

// register defines the flags on fs. A KESIM_MAX_PIECES that is no number
// is an error.
func (f *serveFlags) register(fs *flag.FlagSet) error {
	fs.StringVar(&f.addr, "addr", envOr("KESIM_ADDR", "127.0.0.1:8080"), "dinlenecek `ADRES` (KESIM_ADDR)")
	if err := dbFlag(fs, &f.dbURL); err != nil {
		return err
	}
	fs.StringVar(&f.title, "title", envOr("KESIM_TITLE", web.DefaultTitle), "sayfa başlığı (KESIM_TITLE)")
	fs.StringVar(&f.machine, "machine", envOr("KESIM_MACHINE", web.DefaultMachine), "başlık altındaki makine satırı (KESIM_MACHINE)")
	fs.StringVar(&f.factory, "factory", envOr("KESIM_FACTORY", web.DefaultFactory), "alt bilgideki fabrika satırı (KESIM_FACTORY)")
	fs.BoolVar(&f.noAuth, "no-auth", false, "hesap yokken de yerel ağ dışına açık dinle (herkes erişir)")
	fs.StringVar(&f.tlsCert, "tls-cert", os.Getenv("KESIM_TLS_CERT"), "HTTPS sertifikası, PEM `DOSYA` (KESIM_TLS_CERT)")
	fs.StringVar(&f.tlsKey, "tls-key", os.Getenv("KESIM_TLS_KEY"), "HTTPS anahtarı, PEM `DOSYA` (KESIM_TLS_KEY)")
	fs.IntVar(&f.maxPieces, "max-pieces", server.DefaultNestMaxPieces,
		"sunucunun bir hesaplamada yerleştireceği ve bir dosyaya yazacağı en fazla parça, 1 ile 100.000 arası (KESIM_MAX_PIECES)")
	if v := os.Getenv("KESIM_MAX_PIECES"); v != "" {
		if err := fs.Set("max-pieces", v); err != nil {
			return fmt.Errorf("KESIM_MAX_PIECES bir tam sayı olmalı: %q%s", v, dotsHint(v))
		}
	}
	f.proxies = envList("KESIM_TRUSTED_PROXY")
	fs.Var(f.proxies, "trusted-proxy", "X-Forwarded-For ve X-Forwarded-Proto başlıklarına güvenilen ters vekil sunucu, `ADRES` ya da aralık; tekrarlanabilir (KESIM_TRUSTED_PROXY, virgülle)")
	f.hosts = envList("KESIM_PUBLIC_HOST")
	fs.Var(f.hosts, "public-host", "hesapsız sunucunun API'sinin bu bilgisayarın adları dışında yanıt verdiği `AD`; tekrarlanabilir (KESIM_PUBLIC_HOST, virgülle)")
	fs.BoolVar(&f.metrics, "metrics", false, "Prometheus ölçümlerini ağ adresinde de /metrics adresinde sun (bu bilgisayara açık adreste her zaman açık)")
	return nil
}

// config checks the flags and returns the server's configuration, without
// the store, app and logger.
func (f *serveFlags) config() (server.Config, error) {
	proxies, err := trustedProxies(f.proxies.values)
	if err != nil {
		return server.Config{}, err
	}
	hosts, err := publicHosts(f.hosts.values)
	if err != nil {
		return server.Config{}, err
	}
	if f.maxPieces < 1 || f.maxPieces > server.MaxNestPieces {
		return server.Config{}, errors.New("--max-pieces 1 ile 100.000 arasında olmalı")
	}
	if (f.tlsCert == "") != (f.tlsKey == "") {
		return server.Config{}, errors.New("--tls-cert ve --tls-key birlikte verilmeli")
	}
	// Checked before the server says it is ready: a key that does not
	// match its certificate used to end it just after "Kesim hazır".
	if f.tlsCert != "" {
		if _, err := tls.LoadX509KeyPair(f.tlsCert, f.tlsKey); err != nil {
			return server.Config{}, fmt.Errorf("HTTPS sertifikası ya da anahtarı kullanılamıyor (--tls-cert %s, --tls-key %s): %s", f.tlsCert, f.tlsKey, tlsProblem(err))
		}
	}
	if _, port, err := net.SplitHostPort(f.addr); err != nil || port == "" {
		return server.Config{}, fmt.Errorf("--addr %q geçerli bir adres değil: ADRES:PORT yazın (ör. 127.0.0.1:8080 ya da :8080)", f.addr)
	} else if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 || strings.Trim(port, "0123456789") != "" {
		// Checked here, not by net.Listen: :99999 was refused as a
		// network address without accounts, 127.0.0.1:99999 in English
		// with exit 1.
		return server.Config{}, fmt.Errorf("--addr %q: kapı (port) 0 ile 65535 arasında bir sayı olmalı (ör. 127.0.0.1:8080)", f.addr)
	}
	return server.Config{
		Title: f.title, Machine: f.machine, Factory: f.factory,
		NestMaxPieces: f.maxPieces, TrustedProxies: proxies, PublicHosts: hosts,
		Metrics: f.metrics || isLoopback(f.addr),
	}, nil
}

// runServe implements `kesim serve`: the web app and the API.
func runServe(args []string, stdout, stderr io.Writer) int {
	var f serveFlags
	fs := cmdServe.flagSet()
	if err := f.register(fs); err != nil {
		fmt.Fprintf(stderr, "kesim serve: %v\n", err)
		return 2
	}
	if code, ok := cmdServe.parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return cmdServe.usageError(stderr, fmt.Sprintf("beklenmeyen argüman %q", fs.Arg(0)))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, &f, serveHooks{}, stderr)
}

// serveHooks are what the desktop start (kesim start) changes in serve.
// The zero value serves as kesim serve does.
type serveHooks struct {
	// name prefixes the error messages; "" is "kesim serve".
	name string
	// listen opens the listener for the flags' address; nil is net.Listen.
	listen func(addr string) (net.Listener, error)
	// ready, if set, is called with the server's URL once it listens.
	ready func(url string)
}

// serve runs the server of the flags until ctx ends (Ctrl+C or SIGTERM,
// which Go also delivers when a Windows console closes), then shuts it
// down gracefully. It returns the exit status.
func serve(ctx context.Context, f *serveFlags, hooks serveHooks, stderr io.Writer) int {
	if hooks.name == "" {
		hooks.name = "kesim serve"
	}
	if hooks.listen == nil {
		hooks.listen = func(addr string) (net.Listener, error) { return net.Listen("tcp", addr) }
	}
	cfg, err := f.config()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", hooks.name, err)
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	st, err := openStore(ctx, f.dbURL)
	if err != nil {
		fmt.Fprintf(stderr, "%s: veritabanı açılamadı: %s\n", hooks.name, fileProblem(err))
		return 1
	}
	defer st.Close()
	if code := guardOpenAddress(ctx, st, f.addr, f.noAuth, logger, stderr); code != 0 {
		return code
	}
	cfg.Store, cfg.App, cfg.Logger = st, web.App(), logger
	if cfg.App == nil {
		logger.Warn("web uygulaması derlenmemiş; yalnız API sunuluyor (make build)")
	}
	srv := &http.Server{
		Handler:           server.New(cfg),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      90 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	return listenAndServe(ctx, srv, f, st.Driver(), hooks, logger, stderr)
}

// guardOpenAddress refuses a network address while no account exists:
// without accounts anyone who reaches the server can read and change every
// saved row, so only this computer may, unless --no-auth says otherwise. It
// returns the exit status, 0 when the server may go on.
func guardOpenAddress(ctx context.Context, st store.Store, addr string, noAuth bool, logger *slog.Logger, stderr io.Writer) int {
	if isLoopback(addr) {
		return 0
	}
	team := false
	if acc, ok := st.(store.Accounts); ok {
		var err error
		if team, err = acc.HasUsers(ctx); err != nil {
			fmt.Fprintf(stderr, "kesim serve: %v\n", err)
			return 1
		}
	}
	switch {
	case !team && !noAuth:
		fmt.Fprintf(stderr, "kesim serve: %s ağa açık, ama hiç hesap yok: herkes her kaydı görür ve değiştirir.\n"+
			"Önce bir hesap açın (kesim user add AD --admin) ya da bilerek --no-auth verin.\n", addr)
		return 2
	case !team:
		logger.Warn("UYARI: hesap olmadan ağa açık çalışıyor (--no-auth): ağdaki herkes her kaydı görür ve değiştirir")
	}
	return 0
}

// listenAndServe serves srv on the flags' address, over TLS when a
// certificate is given, until ctx ends; then it shuts down gracefully:
// requests in flight finish (a save that was answered is committed), new
// ones are refused. It returns the exit status.
func listenAndServe(ctx context.Context, srv *http.Server, f *serveFlags, driver string, hooks serveHooks, logger *slog.Logger, stderr io.Writer) int {
	ln, err := hooks.listen(f.addr)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %s dinlenemiyor: %s\n", hooks.name, f.addr, listenProblem(err, f.addr))
		return 1
	}
	scheme := "http://"
	if f.tlsCert != "" {
		scheme = "https://"
	}
	url := scheme + ln.Addr().String()
	logger.Info("Kesim hazır", "adres", url, "veritabanı", driver)
	done := make(chan error, 1)
	go func() {
		if f.tlsCert != "" {
			done <- srv.ServeTLS(ln, f.tlsCert, f.tlsKey)
		} else {
			done <- srv.Serve(ln)
		}
	}()
	if hooks.ready != nil {
		hooks.ready(url)
	}
	select {
	case err := <-done:
		fmt.Fprintf(stderr, "%s: %v\n", hooks.name, err)
		return 1
	case <-ctx.Done():
	}
	logger.Info("kapatılıyor")
	shutdown, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "%s: kapatma: %v\n", hooks.name, err)
		return 1
	}
	return 0
}

// wsaeaddrinuse is Windows' "address already in use" (WSAEADDRINUSE),
// which is not syscall.EADDRINUSE there.
const wsaeaddrinuse = syscall.Errno(10048)

// listenProblem says in Turkish why the address addr could not be
// listened on: a port another program holds, one that needs the
// administrator, an address this computer does not have.
func listenProblem(err error, addr string) string {
	host, port, _ := net.SplitHostPort(addr)
	switch {
	case errors.Is(err, syscall.EADDRINUSE), runtime.GOOS == "windows" && errors.Is(err, wsaeaddrinuse):
		next := "8081"
		if n, err := strconv.Atoi(port); err == nil && n > 0 && n < 65535 {
			next = strconv.Itoa(n + 1)
		}
		return fmt.Sprintf("%s kapısı (port) kullanımda: başka bir program (belki başka bir Kesim) onu dinliyor. "+
			"O programı kapatın ya da --addr ile başka bir kapı verin (ör. --addr %s)", port, net.JoinHostPort(host, next))
	case errors.Is(err, fs.ErrPermission):
		return fmt.Sprintf("%s kapısını (port) dinleme izni yok: 1024'ten küçük kapılar yönetici yetkisi ister. "+
			"--addr ile 1024 ya da daha büyük bir kapı verin (ör. --addr %s)", port, net.JoinHostPort(host, "8080"))
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return "bu bilgisayarın böyle bir adresi yok: --addr ile bu bilgisayarın bir adresini verin (ör. 127.0.0.1:8080 ya da :8080)"
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return "adres çözülemedi (" + dnsErr.Name + "): --addr ile bir IP adresi ya da bilinen bir ad verin"
	}
	return err.Error()
}

// dbFlag defines --db, the database kesim serve, backup, restore and user
// open, with KESIM_DATABASE_URL as its default; a KESIM_DATABASE_URL that
// dbValue refuses is an error.
func dbFlag(fs *flag.FlagSet, dst *string) error {
	*dst = store.DefaultSQLitePath
	fs.Var((*dbValue)(dst), "db", "veritabanı: SQLite dosyası veya postgres:// adresi, `URL` (KESIM_DATABASE_URL)")
	if v := os.Getenv("KESIM_DATABASE_URL"); v != "" {
		if err := fs.Set("db", v); err != nil {
			return fmt.Errorf("KESIM_DATABASE_URL geçerli değil: %v", err)
		}
		fs.Lookup("db").DefValue = *dst
	}
	return nil
}

// dbValue is --db: a postgres:// (or postgresql://) URL as it is, a
// sqlite:// or file:// URL as the path after "://" (sqlite:///srv/kesim.db
// is /srv/kesim.db), and anything else as a SQLite file's path, except a URL
// of another kind, which is refused: it would otherwise be a path, and
// mysql://host/db a folder "mysql:" with a new, empty SQLite database in it.
type dbValue string

func (v *dbValue) String() string { return string(*v) }

func (v *dbValue) Set(s string) error {
	switch scheme, rest, url := strings.Cut(s, "://"); {
	case store.IsPostgresURL(s):
	case url && (strings.EqualFold(scheme, "sqlite") || strings.EqualFold(scheme, "file")):
		if rest == "" {
			return fmt.Errorf("%s:// adresinde dosya yolu yok (ör. %s:///srv/kesim/kesim.db)", scheme, scheme)
		}
		s = rest
	case url && urlScheme.MatchString(scheme):
		return fmt.Errorf("%s:// veritabanı adresi tanınmıyor: bir SQLite dosyasının yolunu (ör. kesim-data/kesim.db) ya da bir postgres:// adresi verin", scheme)
	case s == "":
		return errors.New("veritabanı boş olamaz: bir SQLite dosyasının yolunu ya da bir postgres:// adresi verin")
	}
	*v = dbValue(s)
	return nil
}

// urlScheme is a URL's scheme (RFC 3986): a letter, then letters, digits,
// "+", "-" and ".".
var urlScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*$`)

// openStore opens PostgreSQL for a postgres:// URL, else the SQLite file.
func openStore(ctx context.Context, url string) (store.Store, error) {
	if store.IsPostgresURL(url) {
		return postgres.Open(ctx, url)
	}
	return sqlite.Open(ctx, url)
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// isLoopback reports whether addr listens on this computer only.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// tlsProblem says in Turkish why a certificate and key pair could not be
// used: crypto/tls words it in English ("open x: no such file or
// directory", "tls: private key does not match public key").
func tlsProblem(err error) string {
	var pe *fs.PathError
	switch msg := err.Error(); {
	case errors.As(err, &pe):
		return pe.Path + " " + readProblem(err)
	case strings.Contains(msg, "does not match"):
		return "anahtar sertifikayla eşleşmiyor; aynı çiftin dosyalarını verin"
	case strings.Contains(msg, "PEM"):
		return "dosyada PEM biçiminde bir sertifika ya da anahtar yok (-----BEGIN ile başlayan bir metin dosyası verin)"
	default:
		return "okunamadı (" + msg + ")"
	}
}
