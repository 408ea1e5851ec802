-- Accounts of a team server and their sessions (issue: accounts).
-- Tokens are stored as SHA-256 hex only. Times are INTEGER microseconds.
CREATE TABLE users (
	id            TEXT    PRIMARY KEY,
	name          TEXT    NOT NULL UNIQUE,
	password_hash TEXT    NOT NULL,
	admin         INTEGER NOT NULL DEFAULT 0,
	created_at    INTEGER NOT NULL
);

CREATE TABLE session_tokens (
	token_hash TEXT    PRIMARY KEY,
	kind       TEXT    NOT NULL CHECK (kind IN ('access', 'refresh')),
	family     TEXT    NOT NULL,
	user_id    TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	expires_at INTEGER NOT NULL,
	used       INTEGER NOT NULL DEFAULT 0,
	revoked    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX session_tokens_family ON session_tokens (family);
CREATE INDEX session_tokens_user ON session_tokens (user_id);
