package password

import (
	"strings"
	"testing"
)

func TestHashAndCheck(t *testing.T) {
	h, err := Hash("çok-gizli-şifre")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=65536,t=2,p=1$") {
		t.Errorf("hash %q", h)
	}
	if !Check("çok-gizli-şifre", h) {
		t.Error("the right password does not match")
	}
	if Check("çok-gizli-şifrE", h) {
		t.Error("a wrong password matches")
	}
	if h2, _ := Hash("çok-gizli-şifre"); h2 == h {
		t.Error("two hashes of one password are equal: no salt")
	}
	if _, err := Hash("kısa"); err != ErrTooShort {
		t.Errorf("short password: %v", err)
	}
	for _, bad := range []string{"", "$argon2id$", "$argon2i$v=19$m=65536,t=2,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=999999999,t=2,p=1$c2FsdA$a2V5"} {
		if Check("x", bad) {
			t.Errorf("malformed %q matched", bad)
		}
	}
}

func FuzzCheck(f *testing.F) {
	f.Add("parola123", Dummy)
	f.Add("", "$argon2id$v=19$m=8,t=1,p=1$$")
	f.Fuzz(func(t *testing.T, pw, encoded string) {
		Check(pw, encoded) // must not panic or hang
	})
}

func BenchmarkHash(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Hash("bir-parola-123"); err != nil {
			b.Fatal(err)
		}
	}
}

// An unknown user's sign-in checks Dummy: it must be a real hash made with
// today's parameters, or the answer's timing would tell that the user does
// not exist.
func TestDummyMatchesHashParameters(t *testing.T) {
	h, err := Hash("kesim-dummy-password")
	if err != nil {
		t.Fatal(err)
	}
	prefix := func(s string) string { return s[:strings.LastIndex(s[:strings.LastIndex(s, "$")], "$")] }
	if prefix(Dummy) != prefix(h) {
		t.Errorf("Dummy's parameters %q, Hash writes %q", prefix(Dummy), prefix(h))
	}
	if !Check("kesim-dummy-password", Dummy) {
		t.Error("Dummy is not a valid hash")
	}
}
