package server

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Behind a reverse proxy every request comes from the proxy's address, and
// only the proxy knows the client's address and whether the browser spoke
// HTTPS. It says so in X-Forwarded-For and X-Forwarded-Proto, but so can
// anyone: these headers are believed only from the proxies named with
// --trusted-proxy.

// peerAddr is the address of the connection's other end, or an invalid
// address when RemoteAddr holds none.
func peerAddr(r *http.Request) netip.Addr {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err == nil {
		return ap.Addr().Unmap().WithZone("")
	}
	a, err := netip.ParseAddr(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap().WithZone("")
}

// trustedAddr reports whether a is one of the trusted proxies.
func (a *auth) trustedAddr(ip netip.Addr) bool {
	for _, p := range a.trusted {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// fromTrustedProxy reports whether the request came straight from a
// trusted proxy.
func (a *auth) fromTrustedProxy(r *http.Request) bool {
	ip := peerAddr(r)
	return ip.IsValid() && a.trustedAddr(ip)
}

// clientAddr is the client's IP address: the connection's peer or, when
// the peer is a trusted proxy, the right-most address of X-Forwarded-For
// that is not a trusted proxy (the ones left of it were written by the
// client and prove nothing). When every address is a trusted proxy, it is
// the left-most; an entry that is no address ends the walk at the proxy
// that passed it on.
func (a *auth) clientAddr(r *http.Request) string {
	ip := peerAddr(r)
	if !ip.IsValid() {
		return r.RemoteAddr
	}
	if !a.trustedAddr(ip) {
		return ip.String()
	}
	hops := forwardedFor(r)
	for i := len(hops) - 1; i >= 0; i-- {
		hop, ok := parseHop(hops[i])
		if !ok {
			break
		}
		ip = hop
		if !a.trustedAddr(hop) {
			break
		}
	}
	return ip.String()
}

// forwardedFor lists the entries of every X-Forwarded-For header, left to
// right.
func forwardedFor(r *http.Request) []string {
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(v, ",")...)
	}
	return hops
}

// parseHop reads one X-Forwarded-For entry: an address, perhaps with a
// port or in brackets.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap().WithZone(""), true
	}
	if ip, err := netip.ParseAddr(strings.Trim(s, "[]")); err == nil {
		return ip.Unmap().WithZone(""), true
	}
	return netip.Addr{}, false
}

// viaTLS reports whether the browser reached the server over HTTPS: the
// connection itself, or a trusted proxy that says so in
// X-Forwarded-Proto (its first value: the scheme the browser used).
func (a *auth) viaTLS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if !a.fromTrustedProxy(r) {
		return false
	}
	proto, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.EqualFold(strings.TrimSpace(proto), "https")
}

// isLoopbackAddr reports whether addr (as clientAddr gives it) is on this
// computer.
func isLoopbackAddr(addr string) bool {
	ip := net.ParseIP(addr)
	return ip != nil && ip.IsLoopback()
}
