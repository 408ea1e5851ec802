package server

import (
	"context"
	"net"
	"time"

	"kesim/internal/store"
)

// Sign-in limits, as OWASP advises: only failures count, and no stranger
// can lock an owner out. Three counts, each over the last 15 minutes:
//
//   - a user name from one address (an IPv6 /64): 5 failures, then that
//     pair waits. This is the limit a guesser meets.
//   - an address: 30 failures over any names, then it waits (one address
//     trying many names: password spraying).
//   - a user name: past 100 failures (a guess spread over many
//     addresses) only addresses that have not yet failed for the name may
//     try it. The owner, from a clean address, still signs in.
//
// An attempt is counted before its password is checked, so parallel
// guesses meet the limit too, and taken back when it was no failure: the
// right password (with the code, if one is enrolled; a success also clears
// the pair), or a check that never ran. Counts live in the database, per
// key and minute, so that several servers on one database share them.
const (
	loginWindow  = 15 * time.Minute
	loginBucket  = time.Minute
	maxPairFails = 5
	maxAddrFails = 30
	maxNameFails = 100
	// pruneEvery is how often a server drops the counts that left the
	// window (and expired tokens) while it answers sign-ins.
	pruneEvery = time.Minute
)

// Indexes of the limit keys of one sign-in.
const (
	nameKey = iota
	addrKey
	pairKey
)

// limitKeys are the rate-limit keys of a sign-in: the user name (folded
// as kesim user add compares names, store.FoldAccountName), the client's
// address (an IPv6 address by its /64: one household or host usually owns
// a whole /64) and the two together. Only
// their SHA-256 goes to the database: people type passwords into the name
// field.
func limitKeys(name, addr string) [3]string {
	if ip := net.ParseIP(addr); ip != nil && ip.To4() == nil {
		addr = ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	name = store.FoldAccountName(name)
	return [3]string{
		nameKey: hashToken("u:" + name),
		addrKey: hashToken("a:" + addr),
		pairKey: hashToken("p:" + addr + "\x00" + name),
	}
}

// judgeAttempt decides a sign-in from the attempts counted so far under
// its keys (in limitKeys' order): whether it may go on and, if not, how
// long until it may.
func judgeAttempt(counts [][]store.LoginCount, now time.Time) (bool, time.Duration) {
	name, addr, pair := counts[nameKey], counts[addrKey], counts[pairKey]
	ok, wait := true, time.Duration(0)
	block := func(d time.Duration) {
		ok = false
		wait = max(wait, d)
	}
	if total(pair) >= maxPairFails {
		block(freeIn(pair, maxPairFails, now))
	}
	if total(addr) >= maxAddrFails {
		block(freeIn(addr, maxAddrFails, now))
	}
	if total(name) >= maxNameFails && total(pair) > 0 {
		block(min(freeIn(name, maxNameFails, now), freeIn(pair, 1, now)))
	}
	return ok, wait
}

func total(cs []store.LoginCount) int {
	n := 0
	for _, c := range cs {
		n += c.N
	}
	return n
}

// freeIn is how long until fewer than limit of the counts are in the
// window: a bucket counts until a whole window has passed after it ended.
func freeIn(cs []store.LoginCount, limit int, now time.Time) time.Duration {
	n := total(cs)
	for _, c := range cs {
		n -= c.N
		if n < limit {
			return max(0, c.Bucket.Add(loginBucket+loginWindow).Sub(now))
		}
	}
	return loginWindow
}

// pruneSometimes drops old counts and expired tokens, once a minute per
// server, so a flood's keys do not pile up even when no one signs in.
func (a *auth) pruneSometimes(ctx context.Context, now time.Time) {
	t, last := now.UnixNano(), a.lastPrune.Load()
	if t >= last && t-last < int64(pruneEvery) {
		return
	}
	if !a.lastPrune.CompareAndSwap(last, t) {
		return // another request prunes
	}
	if err := a.accounts.Prune(context.WithoutCancel(ctx), now, now.Truncate(loginBucket).Add(-loginWindow)); err != nil {
		a.log.WarnContext(ctx, "accounts: prune", "err", err)
	}
}
