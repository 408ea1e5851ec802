package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"kesim/internal/server"
	"kesim/internal/store"
	"kesim/internal/store/postgres"
	"kesim/internal/store/sqlite"
	"kesim/web"
)

// Defaults of the page's header and footer; a workshop sets its own with
// flags or the environment.
const (
	defaultTitle   = "Kesim"
	defaultMachine = "Yapay zekâ destekli kesim optimizasyonu ve nesting programı"
	defaultFactory = "Atölyenizde kullanıma hazır"
)

// runServe implements `kesim serve`: the web app and the API.
func runServe(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", envOr("KESIM_ADDR", "127.0.0.1:8080"), "dinlenecek adres (KESIM_ADDR)")
	dbURL := fs.String("db", envOr("KESIM_DATABASE_URL", filepath.Join("kesim-data", "kesim.db")),
		"veritabanı: SQLite dosyası veya postgres:// adresi (KESIM_DATABASE_URL)")
	title := fs.String("title", envOr("KESIM_TITLE", defaultTitle), "sayfa başlığı (KESIM_TITLE)")
	machine := fs.String("machine", envOr("KESIM_MACHINE", defaultMachine), "başlık altındaki makine satırı (KESIM_MACHINE)")
	factory := fs.String("factory", envOr("KESIM_FACTORY", defaultFactory), "alt bilgideki fabrika satırı (KESIM_FACTORY)")
	noAuth := fs.Bool("no-auth", false, "hesap yokken de yerel ağ dışına açık dinle (herkes erişir)")
	tlsCert := fs.String("tls-cert", os.Getenv("KESIM_TLS_CERT"), "HTTPS sertifikası (PEM; KESIM_TLS_CERT)")
	tlsKey := fs.String("tls-key", os.Getenv("KESIM_TLS_KEY"), "HTTPS anahtarı (PEM; KESIM_TLS_KEY)")
	maxPieces := fs.Int("max-pieces", server.DefaultNestMaxPieces,
		"sunucunun bir hesaplamada yerleştireceği en fazla parça, 1 ile 100.000 arası (KESIM_MAX_PIECES)")
	if v := os.Getenv("KESIM_MAX_PIECES"); v != "" {
		if err := fs.Set("max-pieces", v); err != nil {
			fmt.Fprintf(stderr, "kesim serve: KESIM_MAX_PIECES bir tam sayı olmalı: %q\n", v)
			return 2
		}
	}
	proxyFlag := envList("KESIM_TRUSTED_PROXY")
	fs.Var(proxyFlag, "trusted-proxy", "X-Forwarded-For ve X-Forwarded-Proto başlıklarına güvenilen ters vekil sunucu, adres ya da aralık; tekrarlanabilir (KESIM_TRUSTED_PROXY, virgülle)")
	hostFlag := envList("KESIM_PUBLIC_HOST")
	fs.Var(hostFlag, "public-host", "hesapsız sunucunun API'sinin bu bilgisayarın adları dışında yanıt verdiği ad; tekrarlanabilir (KESIM_PUBLIC_HOST, virgülle)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	proxies, err := trustedProxies(proxyFlag.values)
	if err != nil {
		fmt.Fprintf(stderr, "kesim serve: %v\n", err)
		return 2
	}
	hosts, err := publicHosts(hostFlag.values)
	if err != nil {
		fmt.Fprintf(stderr, "kesim serve: %v\n", err)
		return 2
	}
	if *maxPieces < 1 || *maxPieces > server.MaxNestPieces {
		fmt.Fprintln(stderr, "kesim serve: --max-pieces 1 ile 100.000 arasında olmalı")
		return 2
	}
	if (*tlsCert == "") != (*tlsKey == "") {
		fmt.Fprintln(stderr, "kesim serve: --tls-cert ve --tls-key birlikte verilmeli")
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := openStore(ctx, *dbURL)
	if err != nil {
		fmt.Fprintf(stderr, "kesim serve: veritabanı açılamadı: %v\n", err)
		return 1
	}
	defer st.Close()

	// Without accounts anyone who reaches the server can read and change
	// every saved row: only this computer may, unless told otherwise.
	if !isLoopback(*addr) {
		team := false
		if acc, ok := st.(store.Accounts); ok {
			if team, err = acc.HasUsers(ctx); err != nil {
				fmt.Fprintf(stderr, "kesim serve: %v\n", err)
				return 1
			}
		}
		switch {
		case !team && !*noAuth:
			fmt.Fprintf(stderr, "kesim serve: %s ağa açık, ama hiç hesap yok: herkes her kaydı görür ve değiştirir.\n"+
				"Önce bir hesap açın (kesim user add AD --admin) ya da bilerek --no-auth verin.\n", *addr)
			return 2
		case !team:
			logger.Warn("UYARI: hesap olmadan ağa açık çalışıyor (--no-auth): ağdaki herkes her kaydı görür ve değiştirir")
		}
	}
	app := web.App()
	if app == nil {
		logger.Warn("web uygulaması derlenmemiş; yalnız API sunuluyor (make build)")
	}
	srv := &http.Server{
		Handler: server.New(server.Config{
			Store: st, App: app, Logger: logger, Title: *title, Machine: *machine, Factory: *factory,
			NestMaxPieces: *maxPieces, TrustedProxies: proxies, PublicHosts: hosts,
		}),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      90 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "kesim serve: %s dinlenemiyor: %v\n", *addr, err)
		return 1
	}
	scheme := "http://"
	if *tlsCert != "" {
		scheme = "https://"
	}
	logger.Info("Kesim hazır", "adres", scheme+ln.Addr().String(), "veritabanı", st.Driver())
	done := make(chan error, 1)
	go func() {
		if *tlsCert != "" {
			done <- srv.ServeTLS(ln, *tlsCert, *tlsKey)
		} else {
			done <- srv.Serve(ln)
		}
	}()
	select {
	case err := <-done:
		fmt.Fprintf(stderr, "kesim serve: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	// Graceful shutdown: requests in flight finish (a save that was
	// answered is committed), new ones are refused.
	logger.Info("kapatılıyor")
	shutdown, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "kesim serve: kapatma: %v\n", err)
		return 1
	}
	return 0
}

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
