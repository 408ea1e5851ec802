-- Optional TOTP secret (RFC 6238, base32) of an account; NULL: none enrolled.
ALTER TABLE users ADD COLUMN totp_secret TEXT;
