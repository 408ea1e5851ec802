package server

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"kesim/internal/password"
	"kesim/internal/store"
	"kesim/internal/store/sqlite"
)

// teamServer is a server with two accounts, ayse and mehmet, and a clock
// the test moves.
type teamServer struct {
	h     http.Handler
	st    *sqlite.Store
	path  string // the database file
	mu    sync.Mutex
	clock time.Time
}

// newTeamServer starts a server on a new database, with the two accounts
// or none; options change its Config.
func newTeamServer(t testing.TB, accounts bool, options ...func(*Config)) *teamServer {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kesim.db")
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ts := &teamServer{st: st, path: path, clock: time.Now()}
	if accounts {
		for _, name := range []string{"ayse", "mehmet"} {
			h, err := password.Hash(name + "-parola")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.CreateUser(context.Background(), name, h, name == "ayse"); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The clients below ask for kesim.local: declared public, as a
	// workshop's --no-auth server would declare its name.
	cfg := Config{Store: st, Logger: slog.New(slog.DiscardHandler), Now: ts.now, PublicHosts: []string{"kesim.local"}}
	for _, o := range options {
		o(&cfg)
	}
	ts.h = New(cfg)
	return ts
}

func (ts *teamServer) now() time.Time {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.clock
}

func (ts *teamServer) advance(d time.Duration) {
	ts.mu.Lock()
	ts.clock = ts.clock.Add(d)
	ts.mu.Unlock()
}

// client keeps cookies like a browser on one origin.
type client struct {
	ts      *teamServer
	cookies map[string]*http.Cookie
	addr    string
}

func (ts *teamServer) client() *client {
	return &client{ts: ts, cookies: map[string]*http.Cookie{}, addr: "192.0.2.10:4000"}
}

func (c *client) do(method, path, body string, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, "http://kesim.local"+path, strings.NewReader(body))
	r.RemoteAddr = c.addr
	if method != "GET" && method != "HEAD" {
		r.Header.Set("Origin", "http://kesim.local") // as a browser on the page does
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	for _, ck := range c.cookies {
		if strings.HasPrefix(path, ck.Path) {
			r.AddCookie(&http.Cookie{Name: ck.Name, Value: ck.Value})
		}
	}
	w := httptest.NewRecorder()
	c.ts.h.ServeHTTP(w, r)
	for _, ck := range w.Result().Cookies() {
		if ck.MaxAge < 0 {
			delete(c.cookies, ck.Name)
		} else {
			c.cookies[ck.Name] = ck
		}
	}
	return w
}

func (c *client) login(t *testing.T, name string) {
	t.Helper()
	w := c.do("POST", "/api/auth/login", `{"username":"`+name+`","password":"`+name+`-parola"}`)
	if w.Code != 200 {
		t.Fatalf("login %s: %d %s", name, w.Code, w.Body)
	}
}

func errMessage(w *httptest.ResponseRecorder) string {
	var b struct{ Error struct{ Message string } }
	_ = json.Unmarshal(w.Body.Bytes(), &b)
	return b.Error.Message
}

func TestLocalModeNeedsNoSignIn(t *testing.T) {
	ts := newTeamServer(t, false)
	c := ts.client()
	if w := c.do("GET", "/api/auth/me", ""); w.Code != 200 || !strings.Contains(w.Body.String(), `"local"`) {
		t.Fatalf("me: %d %s", w.Code, w.Body)
	}
	if w := c.do("POST", "/api/parts", `{"name":"Kapak","width":10,"height":20,"quantity":1}`); w.Code != 201 {
		t.Fatalf("save in local mode: %d %s", w.Code, w.Body)
	}
	if w := c.do("POST", "/api/auth/login", `{"username":"x","password":"y"}`); w.Code != 404 {
		t.Errorf("login without accounts: %d", w.Code)
	}
}

func TestTeamModeRoutes(t *testing.T) {
	ts := newTeamServer(t, true)
	anon := ts.client()
	for _, r := range [][2]string{{"GET", "/api/parts"}, {"GET", "/api/layouts"}, {"POST", "/api/nest"}, {"POST", "/api/export/pdf"}, {"GET", "/api/stock"}, {"PUT", "/api/stock"}, {"POST", "/api/sync"}, {"DELETE", "/api/parts/x"}, {"GET", "/api/auth/me"}} {
		if w := anon.do(r[0], r[1], "{}"); w.Code != 401 || errMessage(w) != "Oturum açmanız gerekiyor." {
			t.Errorf("%s %s signed out: %d %s", r[0], r[1], w.Code, w.Body)
		}
	}
	if w := anon.do("GET", "/api/health", ""); w.Code != 200 {
		t.Errorf("health: %d", w.Code)
	}
	if w := anon.do("GET", "/", ""); w.Code == 401 {
		t.Error("the page itself must load, to show the sign-in screen")
	}

	a, b := ts.client(), ts.client()
	a.login(t, "ayse")
	b.login(t, "mehmet")
	if w := a.do("GET", "/api/auth/me", ""); !strings.Contains(w.Body.String(), `"username":"ayse"`) || !strings.Contains(w.Body.String(), `"admin":true`) {
		t.Errorf("me: %s", w.Body)
	}
	w := a.do("POST", "/api/parts", `{"name":"Ayşe'nin","width":10,"height":20,"quantity":1}`)
	if w.Code != 201 {
		t.Fatalf("save: %d %s", w.Code, w.Body)
	}
	var part struct{ ID string }
	_ = json.Unmarshal(w.Body.Bytes(), &part)
	w = a.do("POST", "/api/layouts", `{"name":"Mutfak","parts":[{"name":"A","width":1,"height":1,"quantity":1}]}`)
	var layout struct{ ID string }
	_ = json.Unmarshal(w.Body.Bytes(), &layout)

	// B sees none of A's rows and cannot touch them: 404, not 403.
	if w := b.do("GET", "/api/parts", ""); strings.TrimSpace(w.Body.String()) != "[]" {
		t.Errorf("B lists %s", w.Body)
	}
	if w := b.do("GET", "/api/layouts", ""); strings.TrimSpace(w.Body.String()) != `{"layouts":[]}` {
		t.Errorf("B lists layouts %s", w.Body)
	}
	if w := b.do("DELETE", "/api/parts/"+part.ID, ""); w.Code != 404 {
		t.Errorf("B deletes A's part: %d", w.Code)
	}
	if w := b.do("DELETE", "/api/layouts/"+layout.ID, ""); w.Code != 404 {
		t.Errorf("B deletes A's layout: %d", w.Code)
	}
	if w := b.do("POST", "/api/sync", `{"parts":[{"name":"Ayşe'nin","width":10,"height":20,"quantity":1}],"layouts":[{"name":"Mutfak","parts":[{"name":"A","width":1,"height":1,"quantity":1}]}]}`); !strings.Contains(w.Body.String(), `"newParts":1`) || !strings.Contains(w.Body.String(), `"newLayouts":1`) {
		t.Errorf("B's sync was deduplicated against A's rows: %s", w.Body)
	}
	if w := a.do("GET", "/api/parts", ""); strings.Count(w.Body.String(), `"id"`) != 1 {
		t.Errorf("A sees B's synced rows: %s", w.Body)
	}
	if w := a.do("DELETE", "/api/parts/"+part.ID, ""); w.Code != 204 {
		t.Errorf("A deletes own part: %d", w.Code)
	}
}

func TestLoginFailuresAndRateLimit(t *testing.T) {
	ts := newTeamServer(t, true)
	c := ts.client()
	for _, body := range []string{`{"username":"ayse","password":"yanlış-parola"}`, `{"username":"kimse","password":"ayse-parola"}`} {
		if w := c.do("POST", "/api/auth/login", body); w.Code != 401 || errMessage(w) != "Kullanıcı adı veya şifre hatalı" {
			t.Errorf("%s: %d %s", body, w.Code, w.Body)
		}
	}
	for i := 0; i < 4; i++ {
		c.do("POST", "/api/auth/login", `{"username":"ayse","password":"yanlış-parola"}`)
	}
	// Five failures for ayse from this address: even the right password
	// waits now, from here.
	w := c.do("POST", "/api/auth/login", `{"username":"ayse","password":"ayse-parola"}`)
	if w.Code != 429 || errMessage(w) != "Çok fazla giriş denemesi. Lütfen biraz sonra tekrar deneyin." {
		t.Fatalf("after 5 failures: %d %s", w.Code, w.Body)
	}
	ts.advance(16 * time.Minute)
	if w := c.do("POST", "/api/auth/login", `{"username":"ayse","password":"ayse-parola"}`); w.Code != 200 {
		t.Errorf("after the window: %d %s", w.Code, w.Body)
	}
	// Per address: thirty failures over many names lock the address out.
	d := ts.client()
	d.addr = "198.51.100.7:1"
	for i := 0; i < maxAddrFails; i++ {
		d.do("POST", "/api/auth/login", `{"username":"u`+string(rune('a'+i))+`","password":"x"}`)
	}
	if w := d.do("POST", "/api/auth/login", `{"username":"mehmet","password":"mehmet-parola"}`); w.Code != 429 {
		t.Errorf("address limit: %d", w.Code)
	}
}

func TestRefreshRotationAndReuse(t *testing.T) {
	ts := newTeamServer(t, true)
	c := ts.client()
	c.login(t, "ayse")
	ts.advance(16 * time.Minute) // the access token expired
	if w := c.do("GET", "/api/parts", ""); w.Code != 401 {
		t.Fatalf("expired access token accepted: %d", w.Code)
	}
	stolen := *c.cookies[refreshCookie]
	if w := c.do("POST", "/api/auth/refresh", ""); w.Code != 200 {
		t.Fatalf("refresh: %d %s", w.Code, w.Body)
	}
	if w := c.do("GET", "/api/parts", ""); w.Code != 200 {
		t.Fatalf("after refresh: %d", w.Code)
	}
	// The old refresh token replayed: the whole sign-in ends.
	thief := ts.client()
	thief.cookies[refreshCookie] = &stolen
	if w := thief.do("POST", "/api/auth/refresh", ""); w.Code != 401 {
		t.Fatalf("replayed refresh token: %d", w.Code)
	}
	if w := c.do("GET", "/api/parts", ""); w.Code != 401 {
		t.Errorf("the victim's session survived a replay: %d", w.Code)
	}
	if w := c.do("POST", "/api/auth/refresh", ""); w.Code != 401 {
		t.Errorf("the family's newest refresh token survived: %d", w.Code)
	}
}

func TestLogoutRevokes(t *testing.T) {
	ts := newTeamServer(t, true)
	c := ts.client()
	c.login(t, "ayse")
	access, refresh := *c.cookies[accessCookie], *c.cookies[refreshCookie]
	if w := c.do("POST", "/api/auth/logout", ""); w.Code != 204 {
		t.Fatalf("logout: %d", w.Code)
	}
	replay := ts.client()
	replay.cookies[accessCookie], replay.cookies[refreshCookie] = &access, &refresh
	if w := replay.do("GET", "/api/parts", ""); w.Code != 401 {
		t.Errorf("access token after logout: %d", w.Code)
	}
	if w := replay.do("POST", "/api/auth/refresh", ""); w.Code != 401 {
		t.Errorf("refresh token after logout: %d", w.Code)
	}
}

func TestCrossOriginWritesRefused(t *testing.T) {
	for _, accounts := range []bool{false, true} {
		ts := newTeamServer(t, accounts)
		c := ts.client()
		if accounts {
			c.login(t, "ayse")
		}
		w := c.do("POST", "/api/parts", `{"name":"A","width":1,"height":1,"quantity":1}`, "Origin", "https://kotu.example")
		if w.Code != 403 || w.Header().Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("accounts=%v cross-origin POST: %d %v", accounts, w.Code, w.Header())
		}
		if w := c.do("POST", "/api/parts", `{"name":"A","width":1,"height":1,"quantity":1}`, "Origin", "http://kesim.local"); w.Code != 201 {
			t.Errorf("accounts=%v same-origin POST: %d %s", accounts, w.Code, w.Body)
		}
	}
}

func TestSessionCookies(t *testing.T) {
	ts := newTeamServer(t, true)
	c := ts.client()
	w := c.do("POST", "/api/auth/login", `{"username":"ayse","password":"ayse-parola"}`)
	for _, ck := range w.Result().Cookies() {
		if !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode || len(ck.Value) != 43 {
			t.Errorf("cookie %+v", ck)
		}
	}
	// The database holds no token, only hashes.
	if _, _, err := ts.st.TokenUser(context.Background(), c.cookies[accessCookie].Value, store.AccessToken, ts.now()); err == nil {
		t.Error("a raw token was found in the database")
	}
}

func FuzzTokenCookie(f *testing.F) {
	f.Add("abc")
	f.Add(strings.Repeat("A", 43))
	f.Fuzz(func(t *testing.T, v string) {
		if plausibleToken(v) && len(v) != 43 {
			t.Fatalf("%q accepted", v)
		}
		_ = hashToken(v)
	})
}

func FuzzLoginBody(f *testing.F) {
	f.Add(`{"username":"ayse","password":"x"}`)
	f.Add(`{"username":1}`)
	h := New(Config{Logger: slog.New(slog.DiscardHandler)})
	f.Fuzz(func(t *testing.T, body string) {
		r := httptest.NewRequest("POST", "/api/auth/login", strings.NewReader(body))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code == 200 || w.Code >= 500 {
			t.Fatalf("%d for %q", w.Code, body)
		}
	})
}

func TestTOTPSignIn(t *testing.T) {
	ts := newTeamServer(t, true)
	secret, err := password.NewTOTPSecret()
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.st.SetTOTP(context.Background(), "ayse", secret); err != nil {
		t.Fatal(err)
	}
	c := ts.client()
	w := c.do("POST", "/api/auth/login", `{"username":"ayse","password":"ayse-parola"}`)
	if w.Code != 401 || errMessage(w) != "Doğrulama uygulamanızdaki 6 haneli kodu girin." || !strings.Contains(w.Body.String(), `"code"`) {
		t.Fatalf("no code: %d %s", w.Code, w.Body)
	}
	old, _ := password.TOTPCode(secret, ts.now().Add(-2*time.Minute))
	if w := c.do("POST", "/api/auth/login", `{"username":"ayse","password":"ayse-parola","code":"`+old+`"}`); w.Code != 401 || errMessage(w) != "Doğrulama kodu hatalı." {
		t.Fatalf("code outside the window: %d %s", w.Code, w.Body)
	}
	code, _ := password.TOTPCode(secret, ts.now())
	// Typed as the app shows it, with a space between its halves.
	w = c.do("POST", "/api/auth/login", `{"username":"ayse","password":"ayse-parola","code":"`+code[:3]+" "+code[3:]+`"}`)
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"aal":"aal2"`) {
		t.Fatalf("right code: %d %s", w.Code, w.Body)
	}
	if w := c.do("GET", "/api/auth/me", ""); !strings.Contains(w.Body.String(), `"aal":"aal2"`) {
		t.Errorf("me: %s", w.Body)
	}
}

// An /api/ path that is no route is 404 only past the guards of "Who may
// call" (docs/http-api.md): signed out in team mode it is 401, a
// cross-site write 403, as on every route; signed in, 404. The session
// is checked before the route is known.
func TestNoRouteAfterTheGuards(t *testing.T) {
	ts := newTeamServer(t, true)
	c := ts.client()
	for _, path := range []string{"/api/nope", "/api/layouts/x/y/z", "/api//parts"} {
		if w := c.do("GET", path, ""); w.Code != http.StatusUnauthorized || errMessage(w) != store.MsgSignInNeeded {
			t.Errorf("GET %s signed out: %d %s, want 401", path, w.Code, w.Body)
		}
	}
	if w := c.do("GET", "/api", ""); w.Code != http.StatusNotFound {
		t.Errorf("GET /api signed out: %d %s, want 404 (no /api/ path)", w.Code, w.Body)
	}
	c.login(t, "ayse")
	if w := c.do("POST", "/api/nope", "{}", "Origin", "https://baska.example"); w.Code != http.StatusForbidden {
		t.Errorf("cross-site POST /api/nope: %d %s, want 403", w.Code, w.Body)
	}
	for _, m := range []string{"GET", "POST", "DELETE"} {
		if w := c.do(m, "/api/nope", ""); w.Code != http.StatusNotFound || errMessage(w) != msgNoRoute {
			t.Errorf("%s /api/nope signed in: %d %s, want 404 %q", m, w.Code, w.Body, msgNoRoute)
		}
	}
}
