-- Pieces spoiled at the saw and sent back to be cut again ("Bozuk", POST
-- /api/layouts/{id}/pieces/{pieceId}/recut): one row per piece of a job,
-- written in the transaction that saves the piece's recut part (part_id,
-- in the job owner's saved parts; the user may delete that part later).
-- The primary key makes the insert of a second recut of one piece, from
-- another phone or at the same moment, do nothing, and the request adds
-- no part. recut_by is the user's name (NULL in local mode), recut_at
-- microseconds. A re-plan deletes the rows of the pieces it moves or
-- drops (store.DroppedRecuts); deleting the job deletes its rows.
CREATE TABLE piece_recuts (
	layout_id TEXT    NOT NULL REFERENCES saved_layouts (id) ON DELETE CASCADE,
	piece_id  TEXT    NOT NULL,
	part_id   TEXT    NOT NULL,
	recut_by  TEXT,
	recut_at  INTEGER NOT NULL,
	PRIMARY KEY (layout_id, piece_id)
);
