package server

import (
	"context"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestTrustedLocalHost(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost:8080": true, "LOCALHOST": true, "127.0.0.1:8080": true, "[::1]:8080": true,
		"app.localhost:1": true, "192.168.1.20:8080": true, "localhost.:8080": true,
		"kotu.example:8080": false, "localhost.kotu.example": false, "": false, "127.0.0.1.nip.io:8080": false,
	} {
		if got := trustedLocalHost(host); got != want {
			t.Errorf("trustedLocalHost(%q) = %v, want %v", host, got, want)
		}
	}
}

// A page on another name rebound to 127.0.0.1 reaches a local-mode server
// "same-origin": the API refuses it, while localhost keeps working and
// the app's page itself still loads.
func TestDNSRebindingRefusedInLocalMode(t *testing.T) {
	ts := newTeamServer(t, false)
	do := func(method, url, body string, header ...string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, url, strings.NewReader(body))
		r.RemoteAddr = "127.0.0.1:50000"
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		w := httptest.NewRecorder()
		ts.h.ServeHTTP(w, r)
		return w
	}
	part := `{"name":"Kapak","width":10,"height":20,"quantity":1}`
	if w := do("POST", "http://localhost:8080/api/parts", part, "Origin", "http://localhost:8080"); w.Code != 201 {
		t.Fatalf("localhost: %d %s", w.Code, w.Body)
	}
	if w := do("GET", "http://127.0.0.1:8080/api/parts", ""); w.Code != 200 || !strings.Contains(w.Body.String(), "Kapak") {
		t.Fatalf("127.0.0.1: %d %s", w.Code, w.Body)
	}
	for _, rt := range [][2]string{{"GET", "/api/parts"}, {"GET", "/api/layouts"}, {"POST", "/api/parts"}, {"DELETE", "/api/parts/x"}, {"POST", "/api/sync"}} {
		w := do(rt[0], "http://kotu.example:8080"+rt[1], part, "Origin", "http://kotu.example:8080")
		if w.Code != 403 || strings.Contains(w.Body.String(), "Kapak") {
			t.Errorf("rebound %s %s: %d %s", rt[0], rt[1], w.Code, w.Body)
		}
	}
	if w := do("GET", "http://kotu.example:8080/", ""); w.Code == 403 {
		t.Errorf("the page itself: %d", w.Code)
	}
}

// In team mode the session decides, whatever name the client used (a
// reverse proxy on the same computer forwards its own Host).
func TestRebindGuardLeavesTeamModeAlone(t *testing.T) {
	ts := newTeamServer(t, true)
	c := ts.client()
	c.addr = "127.0.0.1:50000"
	c.login(t, "ayse")
	if w := c.do("GET", "/api/parts", ""); w.Code != 200 {
		t.Errorf("team mode behind a proxy: %d %s", w.Code, w.Body)
	}
	if has, _ := ts.st.HasUsers(context.Background()); !has {
		t.Fatal("no accounts")
	}
}

// FuzzTrustedLocalHost: a Host header trusted as this computer is an
// address literal, localhost or one of this computer's names, never
// anything an outsider could register.
func FuzzTrustedLocalHost(f *testing.F) {
	for _, s := range []string{"localhost:8080", "[::1]:1", "kotu.example", "127.0.0.1.nip.io", "a.localhost", "[fe80::1%25eth0]:80", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, hostport string) {
		if !trustedLocalHost(hostport) {
			return
		}
		host := hostport
		if h, _, err := net.SplitHostPort(hostport); err == nil {
			host = h
		}
		host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
		if net.ParseIP(host) == nil && host != "localhost" && !strings.HasSuffix(host, ".localhost") && !localNames[host] {
			t.Fatalf("%q trusted", hostport)
		}
	})
}

// Without accounts, a server open to the network (--no-auth) answers its
// API only under this computer's names, an address or a declared public
// name, whoever the client: a network browser's page rebound to the
// server's address must not write.
func TestNetworkClientsNeedAKnownHostWithoutAccounts(t *testing.T) {
	ts := newTeamServer(t, false, func(c *Config) { c.PublicHosts = []string{"Kesim.Atolye.LAN.", "  ", ""} })
	do := func(remote, method, url string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, url, strings.NewReader(`{"name":"Kapak","width":10,"height":20,"quantity":1}`))
		r.RemoteAddr = remote
		if method != "GET" {
			r.Header.Set("Origin", strings.TrimSuffix(strings.SplitAfter(url, ":8080")[0], "/"))
		}
		w := httptest.NewRecorder()
		ts.h.ServeHTTP(w, r)
		return w
	}
	const network, loopback = "192.168.1.30:4000", "127.0.0.1:4000"
	for _, tc := range []struct {
		remote, method, url string
		want                int
		message             string
	}{
		{network, "POST", "http://attacker.example:8080/api/parts", 403, msgReboundNetwork},
		{network, "GET", "http://attacker.example:8080/api/parts", 403, msgReboundNetwork},
		{network, "GET", "http://atolye.lan:8080/api/parts", 403, msgReboundNetwork},
		{loopback, "POST", "http://attacker.example:8080/api/parts", 403, msgRebound},
		{network, "POST", "http://192.168.1.20:8080/api/parts", 201, ""},
		{network, "POST", "http://kesim.atolye.lan:8080/api/parts", 201, ""},
		{network, "GET", "http://KESIM.atolye.lan.:8080/api/parts", 200, ""},
		{loopback, "GET", "http://kesim.atolye.lan:8080/api/parts", 200, ""},
		{network, "GET", "http://attacker.example:8080/", 503, ""}, // the page itself (not built here) is not refused
	} {
		w := do(tc.remote, tc.method, tc.url)
		if w.Code != tc.want || (tc.message != "" && errMessage(w) != tc.message) {
			t.Errorf("%s %s from %s: %d %s, want %d", tc.method, tc.url, tc.remote, w.Code, w.Body, tc.want)
		}
	}
	// In team mode sessions decide, under any name.
	if _, err := ts.st.CreateUser(context.Background(), "ayse", "x", true); err != nil {
		t.Fatal(err)
	}
	if w := do(network, "GET", "http://attacker.example:8080/api/parts"); w.Code != 401 {
		t.Errorf("team mode, any name: %d, want 401", w.Code)
	}
}
