package server

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"kesim/internal/apperr"
	"kesim/internal/password"
	"kesim/internal/store"
	"kesim/internal/store/sqlite"
)

// Sessions and sign-in limits under attack: parallel guessing, writes
// without Origin, oversized and malformed bodies, forged cookies.

func TestParallelGuessesStayUnderTheLimit(t *testing.T) {
	ts := newTeamServer(t, true)
	var wg sync.WaitGroup
	codes := make([]int, 12)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := ts.client()
			codes[i] = c.do("POST", "/api/auth/login", `{"username":"ayse","password":"tahmin-`+string(rune('a'+i))+`"}`).Code
		}()
	}
	wg.Wait()
	checked := 0
	for _, code := range codes {
		switch code {
		case 401:
			checked++
		case 429:
		default:
			t.Errorf("guess answered %d", code)
		}
	}
	if checked > maxPairFails {
		t.Errorf("%d parallel guesses reached the password check, limit %d", checked, maxPairFails)
	}
	// Another server process on the same database shares the limit.
	other := New(Config{Store: ts.st, Now: ts.now})
	r := httptest.NewRequest("POST", "http://kesim.local/api/auth/login", strings.NewReader(`{"username":"ayse","password":"ayse-parola"}`))
	r.RemoteAddr = ts.client().addr
	w := httptest.NewRecorder()
	other.ServeHTTP(w, r)
	if w.Code != 429 {
		t.Errorf("a second server let the locked name in: %d", w.Code)
	}
}

func TestWritesWithoutOrigin(t *testing.T) {
	ts := newTeamServer(t, true)
	c := ts.client()
	c.login(t, "ayse")
	body := `{"name":"A","width":1,"height":1,"quantity":1}`
	post := func(h http.Handler, header ...string) int {
		r := httptest.NewRequest("POST", "http://kesim.local/api/parts", strings.NewReader(body))
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Code
	}
	cookie := "kesim_at=" + c.cookies[accessCookie].Value
	for _, tc := range []struct {
		name   string
		header []string
		want   int
	}{
		{"session cookie, no Origin (an old form post)", []string{"Cookie", cookie}, 403},
		{"session cookie, Origin null", []string{"Cookie", cookie, "Origin", "null"}, 403},
		{"session cookie, cross-site fetch metadata", []string{"Cookie", cookie, "Sec-Fetch-Site", "cross-site"}, 403},
		{"session cookie, look-alike host", []string{"Cookie", cookie, "Origin", "http://kesim.local.kotu.example"}, 403},
		{"session cookie, user info in Origin", []string{"Cookie", cookie, "Origin", "http://x@kesim.local"}, 403},
		{"session cookie, other port", []string{"Cookie", cookie, "Origin", "http://kesim.local:8081"}, 403},
		{"session cookie, same-origin fetch metadata", []string{"Cookie", cookie, "Sec-Fetch-Site", "same-origin"}, 201},
		{"session cookie, same Origin", []string{"Cookie", cookie, "Origin", "http://kesim.local"}, 201},
		{"no cookie, no Origin (a script): refused by the session check", nil, 401},
	} {
		if got := post(ts.h, tc.header...); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
	// Local mode: a script without cookies may write (the specification's
	// open server on this computer), a page of another site may not.
	local := newTeamServer(t, false)
	for _, tc := range []struct {
		header []string
		want   int
	}{{nil, 201}, {[]string{"Origin", "https://kotu.example"}, 403}, {[]string{"Cookie", "x=1"}, 403}} {
		if got := post(local.h, tc.header...); got != tc.want {
			t.Errorf("local %v: %d, want %d", tc.header, got, tc.want)
		}
	}
}

func TestFirstAccountClosesTheDoorAtOnce(t *testing.T) {
	ts := newTeamServer(t, false)
	c := ts.client()
	if w := c.do("GET", "/api/parts", ""); w.Code != 200 {
		t.Fatalf("local: %d", w.Code)
	}
	if _, err := ts.st.CreateUser(context.Background(), "ayse", "x", true); err != nil {
		t.Fatal(err)
	}
	if w := c.do("GET", "/api/parts", ""); w.Code != 401 {
		t.Errorf("right after the first account: %d, want 401", w.Code)
	}
}

func TestMalformedAndOversizedSignIns(t *testing.T) {
	ts := newTeamServer(t, true)
	c := ts.client()
	for _, tc := range []struct {
		body string
		want int
	}{
		{`{"username":"ayse","password":"` + strings.Repeat("a", 8<<10) + `"}`, 413},
		{`{"username":`, 400},
		{`{"username":1,"password":2}`, 400},
		{`{"username":"ayse","password":"x"} {"username":"ayse"}`, 400},
		{`[]`, 400},
		{`{"username":"ayse","password":"ayse-parola","code":"` + strings.Repeat("1", 100) + `"}`, 200}, // no TOTP enrolled: code ignored
	} {
		if w := c.do("POST", "/api/auth/login", tc.body); w.Code != tc.want {
			t.Errorf("%.60q: %d, want %d (%s)", tc.body, w.Code, tc.want, w.Body)
		}
	}
}

func TestForgedSwappedAndExpiredCookies(t *testing.T) {
	ts := newTeamServer(t, true)
	c := ts.client()
	c.login(t, "ayse")
	access := c.cookies[accessCookie].Value
	for _, v := range []string{"", "x", strings.Repeat("A", 43), access + "A", access[:42], hashToken(access), strings.ToUpper(access)} {
		f := ts.client()
		f.cookies[accessCookie] = &http.Cookie{Name: accessCookie, Value: v, Path: "/"}
		f.cookies[refreshCookie] = &http.Cookie{Name: refreshCookie, Value: v, Path: "/api/auth"}
		if w := f.do("GET", "/api/parts", ""); w.Code != 401 {
			t.Errorf("forged access %q: %d", v, w.Code)
		}
		if w := f.do("POST", "/api/auth/refresh", ""); w.Code != 401 {
			t.Errorf("forged refresh %q: %d", v, w.Code)
		}
	}
	swap := ts.client()
	swap.cookies[refreshCookie] = &http.Cookie{Name: refreshCookie, Value: access, Path: "/api/auth"}
	if w := swap.do("POST", "/api/auth/refresh", ""); w.Code != 401 {
		t.Errorf("access token used to refresh: %d", w.Code)
	}
	swap = ts.client()
	swap.cookies[accessCookie] = &http.Cookie{Name: accessCookie, Value: c.cookies[refreshCookie].Value, Path: "/"}
	if w := swap.do("GET", "/api/parts", ""); w.Code != 401 {
		t.Errorf("refresh token used as access: %d", w.Code)
	}
	// A refresh token past its 30 days is refused.
	ts.advance(refreshTTL + time.Minute)
	if w := c.do("POST", "/api/auth/refresh", ""); w.Code != 401 {
		t.Errorf("expired refresh token: %d", w.Code)
	}
}

func TestLimitKeys(t *testing.T) {
	k1 := limitKeys("Ayse", "2001:db8:1:2:aaaa::1")
	k2 := limitKeys("ayse", "2001:db8:1:2:bbbb::9")
	k3 := limitKeys("ayse", "2001:db8:1:3::1")
	k4 := limitKeys("ayse", "192.0.2.1")
	k5 := limitKeys("ayse", "192.0.2.2")
	k6 := limitKeys("mehmet", "192.0.2.1")
	if k1 != k2 {
		t.Error("one name in two cases, or one IPv6 /64, counted apart")
	}
	if k1[addrKey] == k3[addrKey] || k4[addrKey] == k5[addrKey] || k4[pairKey] == k5[pairKey] || k4[pairKey] == k6[pairKey] {
		t.Error("different networks, IPv4 addresses or names counted together")
	}
	if k4[nameKey] != k5[nameKey] || k4[addrKey] != k6[addrKey] {
		t.Error("one name or one address counted apart")
	}
	// The Turkish fold of kesim user add: these are one name each.
	for _, pair := range [][2]string{{"İsmail", "ismail"}, {"ISMAIL", "ismail"}, {"IŞIK", "ışık"}} {
		if limitKeys(pair[0], "192.0.2.1") != limitKeys(pair[1], "192.0.2.1") {
			t.Errorf("%q and %q counted apart", pair[0], pair[1])
		}
	}
	for _, k := range k1 {
		if strings.Contains(k, "yse") {
			t.Error("a key holds the name in clear")
		}
	}
}

// FuzzSessionCookies sends arbitrary Cookie headers to the routes that
// read them: never a session, never a server error.
func FuzzSessionCookies(f *testing.F) {
	f.Add("kesim_at=" + strings.Repeat("A", 43))
	f.Add("kesim_rt=abc; kesim_at=\x00")
	f.Add(`kesim_at="` + strings.Repeat("_", 43) + `"`)
	ts := newTeamServer(f, false)
	if _, err := ts.st.CreateUser(context.Background(), "ayse", "x", false); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, cookie string) {
		for _, route := range [][2]string{{"GET", "/api/auth/me"}, {"GET", "/api/parts"}, {"POST", "/api/auth/refresh"}, {"POST", "/api/auth/logout"}} {
			r := httptest.NewRequest(route[0], "http://kesim.local"+route[1], nil)
			r.Header.Set("Cookie", cookie)
			r.Header.Set("Origin", "http://kesim.local")
			w := httptest.NewRecorder()
			ts.h.ServeHTTP(w, r)
			if w.Code >= 500 || (w.Code == 200 && route[1] != "/api/auth/logout") {
				t.Fatalf("%s %s with %q: %d %s", route[0], route[1], cookie, w.Code, w.Body)
			}
		}
	})
}

func TestTOTPCodesWorkOnceAndOnlyInTheirWindow(t *testing.T) {
	ts := newTeamServer(t, true)
	before := ts.client()
	before.login(t, "ayse") // a session from before the enrolment: aal1
	secret, err := password.NewTOTPSecret()
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.st.SetTOTP(context.Background(), "ayse", secret); err != nil {
		t.Fatal(err)
	}
	if w := before.do("GET", "/api/auth/me", ""); w.Code != 401 {
		t.Errorf("an aal1 session survived the enrolment: %d %s", w.Code, w.Body)
	}
	login := func(code string) *httptest.ResponseRecorder {
		c := ts.client()
		return c.do("POST", "/api/auth/login", `{"username":"ayse","password":"ayse-parola","code":"`+code+`"}`)
	}
	for _, d := range []time.Duration{-90 * time.Second, 90 * time.Second, time.Hour} {
		code, _ := password.TOTPCode(secret, ts.now().Add(d))
		if w := login(code); w.Code != 401 {
			t.Errorf("code of now%+v: %d", d, w.Code)
		}
	}
	for _, bad := range []string{"12345", "1234567", "abcdef", "١٢٣٤٥٦", " 123456 x"} {
		ts.advance(16 * time.Minute) // out of the name's limit
		if w := login(bad); w.Code != 401 {
			t.Errorf("code %q: %d", bad, w.Code)
		}
	}
	ts.advance(16 * time.Minute)                                        // past the name's limit from the tries above
	code, _ := password.TOTPCode(secret, ts.now().Add(-30*time.Second)) // one step late: accepted
	if w := login(code); w.Code != 200 {
		t.Fatalf("code one step old: %d %s", w.Code, w.Body)
	}
	if w := login(code); w.Code != 401 || errMessage(w) != "Doğrulama kodu hatalı." {
		t.Errorf("the same code replayed: %d %s", w.Code, w.Body)
	}
	code, _ = password.TOTPCode(secret, ts.now())
	if w := login(code); w.Code != 200 {
		t.Errorf("the next step's code: %d %s", w.Code, w.Body)
	}
}

func TestAPIAnswersAreNotCached(t *testing.T) {
	ts := newTeamServer(t, true)
	c := ts.client()
	w := c.do("POST", "/api/auth/login", `{"username":"ayse","password":"ayse-parola"}`)
	for _, w := range []*httptest.ResponseRecorder{w, c.do("GET", "/api/auth/me", ""), c.do("GET", "/api/parts", ""), ts.client().do("GET", "/api/parts", "")} {
		if got := w.Header().Get("Cache-Control"); got != "no-store" {
			t.Errorf("Cache-Control %q on %d %s", got, w.Code, w.Body)
		}
	}
}

func TestCookiesAreSecureUnderTLS(t *testing.T) {
	ts := newTeamServer(t, true)
	for _, tlsOn := range []bool{false, true} {
		r := httptest.NewRequest("POST", "https://kesim.local/api/auth/login", strings.NewReader(`{"username":"ayse","password":"ayse-parola"}`))
		r.Header.Set("Origin", "https://kesim.local")
		if !tlsOn {
			r.TLS = nil
		}
		w := httptest.NewRecorder()
		ts.h.ServeHTTP(w, r)
		cookies := w.Result().Cookies()
		if w.Code != 200 || len(cookies) != 2 {
			t.Fatalf("tls=%v: %d %s", tlsOn, w.Code, w.Body)
		}
		for _, c := range cookies {
			if c.Secure != tlsOn || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode {
				t.Errorf("tls=%v: cookie %+v", tlsOn, c)
			}
		}
	}
}

// lateAccounts is a store whose first account arrives after the server
// last asked: HasUsers still says no, as it did an instant before
// `kesim user add` committed.
type lateAccounts struct{ *sqlite.Store }

func (lateAccounts) HasUsers(context.Context) (bool, error) { return false, nil }

// A local-mode save that races the first account is refused by the
// database (no row without a user once an account exists); the user is
// asked to sign in, as the next request would be, not told of a server
// failure.
func TestLocalSaveRacingTheFirstAccountAsksForASignIn(t *testing.T) {
	ts := newTeamServer(t, false, func(cfg *Config) { cfg.Store = lateAccounts{cfg.Store.(*sqlite.Store)} })
	if _, err := ts.st.CreateUser(context.Background(), "ayse", "x", true); err != nil {
		t.Fatal(err)
	}
	c := ts.client()
	for _, tc := range []struct{ path, body string }{
		{"/api/parts", `{"name":"Kapak","width":10,"height":20,"quantity":1}`},
		{"/api/layouts", `{"name":"Plan","parts":[{"name":"Kapak","width":10,"height":20,"quantity":1}]}`},
		{"/api/sync", `{"parts":[{"name":"Kapak","width":10,"height":20,"quantity":1}]}`},
	} {
		w := c.do("POST", tc.path, tc.body)
		var e errorBody
		_ = json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != http.StatusUnauthorized || e.Error.Code != apperr.Unauthorized || e.Error.Message != "Oturum açmanız gerekiyor." {
			t.Errorf("POST %s: %d %s, want 401 unauthorized", tc.path, w.Code, w.Body)
		}
	}
}

// downAccounts is a store whose database fails while fail is set: session
// lookups and refreshes return it, while "an account exists" is still
// remembered.
type downAccounts struct {
	*sqlite.Store
	fail *atomic.Pointer[error]
}

func (d downAccounts) TokenUser(ctx context.Context, hash, kind string, now time.Time) (store.Token, store.Account, error) {
	if err := d.fail.Load(); err != nil {
		return store.Token{}, store.Account{}, *err
	}
	return d.Store.TokenUser(ctx, hash, kind, now)
}

func (d downAccounts) RotateRefresh(ctx context.Context, hash string, now time.Time, next ...store.Token) (store.Token, error) {
	if err := d.fail.Load(); err != nil {
		return store.Token{}, *err
	}
	return d.Store.RotateRefresh(ctx, hash, now, next...)
}

// A database that fails for a moment does not sign anyone out: the session
// lookup and the refresh answer the failure (503 unavailable for a
// connection refused, which the app treats as out of reach and keeps its
// work; 409 for a lock not had in time) and keep the cookies, and the same
// session goes on once the database answers again. The lookup answered
// 401, and the refresh cleared both cookies on any failure but a server
// fault: the app showed "Oturumunuz sona erdi".
func TestDatabaseFailureKeepsTheSession(t *testing.T) {
	var fail atomic.Pointer[error]
	ts := newTeamServer(t, true, func(cfg *Config) { cfg.Store = downAccounts{cfg.Store.(*sqlite.Store), &fail} })
	c := ts.client()
	c.login(t, "ayse")
	for _, f := range []struct {
		err    error
		status int
		code   apperr.Code
	}{
		{apperr.Wrap("token", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}), http.StatusServiceUnavailable, apperr.Unavailable},
		{store.Refused(store.RefusedRetry, "rotate", "SQLITE_BUSY", errors.New("database is locked")), http.StatusConflict, apperr.Conflict},
	} {
		fail.Store(&f.err)
		for _, route := range []struct{ method, path string }{{"GET", "/api/parts"}, {"GET", "/api/auth/me"}, {"POST", "/api/auth/refresh"}} {
			w := c.do(route.method, route.path, "")
			var e errorBody
			_ = json.Unmarshal(w.Body.Bytes(), &e)
			if w.Code != f.status || e.Error.Code != f.code {
				t.Errorf("%s %s while the database fails with %v: %d %s, want %d %s", route.method, route.path, f.err, w.Code, w.Body, f.status, f.code)
			}
			if len(w.Result().Cookies()) != 0 {
				t.Errorf("%s %s while the database fails with %v set cookies %v", route.method, route.path, f.err, w.Result().Cookies())
			}
		}
		fail.Store(nil)
		if w := c.do("GET", "/api/parts", ""); w.Code != http.StatusOK {
			t.Errorf("the same session once the database answers: %d %s", w.Code, w.Body)
		}
		if w := c.do("POST", "/api/auth/refresh", ""); w.Code != http.StatusOK {
			t.Errorf("refresh once the database answers: %d %s", w.Code, w.Body)
		}
	}
}
