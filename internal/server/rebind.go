package server

import (
	"net"
	"net/http"
	"os"
	"strings"
)

// Local mode has no sign-in: whoever reaches the API may read and change
// every row. A server on a loopback address is out of the network's reach,
// but not of DNS rebinding: a page on kotu.example, visited on the
// workshop's computer, makes its name point at 127.0.0.1 and then calls the
// API "same-origin" (its Origin and Host both say kotu.example:PORT), with
// no cookie needed. The answer is to look at the Host a loopback client
// asked for: a browser on this computer reaching Kesim itself says
// localhost, an IP address or this computer's name; any other name is a
// rebound one, and the API refuses it. In team mode cookies already stop
// it (a rebound name gets no session cookie), and a client from the
// network is outside this attack, so both pass as before.

const msgRebound = "Bu adla gelen isteklere hesapsız sunucu yanıt vermez. Kesim'i http://localhost adresiyle açın."

// localNames are this computer's own names, besides localhost.
var localNames = func() map[string]bool {
	names := map[string]bool{}
	if h, err := os.Hostname(); err == nil && h != "" {
		h = strings.ToLower(strings.TrimSuffix(h, "."))
		names[h] = true
		if short, _, ok := strings.Cut(h, "."); ok {
			names[short] = true
		}
	}
	return names
}()

// trustedLocalHost reports whether a Host header names this computer
// without any DNS name an outsider could control.
func trustedLocalHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if host == "" {
		return false
	}
	if net.ParseIP(host) != nil {
		return true // an address literal cannot be rebound
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true // resolved to loopback by browsers themselves
	}
	return localNames[host]
}

// fromLoopback reports whether the request's client is on this computer.
func fromLoopback(r *http.Request) bool {
	ip := net.ParseIP(clientAddr(r))
	return ip != nil && ip.IsLoopback()
}

// rebindGuard refuses API requests of local mode that a loopback client
// sent to a name that is not this computer's.
func (a *auth) rebindGuard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") || !fromLoopback(r) || trustedLocalHost(r.Host) {
			next.ServeHTTP(w, r)
			return
		}
		team, err := a.teamMode(r.Context())
		if err != nil || team {
			next.ServeHTTP(w, r) // team mode: sessions decide; errors: the guard answers
			return
		}
		writeError(w, http.StatusForbidden, CodeForbidden, msgRebound, nil)
	})
}
