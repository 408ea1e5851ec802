// Package password hashes and checks passwords with argon2id (RFC 9106), in
// the PHC string format: $argon2id$v=19$m=...,t=...,p=...$salt$hash.
package password

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Parameters: 64 MiB, 2 passes, 1 lane. RFC 9106's second recommended
// choice is 64 MiB and 3 passes; 2 keeps a sign-in near 100 ms on a small
// workshop server while a guess still costs 64 MiB of memory.
const (
	memoryKiB = 64 * 1024
	passes    = 2
	lanes     = 1
	saltLen   = 16
	keyLen    = 32
)

// MinLength is the shortest password accepted.
const MinLength = 8

// ErrTooShort is the Turkish error for a password under MinLength.
var ErrTooShort = errors.New("Şifre en az 8 karakter olmalı.")

// Hash returns the PHC string of password with a random salt.
func Hash(password string) (string, error) {
	if utf8.RuneCountInString(password) < MinLength {
		return "", ErrTooShort
	}
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, passes, memoryKiB, lanes, keyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, memoryKiB, passes, lanes,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// Check reports whether password matches the PHC string encoded. A
// malformed string never matches. It takes the same time whether or not
// the password matches.
func Check(password, encoded string) bool {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var version int
	var m uint32
	var t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m < 8 || m > 1<<18 || t < 1 || t > 10 || p < 1 {
		return false
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	key, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(key) == 0 || len(key) > 128 {
		return false
	}
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(key)))
	return subtle.ConstantTimeCompare(got, key) == 1
}

// Dummy is a valid hash of no one's password ("kesim-dummy-password"):
// checking an unknown user's guess against it costs what a real check
// costs, so the answer's timing does not tell whether the user exists.
// It is a constant rather than computed at start-up: an argon2id hash in
// init cost every kesim command 0.34 s and 64 MiB before it did anything
// (GODEBUG=inittrace=1). TestDummyMatchesHashParameters keeps it in step
// with Hash's parameters.
const Dummy = "$argon2id$v=19$m=65536,t=2,p=1$OIhgPvdVG8A+G02nvUkeVg$64fQF9+2LQzwzvrGhzpHqjWcoh/aDtzTUVN49CpJ8zM"
