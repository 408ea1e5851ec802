package password

import (
	"strings"
	"testing"
	"time"
)

// RFC 6238 appendix B, SHA-1, secret "12345678901234567890", 8 digits
// there; the last 6 digits are the 6-digit codes.
func TestTOTPRFCVectors(t *testing.T) {
	secret := b32.EncodeToString([]byte("12345678901234567890"))
	for unix, want := range map[int64]string{59: "287082", 1111111109: "081804", 1234567890: "005924", 2000000000: "279037"} {
		got, err := TOTPCode(secret, time.Unix(unix, 0))
		if err != nil || got != want {
			t.Errorf("t=%d: %s %v, want %s", unix, got, err, want)
		}
	}
}

func TestCheckTOTPWindow(t *testing.T) {
	s, err := NewTOTPSecret()
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1800000000, 0)
	code, _ := TOTPCode(s, now)
	for d, want := range map[time.Duration]bool{0: true, 30 * time.Second: true, -30 * time.Second: true, 61 * time.Second: false, -61 * time.Second: false} {
		if got := CheckTOTP(s, code, now.Add(d)); got != want {
			t.Errorf("offset %v: %v, want %v", d, got, want)
		}
	}
	// As authenticator apps show it: the halves apart.
	for _, typed := range []string{code[:3] + " " + code[3:], code[:3] + "-" + code[3:], " " + code[:3] + "\u00a0" + code[3:] + " ", code[:3] + "\u2013" + code[3:]} {
		if !CheckTOTP(s, typed, now) {
			t.Errorf("%q refused, want it as %s", typed, code)
		}
	}
	if CheckTOTP(s, code[:3]+" "+code[3:5], now) || CheckTOTP(s, code[:3]+"."+code[3:], now) {
		t.Error("a short or dotted code accepted")
	}
	if CheckTOTP(s, "12345", now) || CheckTOTP("not base32!", code, now) {
		t.Error("malformed input accepted")
	}
	if u := TOTPURI("Kesim", "ayşe", s); u[:22] != "otpauth://totp/Kesim:a" {
		t.Errorf("uri %s", u)
	}
}

// FuzzMatchTOTP: any secret and code, never a panic; a match is always a
// code of six digits and one of the three steps around now.
func FuzzMatchTOTP(f *testing.F) {
	f.Add("JBSWY3DPEHPK3PXP", "123456", int64(59))
	f.Add("", "", int64(0))
	f.Add("!!!!", "١٢٣٤٥٦", int64(-1))
	f.Fuzz(func(t *testing.T, secret, code string, unix int64) {
		now := time.Unix(unix, 0)
		step, ok := MatchTOTP(secret, code, now)
		if !ok {
			return
		}
		if code := CleanTOTPCode(code); len(code) != 6 || strings.Trim(code, "0123456789") != "" {
			t.Fatalf("code %q accepted", code)
		}
		if d := step - now.Unix()/30; d < -1 || d > 1 {
			t.Fatalf("step %d for now %d", step, now.Unix())
		}
	})
}
