package password

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/subtle"
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode"
)

// TOTP one-time codes (RFC 6238): HMAC-SHA-1, 6 digits, 30-second steps,
// what every authenticator app reads from an otpauth:// URI.

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// NewTOTPSecret returns a random 160-bit secret, base32.
func NewTOTPSecret() (string, error) {
	b := make([]byte, 20)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return b32.EncodeToString(b), nil
}

// TOTPURI is the otpauth:// URI an authenticator app enrols from.
func TOTPURI(issuer, account, secret string) string {
	label := url.PathEscape(issuer + ":" + account)
	q := url.Values{"secret": {secret}, "issuer": {issuer}, "algorithm": {"SHA1"}, "digits": {"6"}, "period": {"30"}}
	return "otpauth://totp/" + label + "?" + q.Encode()
}

// TOTPCode is the code of secret for the step containing t.
func TOTPCode(secret string, t time.Time) (string, error) {
	key, err := b32.DecodeString(strings.ToUpper(secret))
	if err != nil {
		return "", err
	}
	return hotp(key, uint64(t.Unix()/30)), nil
}

func hotp(key []byte, counter uint64) string {
	mac := hmac.New(sha1.New, key)
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], counter)
	mac.Write(msg[:])
	sum := mac.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	v := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	return fmt.Sprintf("%06d", v%1000000)
}

// CheckTOTP reports whether code is right for t, allowing one step of clock
// difference either way, and nothing further.
func CheckTOTP(secret, code string, t time.Time) bool {
	_, ok := MatchTOTP(secret, code, t)
	return ok
}

// MatchTOTP is CheckTOTP that also returns the time step the code belongs
// to, so that the caller can refuse the same code a second time. The code
// may be typed as authenticator apps show it, "123 456" or "123-456": its
// spaces and dashes are dropped (CleanTOTPCode).
func MatchTOTP(secret, code string, t time.Time) (step int64, ok bool) {
	code = CleanTOTPCode(code)
	key, err := b32.DecodeString(strings.ToUpper(secret))
	if err != nil || len(code) != 6 {
		return 0, false
	}
	now := uint64(t.Unix() / 30)
	for _, s := range []uint64{now - 1, now, now + 1} {
		if subtle.ConstantTimeCompare([]byte(hotp(key, s)), []byte(code)) == 1 {
			step, ok = int64(s), true
		}
	}
	return step, ok
}

// CleanTOTPCode is code without its spaces (any Unicode space, a no-break
// space too) and dashes (any Unicode dash), which authenticator apps show
// between the two halves of a code and users type or paste with it.
func CleanTOTPCode(code string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || unicode.Is(unicode.Pd, r) {
			return -1
		}
		return r
	}, code)
}
