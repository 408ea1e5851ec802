package postgres

import (
	"context"
	neturl "net/url"
	"os"
	"strings"
	"testing"
)

// A URL pgx cannot read is refused in Turkish, with the form to write,
// and without quoting the URL (it may hold a password).
func TestOpenBadURLInTurkish(t *testing.T) {
	_, err := Open(context.Background(), "postgres://kesim:gizli@%zz/kesim")
	if err == nil || !strings.HasPrefix(err.Error(), "PostgreSQL veritabanı adresi okunamadı: postgres://") || strings.Contains(err.Error(), "gizli") {
		t.Errorf("Open: %v", err)
	}
}

// A server that cannot be reached at the start (PostgreSQL not running
// yet, a wrong port) is said in Turkish: pgx's English "failed to connect
// to …: dial error" was all the person starting Kesim read. A database not
// created, on a server that answers, is named so too.
func TestOpenUnreachableInTurkish(t *testing.T) {
	_, err := Open(context.Background(), "postgres://kesim:gizli@127.0.0.1:1/kesim?sslmode=disable&connect_timeout=5")
	const want = "PostgreSQL veritabanına bağlanılamadı: sunucu yanıt vermiyor ya da bağlantıyı reddediyor"
	if err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "gizli") {
		t.Errorf("Open of a port nothing listens on: %v, want it to start %q", err, want)
	}
	url := os.Getenv("KESIM_TEST_POSTGRES_URL")
	if url == "" {
		t.Skip("KESIM_TEST_POSTGRES_URL not set: the database-not-created case skipped")
	}
	u, err := neturl.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/kesim_hic_acilmamis_veritabani"
	_, err = Open(context.Background(), u.String())
	const noDB = "PostgreSQL veritabanına bağlanılamadı: adresteki veritabanı sunucuda yok; önce açın (createdb)"
	if err == nil || !strings.HasPrefix(err.Error(), noDB) {
		t.Errorf("Open of a database not created: %v, want it to start %q", err, noDB)
	}
}
