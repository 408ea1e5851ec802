-- Issue 17: stock rows and band codes per user, the parts' material
-- columns, and the stock and bands a saved layout was made with.
-- Sizes are INTEGER hundredths as in parts: width and height of cm,
-- thickness of mm, price of TL (kuruş), overlength of cm.
-- kind is 'sheet' for the rows a user enters; issue 19 will add leftover
-- pieces as rows of another kind, source naming the job they came from.
-- row_id is the row's id in the engine's request (nest.Stock.ID), position
-- its place in the user's list.
CREATE TABLE stock_rows (
	id         TEXT    PRIMARY KEY,
	user_id    TEXT,
	kind       TEXT    NOT NULL DEFAULT 'sheet',
	source     TEXT,
	row_id     TEXT    NOT NULL,
	position   INTEGER NOT NULL,
	name       TEXT    NOT NULL DEFAULT '',
	material   TEXT    NOT NULL DEFAULT '',
	thickness  INTEGER NOT NULL DEFAULT 0 CHECK (thickness >= 0),
	width      INTEGER NOT NULL CHECK (width > 0),
	height     INTEGER NOT NULL CHECK (height > 0),
	quantity   INTEGER NOT NULL DEFAULT 0 CHECK (quantity >= 0),
	price      INTEGER NOT NULL DEFAULT 0 CHECK (price >= 0),
	grain      TEXT    NOT NULL DEFAULT '',
	created_at INTEGER NOT NULL
);
CREATE INDEX stock_rows_owner ON stock_rows (user_id, kind, position);

CREATE TABLE band_codes (
	id         TEXT    PRIMARY KEY,
	user_id    TEXT,
	position   INTEGER NOT NULL,
	code       TEXT    NOT NULL,
	name       TEXT    NOT NULL DEFAULT '',
	thickness  INTEGER NOT NULL DEFAULT 0 CHECK (thickness >= 0),
	price      INTEGER NOT NULL DEFAULT 0 CHECK (price >= 0),
	overlength INTEGER NOT NULL DEFAULT 0 CHECK (overlength >= 0),
	created_at INTEGER NOT NULL
);
CREATE INDEX band_codes_owner ON band_codes (user_id, position);

-- As migration 8: no row without a user once an account exists.
CREATE TRIGGER stock_rows_need_user BEFORE INSERT ON stock_rows
WHEN NEW.user_id IS NULL AND EXISTS (SELECT 1 FROM users)
BEGIN
	SELECT RAISE(ABORT, 'kesim: a row without a user while accounts exist');
END;
CREATE TRIGGER band_codes_need_user BEFORE INSERT ON band_codes
WHEN NEW.user_id IS NULL AND EXISTS (SELECT 1 FROM users)
BEGIN
	SELECT RAISE(ABORT, 'kesim: a row without a user while accounts exist');
END;

-- Older parts read back without material, thickness, grain or band.
ALTER TABLE parts ADD COLUMN material TEXT NOT NULL DEFAULT '';
ALTER TABLE parts ADD COLUMN thickness INTEGER NOT NULL DEFAULT 0;
ALTER TABLE parts ADD COLUMN grain TEXT NOT NULL DEFAULT '';
ALTER TABLE parts ADD COLUMN edge_top TEXT NOT NULL DEFAULT '';
ALTER TABLE parts ADD COLUMN edge_bottom TEXT NOT NULL DEFAULT '';
ALTER TABLE parts ADD COLUMN edge_left TEXT NOT NULL DEFAULT '';
ALTER TABLE parts ADD COLUMN edge_right TEXT NOT NULL DEFAULT '';

-- JSON lists of nest.Stock and nest.Band; NULL for a layout without them.
ALTER TABLE saved_layouts ADD COLUMN stock TEXT;
ALTER TABLE saved_layouts ADD COLUMN bands TEXT;
