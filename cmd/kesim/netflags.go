package main

import (
	"fmt"
	"net/netip"
	"strings"
)

// listFlag is a repeatable flag whose default comes from a comma-separated
// environment variable; the first use on the command line replaces that
// default. A value may itself list several items, comma-separated.
type listFlag struct {
	values []string
	set    bool
}

// envList returns a listFlag holding the environment variable's items.
func envList(env string) *listFlag {
	l := &listFlag{}
	l.add(envOr(env, ""))
	return l
}

func (l *listFlag) add(v string) {
	for _, item := range strings.Split(v, ",") {
		if item = strings.TrimSpace(item); item != "" {
			l.values = append(l.values, item)
		}
	}
}

func (l *listFlag) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(l.values, ",")
}

func (l *listFlag) Set(v string) error {
	if !l.set {
		l.values, l.set = nil, true
	}
	l.add(v)
	return nil
}

// trustedProxies reads --trusted-proxy values: CIDR ranges or single
// addresses.
func trustedProxies(values []string) ([]netip.Prefix, error) {
	var ps []netip.Prefix
	for _, v := range values {
		if p, err := netip.ParsePrefix(v); err == nil {
			ps = append(ps, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(v)
		if err != nil {
			return nil, fmt.Errorf("--trusted-proxy %q bir adres aralığı (10.0.0.0/8 gibi) ya da adres değil", v)
		}
		a = a.Unmap()
		ps = append(ps, netip.PrefixFrom(a, a.BitLen()))
	}
	return ps, nil
}

// publicHosts checks --public-host values: host names (a port is ignored).
func publicHosts(values []string) ([]string, error) {
	for _, v := range values {
		if strings.ContainsAny(v, "/ @") {
			return nil, fmt.Errorf("--public-host %q bir ad olmalı (kesim.atolye.local gibi)", v)
		}
	}
	return values, nil
}
