-- A canvas may be as large as the engine takes (10,000 cm a side), and a
-- cut job's leftovers, which go on the rack as stock_rows, as long as it:
-- NUMERIC(6, 2) ended at 9999.99 cm.
ALTER TABLE stock_rows
	ALTER COLUMN width  TYPE NUMERIC(7, 2),
	ALTER COLUMN height TYPE NUMERIC(7, 2);
