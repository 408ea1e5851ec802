package server

import (
	"net"
	"net/http"
	"os"
	"strings"

	"kesim/internal/apperr"
)

// Local mode has no sign-in: whoever reaches the API may read and change
// every row. A server on a loopback address is out of the network's reach,
// but not of DNS rebinding: a page on kotu.example, visited on the
// workshop's computer, makes its name point at 127.0.0.1 and then calls the
// API "same-origin" (its Origin and Host both say kotu.example:PORT), with
// no cookie needed. A server opened to the network with --no-auth meets the
// same page from any browser of the network, pointed at the server's
// address. The answer is to look at the Host the client asked for: a
// browser reaching Kesim itself says localhost, an IP address, this
// computer's name or a name the administrator declared with
// --public-host; any other name is a rebound one, and the API refuses it,
// whoever the client. In team mode cookies already stop it (a rebound name
// gets no session cookie) and a reverse proxy may forward any Host, so the
// check is left to the sessions.

const (
	msgRebound        = "Bu adla gelen isteklere hesapsız sunucu yanıt vermez. Kesim'i http://localhost adresiyle açın."
	msgReboundNetwork = "Bu adla gelen isteklere hesapsız sunucu yanıt vermez. Kesim'i sunucunun IP adresiyle açın ya da yöneticiden bu adı tanıtmasını (--public-host) isteyin."
)

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

// hostName is the lower-case name of a Host header, without port,
// brackets or trailing dot.
func hostName(hostport string) string {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	return strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
}

// trustedLocalHost reports whether a Host header names this computer
// without any DNS name an outsider could control.
func trustedLocalHost(hostport string) bool {
	host := hostName(hostport)
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

// trustedHost reports whether a server without accounts answers its API
// under a Host header: this computer's names or a declared public name.
func (a *auth) trustedHost(hostport string) bool {
	return trustedLocalHost(hostport) || a.public[hostName(hostport)]
}

// rebindGuard refuses API requests of local mode sent to a name that is
// neither this computer's nor a declared public one.
func (a *auth) rebindGuard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") || a.trustedHost(r.Host) {
			next.ServeHTTP(w, r)
			return
		}
		team, err := a.teamMode(r.Context())
		if err != nil || team {
			next.ServeHTTP(w, r) // team mode: sessions decide; errors: the guard answers
			return
		}
		msg := msgRebound
		if !isLoopbackAddr(a.clientAddr(r)) {
			msg = msgReboundNetwork
		}
		Error(w, r, apperr.New(apperr.Forbidden, msg))
	})
}
