-- The number of saves of a user's stock list (GET and PUT /api/stock's
-- "version"), kept in the user's one offcut_settings row: a save that names
-- the version it read is refused when another save came in since.
ALTER TABLE offcut_settings ADD COLUMN stock_version BIGINT NOT NULL DEFAULT 0;
