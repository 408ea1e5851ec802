-- Sign-in attempts counted per key and minute, for the login limits: one
-- row per key and bucket however many attempts it counts (login_failures
-- kept a row per attempt and grew with every request of a flood). key is
-- the SHA-256 hex of a user name, an address or both (never the name in
-- clear); bucket is the minute's start. The counts of the old table expire
-- within 15 minutes anyway and are not carried over.
DROP TABLE login_failures;
CREATE TABLE login_counts (
	key    TEXT        NOT NULL,
	bucket TIMESTAMPTZ NOT NULL,
	n      INTEGER     NOT NULL,
	PRIMARY KEY (key, bucket)
);
CREATE INDEX login_counts_bucket ON login_counts (bucket);
