-- Failed sign-ins, for the login rate limits: kept in the database so that
-- several servers on one database share one limit and a restart forgets
-- nothing. key is the SHA-256 hex of "u:<name>" or "a:<address>" (a typo'd
-- password in the name field is never stored); at is INTEGER microseconds.
CREATE TABLE login_failures (
	key TEXT    NOT NULL,
	at  INTEGER NOT NULL
);
CREATE INDEX login_failures_key_at ON login_failures (key, at);
CREATE INDEX login_failures_at ON login_failures (at);
CREATE INDEX session_tokens_expires ON session_tokens (expires_at);
