-- The full sheets a job's cut (Kesildi) took off its owner's limited stock
-- rows: one row per stock row (stock_id, the row's id in the list), with
-- the number of sheets taken and the row as it was before (row_json: the
-- engine's nest.Stock JSON with its "position" in the list), so that
-- undoing the cut puts the sheets back, and a row the cut removed (its
-- quantity reached 0, which would mean unlimited) comes back as it was.
-- The undo deletes the job's rows; deleting the job deletes them too (the
-- sheets were sawn: the stock stays as it is).
CREATE TABLE job_stock_taken (
	layout_id TEXT    NOT NULL REFERENCES saved_layouts (id) ON DELETE CASCADE,
	stock_id  TEXT    NOT NULL,
	taken     INTEGER NOT NULL,
	row_json  JSONB   NOT NULL,
	PRIMARY KEY (layout_id, stock_id)
);
