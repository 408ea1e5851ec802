package server

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
)

// Session cookies over HTTPS carry the __Host- and __Secure- prefixes and
// are Secure, also behind a trusted proxy that terminates TLS; requests
// read the names of their own scheme only.
func TestSessionCookiesUnderTLS(t *testing.T) {
	ts := newTeamServer(t, true, func(c *Config) {
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	})
	send := func(method, url, peer, cookie string, header ...string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, url, strings.NewReader(`{"username":"ayse","password":"ayse-parola"}`))
		r.RemoteAddr = peer
		if method == "POST" {
			r.Header.Set("Origin", strings.TrimSuffix(strings.SplitAfter(url, "kesim.local")[0], "/"))
		}
		if cookie != "" {
			r.Header.Set("Cookie", cookie)
		}
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		w := httptest.NewRecorder()
		ts.h.ServeHTTP(w, r)
		return w
	}
	cookiesOf := func(w *httptest.ResponseRecorder) map[string]*http.Cookie {
		m := map[string]*http.Cookie{}
		for _, c := range w.Result().Cookies() {
			m[c.Name] = c
		}
		return m
	}
	for _, tc := range []struct {
		name   string
		url    string
		peer   string
		header []string
		tls    bool
	}{
		{"TLS", "https://kesim.local/api/auth/login", "192.0.2.30:1", nil, true},
		{"trusted TLS proxy", "http://kesim.local/api/auth/login", "10.0.0.5:1", []string{"X-Forwarded-Proto", "https", "X-Forwarded-For", "198.51.100.3"}, true},
		{"untrusted peer claiming TLS", "http://kesim.local/api/auth/login", "192.0.2.31:1", []string{"X-Forwarded-Proto", "https"}, false},
		{"trusted proxy over plain HTTP", "http://kesim.local/api/auth/login", "10.0.0.5:1", []string{"X-Forwarded-Proto", "http"}, false},
		{"plain HTTP", "http://kesim.local/api/auth/login", "192.0.2.32:1", nil, false},
	} {
		w := send("POST", tc.url, tc.peer, "", tc.header...)
		if w.Code != 200 {
			t.Fatalf("%s: sign-in %d %s", tc.name, w.Code, w.Body)
		}
		got := cookiesOf(w)
		access, refresh := got["kesim_at"], got["kesim_rt"]
		if tc.tls {
			access, refresh = got["__Host-kesim_at"], got["__Secure-kesim_rt"]
		}
		if len(got) != 2 || access == nil || refresh == nil {
			t.Errorf("%s: cookies %v", tc.name, w.Result().Cookies())
			continue
		}
		if access.Secure != tc.tls || refresh.Secure != tc.tls || access.Path != "/" || access.Domain != "" || refresh.Path != "/api/auth" {
			t.Errorf("%s: access %+v refresh %+v", tc.name, access, refresh)
		}
	}

	// Over TLS the prefixed cookies are the session; a plain-named one
	// (which a plain-HTTP page of the domain could have planted) is not.
	got := cookiesOf(send("POST", "https://kesim.local/api/auth/login", "192.0.2.30:1", ""))
	at, rt := got["__Host-kesim_at"].Value, got["__Secure-kesim_rt"].Value
	for _, tc := range []struct {
		url, peer, cookie string
		header            []string
		want              int
	}{
		{"https://kesim.local/api/auth/me", "192.0.2.30:1", "__Host-kesim_at=" + at, nil, 200},
		{"https://kesim.local/api/auth/me", "192.0.2.30:1", "kesim_at=" + at, nil, 401},
		{"http://kesim.local/api/auth/me", "192.0.2.30:1", "__Host-kesim_at=" + at, nil, 401},
		{"http://kesim.local/api/auth/me", "10.0.0.5:1", "__Host-kesim_at=" + at, []string{"X-Forwarded-Proto", "https"}, 200},
		{"http://kesim.local/api/auth/me", "10.0.0.5:1", "kesim_at=" + at, []string{"X-Forwarded-Proto", "https"}, 401},
		{"http://kesim.local/api/auth/me", "192.0.2.30:1", "kesim_at=" + at, nil, 200},
	} {
		if w := send("GET", tc.url, tc.peer, tc.cookie, tc.header...); w.Code != tc.want {
			t.Errorf("GET %s from %s with %.20s: %d, want %d", tc.url, tc.peer, tc.cookie, w.Code, tc.want)
		}
	}
	if w := send("POST", "https://kesim.local/api/auth/refresh", "192.0.2.30:1", "kesim_rt="+rt); w.Code != 401 {
		t.Errorf("refresh over TLS with a plain-named cookie: %d", w.Code)
	}
	w := send("POST", "https://kesim.local/api/auth/refresh", "192.0.2.30:1", "__Secure-kesim_rt="+rt)
	if w.Code != 200 || cookiesOf(w)["__Host-kesim_at"] == nil {
		t.Fatalf("refresh over TLS: %d %v", w.Code, w.Result().Cookies())
	}
	w = send("POST", "https://kesim.local/api/auth/logout", "192.0.2.30:1", "__Host-kesim_at="+cookiesOf(w)["__Host-kesim_at"].Value)
	if c := cookiesOf(w)["__Host-kesim_at"]; w.Code != 204 || c == nil || c.MaxAge >= 0 || !c.Secure {
		t.Errorf("logout over TLS: %d %v", w.Code, w.Result().Cookies())
	}
}
