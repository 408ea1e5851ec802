-- Issue 19: jobs, offcuts and piece ticks.
-- A saved layout keeps its result (the engine's Result JSON, NULL for a
-- layout saved without one), the number of pieces placed in it, and its
-- state: 'planned', 'cutting' or 'cut', with the name of the user who set
-- it (NULL in local mode) and when (microseconds, NULL until it changes).
ALTER TABLE saved_layouts ADD COLUMN result TEXT;
ALTER TABLE saved_layouts ADD COLUMN placed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE saved_layouts ADD COLUMN state TEXT NOT NULL DEFAULT 'planned'
	CHECK (state IN ('planned', 'cutting', 'cut'));
ALTER TABLE saved_layouts ADD COLUMN state_by TEXT;
ALTER TABLE saved_layouts ADD COLUMN state_at INTEGER;

-- One row per ticked piece (Placed.ID of the layout's result): a tick is
-- an insert that ignores a row already there, an untick a delete, so two
-- phones ticking at once never lose one another's tick.
CREATE TABLE piece_ticks (
	layout_id TEXT    NOT NULL REFERENCES saved_layouts (id) ON DELETE CASCADE,
	piece_id  TEXT    NOT NULL,
	ticked_by TEXT,
	ticked_at INTEGER NOT NULL,
	PRIMARY KEY (layout_id, piece_id)
);

-- Offcuts are stock_rows of kind 'offcut': source is the layout whose cut
-- made them; consumed_by the layout whose cut used them (taken off the
-- rack, kept so that undoing that cut puts them back).
ALTER TABLE stock_rows ADD COLUMN consumed_by TEXT;
CREATE INDEX stock_rows_source ON stock_rows (source);
CREATE INDEX stock_rows_consumed ON stock_rows (consumed_by);

-- A user's offcut settings (JSON {rules, maxArea, minUse}) and the number
-- of the next offcut code (A-1, A-2, ...). One row per user.
CREATE TABLE offcut_settings (
	id         TEXT    PRIMARY KEY,
	user_id    TEXT,
	settings   TEXT    NOT NULL,
	next_code  INTEGER NOT NULL DEFAULT 1,
	created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX offcut_settings_owner ON offcut_settings (COALESCE(user_id, ''));
CREATE TRIGGER offcut_settings_need_user BEFORE INSERT ON offcut_settings
WHEN NEW.user_id IS NULL AND EXISTS (SELECT 1 FROM users)
BEGIN
	SELECT RAISE(ABORT, 'kesim: a row without a user while accounts exist');
END;
