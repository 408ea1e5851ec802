-- The time step of the last TOTP code accepted for an account: a code works
-- once, not again within its window (RFC 6238 section 5.2). NULL: none yet.
ALTER TABLE users ADD COLUMN totp_last_step INTEGER;
