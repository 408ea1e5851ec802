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
	if err := fs.Parse(args); err != nil {
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

	app := web.App()
	if app == nil {
		logger.Warn("web uygulaması derlenmemiş; yalnız API sunuluyor (make build)")
	}
	srv := &http.Server{
		Handler: server.New(server.Config{
			Store: st, App: app, Logger: logger, Title: *title, Machine: *machine, Factory: *factory,
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
	logger.Info("Kesim hazır", "adres", "http://"+ln.Addr().String(), "veritabanı", st.Driver())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
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
