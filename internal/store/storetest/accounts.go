package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"kesim/internal/store"
)

// AccountStore is a store with accounts.
type AccountStore interface {
	store.Store
	store.Accounts
}

// RunAccounts is the conformance suite of store.Accounts.
func RunAccounts(t *testing.T, open func(t *testing.T) AccountStore) {
	ctx := context.Background()
	now := time.Now()

	t.Run("FirstUserAdoptsRowsSavedWithoutOne", func(t *testing.T) {
		s := open(t)
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
		mustCreatePart(t, s, store.Anonymous(), "Raf", 10, 10)
		b, err := s.CreateUser(ctx, "mehmet", "hash-b", false)
		if err != nil {
			t.Fatal(err)
		}
		if got := mustListParts(t, s, store.User(b.ID)); len(got) != 0 {
			t.Errorf("a second user adopted %+v", got)
		}
	})

	t.Run("Users", func(t *testing.T) {
		s := open(t)
		if _, err := s.CreateUser(ctx, "ayse", "h1", true); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateUser(ctx, "ayse", "h2", false); store.ErrorCode(err) != store.Conflict {
			t.Fatalf("duplicate name: %v, want Conflict", err)
		}
		u, hash, err := s.UserByName(ctx, "ayse")
		if err != nil || hash != "h1" || !u.Admin {
			t.Fatalf("UserByName = %+v %q %v", u, hash, err)
		}
		if _, _, err := s.UserByName(ctx, "yok"); store.ErrorCode(err) != store.NotFound {
			t.Fatalf("unknown user: %v", err)
		}
		if err := s.SetPassword(ctx, "ayse", "h3"); err != nil {
			t.Fatal(err)
		}
		if _, hash, _ := s.UserByName(ctx, "ayse"); hash != "h3" {
			t.Errorf("hash after SetPassword %q", hash)
		}
		if err := s.SetPassword(ctx, "yok", "x"); store.ErrorCode(err) != store.NotFound {
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
		if _, _, err := s.TokenUser(ctx, "before-totp", store.AccessToken, now); store.ErrorCode(err) != store.NotFound {
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
		if err := s.DeleteUser(ctx, "ayse"); err != nil {
			t.Fatal(err)
		}
		if got := mustListParts(t, s, store.User(u.ID)); len(got) != 0 {
			t.Errorf("deleted user's parts remain: %+v", got)
		}
	})

	t.Run("Tokens", func(t *testing.T) {
		s := open(t)
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
		if _, _, err := s.TokenUser(ctx, "a1", store.RefreshToken, now); store.ErrorCode(err) != store.NotFound {
			t.Errorf("an access token passed as refresh: %v", err)
		}
		if _, _, err := s.TokenUser(ctx, "a1", store.AccessToken, now.Add(2*time.Minute)); store.ErrorCode(err) != store.NotFound {
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
		if _, _, err := s.TokenUser(ctx, "a1", store.AccessToken, now); store.ErrorCode(err) != store.NotFound {
			t.Errorf("access token of a revoked family still valid: %v", err)
		}
		if _, err := s.RotateRefresh(ctx, "r2", now); store.ErrorCode(err) != store.NotFound {
			t.Errorf("successor of a reused token still valid: %v", err)
		}
		if _, err := s.RotateRefresh(ctx, "nope", now); store.ErrorCode(err) != store.NotFound {
			t.Errorf("unknown token: %v", err)
		}
		if err := s.AddTokens(ctx, store.Token{Hash: "a3", Kind: store.AccessToken, Family: "f3", UserID: u.ID, Expires: now.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		if err := s.RevokeFamily(ctx, "f3"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.TokenUser(ctx, "a3", store.AccessToken, now); store.ErrorCode(err) != store.NotFound {
			t.Errorf("revoked token valid: %v", err)
		}
	})

	t.Run("LoginFailuresAndPrune", func(t *testing.T) {
		s := open(t)
		for i := 0; i < 3; i++ {
			if err := s.AddLoginFailure(ctx, now.Add(time.Duration(i)*time.Minute), "u:ayse", "a:192.0.2.1"); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.AddLoginFailure(ctx, now, "a:192.0.2.1"); err != nil {
			t.Fatal(err)
		}
		got, err := s.LoginFailures(ctx, now.Add(time.Minute), "u:ayse", "a:192.0.2.1", "u:kimse")
		if err != nil || len(got) != 3 || got[0] != 2 || got[1] != 2 || got[2] != 0 {
			t.Fatalf("LoginFailures since +1m = %v %v, want [2 2 0]", got, err)
		}
		if err := s.ClearLoginFailures(ctx, "u:ayse"); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.LoginFailures(ctx, now.Add(-time.Hour), "u:ayse", "a:192.0.2.1"); got[0] != 0 || got[1] != 4 {
			t.Errorf("after clearing u:ayse: %v, want [0 4]", got)
		}

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
		if err := s.Prune(ctx, now, now.Add(90*time.Second)); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.LoginFailures(ctx, now.Add(-time.Hour), "a:192.0.2.1"); got[0] != 1 {
			t.Errorf("failures after pruning before +90s: %v, want [1]", got)
		}
		if _, _, err := s.TokenUser(ctx, "new", store.RefreshToken, now); err != nil {
			t.Errorf("an unexpired token was pruned: %v", err)
		}
		if _, err := s.RotateRefresh(ctx, "old", now.Add(-time.Hour)); store.ErrorCode(err) != store.NotFound {
			t.Errorf("an expired token survived pruning: %v", err)
		}
	})
}
