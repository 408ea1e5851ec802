package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"kesim/internal/apperr"
	"kesim/internal/store"
)

// AccountStore is a store with accounts.
type AccountStore interface {
	store.Store
	store.Accounts
}

// RunAccounts is the conformance suite of store.Accounts. open must return a
// new, empty store for each call and close it when the test ends.
func RunAccounts(t *testing.T, open func(t *testing.T) AccountStore) {
	now := time.Now()
	t.Run("FirstUserAdoptsRowsSavedWithoutOne", func(t *testing.T) { testFirstUserAdopts(t, open(t)) })
	t.Run("NoRowWithoutAUserOnceAnAccountExists", func(t *testing.T) { testNoRowWithoutAUser(t, open(t)) })
	t.Run("StockAdoptedAndNeedsUser", func(t *testing.T) { testStockAdoptedAndNeedsUser(t, open(t)) })
	t.Run("FirstAccountRacesWriters", func(t *testing.T) { testFirstAccountRacesWriters(t, open(t)) })
	t.Run("Users", func(t *testing.T) { testUsers(t, open(t), now) })
	t.Run("Tokens", func(t *testing.T) { testTokens(t, open(t), now) })
	t.Run("LoginCounts", func(t *testing.T) { testLoginCounts(t, open(t), now) })
	t.Run("LoginCountsParallel", func(t *testing.T) { testLoginCountsParallel(t, open(t)) })
}

// testFirstUserAdopts: the first account takes over the rows saved without
// a user; a second account takes none.
func testFirstUserAdopts(t *testing.T, s AccountStore) {
	ctx := context.Background()
	if has, err := s.HasUsers(ctx); err != nil || has {
		t.Fatalf("HasUsers = %v, %v on a new store", has, err)
	}
	p := mustCreatePart(t, s, store.Anonymous(), "Kapak", 50, 30)
	u, err := s.CreateUser(ctx, "ayse", "hash-a", true)
	if err != nil {
		t.Fatal(err)
	}
	if has, _ := s.HasUsers(ctx); !has {
		t.Fatal("HasUsers false after CreateUser")
	}
	if got := mustListParts(t, s, store.User(u.ID)); len(got) != 1 || got[0].ID != p.ID {
		t.Errorf("first user sees %+v, want the anonymous part", got)
	}
	if got := mustListParts(t, s, store.Anonymous()); len(got) != 0 {
		t.Errorf("anonymous still sees %+v", got)
	}
	mustCreatePart(t, s, store.User(u.ID), "Raf", 10, 10)
	b, err := s.CreateUser(ctx, "mehmet", "hash-b", false)
	if err != nil {
		t.Fatal(err)
	}
	if got := mustListParts(t, s, store.User(b.ID)); len(got) != 0 {
		t.Errorf("a second user adopted %+v", got)
	}
}

// testNoRowWithoutAUser: a local-mode server checks "no account yet", then
// saves: if the first account is created (and adopts) in between, the save
// must fail rather than leave a row no one owns.
func testNoRowWithoutAUser(t *testing.T, s AccountStore) {
	ctx := context.Background()
	if has, err := s.HasUsers(ctx); err != nil || has {
		t.Fatalf("HasUsers = %v, %v on a new store", has, err)
	}
	if _, err := s.CreateUser(ctx, "ayse", "h", true); err != nil {
		t.Fatal(err)
	}
	// The refusal is no server failure: the user must sign in now.
	needsSignIn := func(what string, err error) {
		t.Helper()
		if apperr.CodeOf(err) != apperr.Unauthorized || apperr.MessageOf(err) != store.MsgSignInNeeded {
			t.Errorf("%s without a user after the first account: %v, want Unauthorized %q", what, err, store.MsgSignInNeeded)
		}
	}
	_, err := s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: "Geç", Width: 1, Height: 1, Quantity: 1})
	needsSignIn("a part", err)
	_, err = s.CreateLayout(ctx, store.Anonymous(), sampleLayout("Geç"))
	needsSignIn("a layout", err)
	_, err = s.Sync(ctx, store.Anonymous(), []store.PartInput{{Name: "Geç", Width: 1, Height: 1, Quantity: 1}}, nil)
	needsSignIn("a sync", err)
	if got := mustListParts(t, s, store.Anonymous()); len(got) != 0 {
		t.Errorf("rows without a user: %+v", got)
	}
}

// testFirstAccountRacesWriters: writers save rows without a user (as
// local-mode servers do) while two first accounts are created at once:
// exactly one account adopts, and every saved row ends up its.
func testFirstAccountRacesWriters(t *testing.T, s AccountStore) {
	ctx := context.Background()
	const writers = 6
	var saved sync.Map // part id -> true
	var wg sync.WaitGroup
	start := make(chan struct{})
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for i := 0; i < 200; i++ {
				if w%2 == 0 {
					p, err := s.CreatePart(ctx, store.Anonymous(), store.PartInput{Name: fmt.Sprintf("p%d-%d", w, i), Width: 1, Height: 1, Quantity: 1})
					if err != nil {
						return // the account exists: the server would ask for a sign-in now
					}
					saved.Store(p.ID, true)
				} else {
					parts := []store.PartInput{{Name: fmt.Sprintf("s%d-%d-a", w, i), Width: 2, Height: 2, Quantity: 1}, {Name: fmt.Sprintf("s%d-%d-b", w, i), Width: 3, Height: 3, Quantity: 1}}
					if _, err := s.Sync(ctx, store.Anonymous(), parts, nil); err != nil {
						return
					}
				}
			}
		}()
	}
	users := make([]store.Account, 2)
	errs := make([]error, 2)
	for i, name := range []string{"ayse", "mehmet"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			time.Sleep(time.Duration(5+i) * time.Millisecond)
			users[i], errs[i] = s.CreateUser(ctx, name, "h", true)
		}()
	}
	close(start)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := mustListParts(t, s, store.Anonymous()); len(got) != 0 {
		t.Errorf("%d rows without a user after the first account", len(got))
	}
	a, b := mustListParts(t, s, store.User(users[0].ID)), mustListParts(t, s, store.User(users[1].ID))
	if len(a) > 0 && len(b) > 0 {
		t.Errorf("both accounts adopted rows: %d and %d", len(a), len(b))
	}
	owned := map[string]bool{}
	for _, p := range append(a, b...) {
		owned[p.ID] = true
	}
	saved.Range(func(id, _ any) bool {
		if !owned[id.(string)] {
			t.Errorf("saved part %s owned by no account", id)
		}
		return true
	})
}

// testUsers covers names, passwords, TOTP enrolment and deletion.
func testUsers(t *testing.T, s AccountStore, now time.Time) {
	ctx := context.Background()
	if _, err := s.CreateUser(ctx, "ayse", "h1", true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateUser(ctx, "ayse", "h2", false); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("duplicate name: %v, want Conflict", err)
	}
	u, hash, err := s.UserByName(ctx, "ayse")
	if err != nil || hash != "h1" || !u.Admin {
		t.Fatalf("UserByName = %+v %q %v", u, hash, err)
	}
	if _, _, err := s.UserByName(ctx, "yok"); apperr.CodeOf(err) != apperr.NotFound {
		t.Fatalf("unknown user: %v", err)
	}
	if err := s.SetPassword(ctx, "ayse", "h3"); err != nil {
		t.Fatal(err)
	}
	if _, hash, _ := s.UserByName(ctx, "ayse"); hash != "h3" {
		t.Errorf("hash after SetPassword %q", hash)
	}
	if err := s.SetPassword(ctx, "yok", "x"); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("SetPassword on an unknown user: %v", err)
	}
	if err := s.AddTokens(ctx, store.Token{Hash: "before-totp", Kind: store.AccessToken, Family: "ft", UserID: u.ID, Expires: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetTOTP(ctx, "ayse", "JBSWY3DPEHPK3PXP"); err != nil {
		t.Fatal(err)
	}
	if u, _, _ := s.UserByName(ctx, "ayse"); u.TOTPSecret != "JBSWY3DPEHPK3PXP" {
		t.Errorf("TOTP secret %q", u.TOTPSecret)
	}
	if _, _, err := s.TokenUser(ctx, "before-totp", store.AccessToken, now); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("a session from before the enrolment survived it: %v", err)
	}
	for _, tc := range []struct {
		step int64
		want bool
	}{{100, true}, {100, false}, {99, false}, {101, true}} {
		if ok, err := s.UseTOTPStep(ctx, u.ID, tc.step); err != nil || ok != tc.want {
			t.Errorf("UseTOTPStep(%d) = %v %v, want %v", tc.step, ok, err, tc.want)
		}
	}
	if err := s.SetTOTP(ctx, "ayse", "JBSWY3DPEHPK3PXP"); err != nil {
		t.Fatal(err)
	}
	if ok, _ := s.UseTOTPStep(ctx, u.ID, 50); !ok {
		t.Error("a new enrolment kept the old last step")
	}
	if err := s.SetTOTP(ctx, "ayse", ""); err != nil {
		t.Fatal(err)
	}
	if u, _, _ := s.UserByName(ctx, "ayse"); u.TOTPSecret != "" {
		t.Errorf("TOTP secret after removal %q", u.TOTPSecret)
	}
	us, err := s.Users(ctx)
	if err != nil || len(us) != 1 || us[0].Name != "ayse" {
		t.Fatalf("Users = %+v %v", us, err)
	}
	mustCreatePart(t, s, store.User(u.ID), "Kapak", 5, 5)
	// An account that owns rows is deleted only with them, on purpose.
	owned, err := s.DeleteUser(ctx, "ayse", false)
	if apperr.CodeOf(err) != apperr.Conflict || owned != (store.UserRows{Parts: 1}) {
		t.Fatalf("DeleteUser without its rows = %+v, %v; want the Conflict and 1 part", owned, err)
	}
	if got := mustListParts(t, s, store.User(u.ID)); len(got) != 1 {
		t.Fatalf("the refused removal left %d parts, want 1", len(got))
	}
	if _, _, err := s.UserByName(ctx, "ayse"); err != nil {
		t.Fatalf("the refused removal took the account: %v", err)
	}
	if owned, err := s.DeleteUser(ctx, "ayse", true); err != nil || owned != (store.UserRows{Parts: 1}) {
		t.Fatalf("DeleteUser with its rows = %+v, %v", owned, err)
	}
	if got := mustListParts(t, s, store.User(u.ID)); len(got) != 0 {
		t.Errorf("deleted user's parts remain: %+v", got)
	}
}

// testTokens covers access and refresh tokens: expiry, rotation, reuse and
// revoked families.
func testTokens(t *testing.T, s AccountStore, now time.Time) {
	ctx := context.Background()
	u, err := s.CreateUser(ctx, "ayse", "h", false)
	if err != nil {
		t.Fatal(err)
	}
	access := store.Token{Hash: "a1", Kind: store.AccessToken, Family: "f1", UserID: u.ID, Expires: now.Add(time.Minute)}
	refresh := store.Token{Hash: "r1", Kind: store.RefreshToken, Family: "f1", UserID: u.ID, Expires: now.Add(time.Hour)}
	if err := s.AddTokens(ctx, access, refresh); err != nil {
		t.Fatal(err)
	}
	if _, got, err := s.TokenUser(ctx, "a1", store.AccessToken, now); err != nil || got.Name != "ayse" {
		t.Fatalf("TokenUser = %+v %v", got, err)
	}
	if _, _, err := s.TokenUser(ctx, "a1", store.RefreshToken, now); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("an access token passed as refresh: %v", err)
	}
	if _, _, err := s.TokenUser(ctx, "a1", store.AccessToken, now.Add(2*time.Minute)); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("expired token accepted: %v", err)
	}
	next := store.Token{Hash: "r2", Kind: store.RefreshToken, Family: "f1", UserID: u.ID, Expires: now.Add(time.Hour)}
	old, err := s.RotateRefresh(ctx, "r1", now, next)
	if err != nil || old.Family != "f1" || old.UserID != u.ID {
		t.Fatalf("RotateRefresh = %+v %v", old, err)
	}
	// The old refresh token again: a replay. The family dies.
	if _, err := s.RotateRefresh(ctx, "r1", now); !errors.Is(err, store.ErrTokenReused) {
		t.Fatalf("reuse: %v, want ErrTokenReused", err)
	}
	if _, _, err := s.TokenUser(ctx, "a1", store.AccessToken, now); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("access token of a revoked family still valid: %v", err)
	}
	if _, err := s.RotateRefresh(ctx, "r2", now); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("successor of a reused token still valid: %v", err)
	}
	if _, err := s.RotateRefresh(ctx, "nope", now); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("unknown token: %v", err)
	}
	if err := s.AddTokens(ctx, store.Token{Hash: "a3", Kind: store.AccessToken, Family: "f3", UserID: u.ID, Expires: now.Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeFamily(ctx, "f3"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.TokenUser(ctx, "a3", store.AccessToken, now); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("revoked token valid: %v", err)
	}
}

// testLoginCounts covers the sign-in attempt counts per key and bucket,
// forgetting and clearing them, and Prune.
func testLoginCounts(t *testing.T, s AccountStore, now time.Time) {
	ctx := context.Background()
	b0 := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	b1, b2 := b0.Add(time.Minute), b0.Add(2*time.Minute)
	keys := []string{"u:ayse", "a:192.0.2.1", "p:ayse|192.0.2.1"}
	var seen [][]store.LoginCount
	record := func(bucket time.Time, keys []string, ok bool) {
		t.Helper()
		got, err := s.RecordLoginAttempt(ctx, bucket, b0, keys, func(c [][]store.LoginCount) bool { seen = c; return ok })
		if err != nil || got != ok {
			t.Fatalf("RecordLoginAttempt = %v %v, want %v", got, err, ok)
		}
	}
	for i := 0; i < 3; i++ {
		record(b0, keys, true)
	}
	record(b1, keys[1:2], true)
	record(b2, keys, false) // refused: counts nothing
	want := [][]store.LoginCount{{lc(b0, 3)}, {lc(b0, 3), lc(b1, 1)}, {lc(b0, 3)}}
	if !reflect.DeepEqual(seen, want) {
		t.Fatalf("counts %v, want %v", seen, want)
	}
	// One row per key and bucket: a thousand attempts are one count.
	for i := 0; i < 1000; i++ {
		if _, err := s.RecordLoginAttempt(ctx, b2, b0, keys[2:], func([][]store.LoginCount) bool { return true }); err != nil {
			t.Fatal(err)
		}
	}
	record(b2, keys, false)
	if want := []store.LoginCount{lc(b0, 3), lc(b2, 1000)}; !reflect.DeepEqual(seen[2], want) {
		t.Fatalf("pair counts %v, want %v", seen[2], want)
	}
	// Buckets before since are not read.
	if _, err := s.RecordLoginAttempt(ctx, b2, b1, keys, func(c [][]store.LoginCount) bool { seen = c; return false }); err != nil {
		t.Fatal(err)
	}
	if want := [][]store.LoginCount{nil, {lc(b1, 1)}, {lc(b2, 1000)}}; !reflect.DeepEqual(seen, want) {
		t.Fatalf("counts since b1 %v, want %v", seen, want)
	}
	// A success takes its attempt back, never below zero.
	if err := s.ForgetLoginAttempt(ctx, b1, keys...); err != nil {
		t.Fatal(err)
	}
	if err := s.ForgetLoginAttempt(ctx, b1, keys...); err != nil {
		t.Fatal(err)
	}
	if err := s.ForgetLoginAttempt(ctx, b0, keys[0]); err != nil {
		t.Fatal(err)
	}
	record(b2, keys, false)
	if want := [][]store.LoginCount{{lc(b0, 2)}, {lc(b0, 3)}, {lc(b0, 3), lc(b2, 1000)}}; !reflect.DeepEqual(seen, want) {
		t.Fatalf("after forgetting %v, want %v", seen, want)
	}
	record(b1, keys[1:2], true) // a forgotten bucket counts again from zero
	if err := s.ClearLoginFailures(ctx, keys[2], "u:kimse"); err != nil {
		t.Fatal(err)
	}
	record(b2, keys, false)
	if want := [][]store.LoginCount{{lc(b0, 2)}, {lc(b0, 3), lc(b1, 1)}, nil}; !reflect.DeepEqual(seen, want) {
		t.Fatalf("after clearing the pair %v, want %v", seen, want)
	}

	// Prune drops the buckets before its time and the expired tokens.
	u, err := s.CreateUser(ctx, "ayse", "h", false)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddTokens(ctx,
		store.Token{Hash: "old", Kind: store.RefreshToken, Family: "f", UserID: u.ID, Expires: now.Add(-time.Second)},
		store.Token{Hash: "new", Kind: store.RefreshToken, Family: "f", UserID: u.ID, Expires: now.Add(time.Hour)},
	); err != nil {
		t.Fatal(err)
	}
	if err := s.Prune(ctx, now, b1); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordLoginAttempt(ctx, b2, b0.Add(-time.Hour), keys, func(c [][]store.LoginCount) bool { seen = c; return false }); err != nil {
		t.Fatal(err)
	}
	if want := [][]store.LoginCount{nil, {lc(b1, 1)}, nil}; !reflect.DeepEqual(seen, want) {
		t.Fatalf("after pruning before b1 %v, want %v", seen, want)
	}
	if _, _, err := s.TokenUser(ctx, "new", store.RefreshToken, now); err != nil {
		t.Errorf("an unexpired token was pruned: %v", err)
	}
	if _, err := s.RotateRefresh(ctx, "old", now.Add(-time.Hour)); apperr.CodeOf(err) != apperr.NotFound {
		t.Errorf("an expired token survived pruning: %v", err)
	}
}

// testLoginCountsParallel: parallel attempts on one key (several servers on
// one database behave alike) are decided one after the other: a limit of 5
// lets exactly 5 through.
func testLoginCountsParallel(t *testing.T, s AccountStore) {
	ctx := context.Background()
	bucket := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	var wg sync.WaitGroup
	var mu sync.Mutex
	allowed := 0
	for i := 0; i < 24; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Keys in two orders: the locks must not deadlock.
			keys := []string{"u:ayse", fmt.Sprintf("a:%d", i)}
			if i%2 == 1 {
				keys[0], keys[1] = keys[1], keys[0]
			}
			ok, err := s.RecordLoginAttempt(ctx, bucket, bucket, keys, func(c [][]store.LoginCount) bool {
				n := 0
				for _, k := range c {
					for _, b := range k {
						n += b.N
					}
				}
				return n < 5 // every key here but "u:ayse" is new
			})
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				allowed++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if allowed != 5 {
		t.Errorf("%d parallel attempts allowed, want 5", allowed)
	}
}

// lc is a LoginCount.
func lc(bucket time.Time, n int) store.LoginCount { return store.LoginCount{Bucket: bucket, N: n} }
