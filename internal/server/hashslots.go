package server

import (
	"context"
	"runtime"
	"time"

	"kesim/internal/password"
)

// An argon2id check takes 64 MiB for a quarter of a second. Unbounded, two
// dozen sign-in requests sent at once (from one address, before any of them
// has failed and counted) took the heap to 1.5 GiB: enough to have a small
// workshop server killed for memory. Checks therefore take one of a few
// slots; the others wait, holding a goroutine and a connection only, and
// give up after hashWait with 503 (the client tries again later).

var hashSlots = make(chan struct{}, max(2, runtime.GOMAXPROCS(0)))

const hashWait = 10 * time.Second

const msgBusy = "Sunucu şu anda meşgul. Lütfen biraz sonra tekrar deneyin."

// errBusy reports that no slot became free in time.
var errBusy = context.DeadlineExceeded

// checkPassword is password.Check in a slot. Unknown users (the dummy hash)
// take the same path, so waiting reveals nothing about a name.
func checkPassword(ctx context.Context, pw, hash string) (bool, error) {
	t := time.NewTimer(hashWait)
	defer t.Stop()
	select {
	case hashSlots <- struct{}{}:
	case <-t.C:
		return false, errBusy
	case <-ctx.Done():
		return false, ctx.Err()
	}
	defer func() { <-hashSlots }()
	return password.Check(pw, hash), nil
}
