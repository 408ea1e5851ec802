-- The list of saved layouts shows how many part lines and pieces each
-- has without decoding parts_data (issue 10): both are kept in columns,
-- set on insert and filled here for the rows saved before.
ALTER TABLE saved_layouts
	ADD COLUMN part_lines INTEGER NOT NULL DEFAULT 0,
	ADD COLUMN pieces     BIGINT  NOT NULL DEFAULT 0;
UPDATE saved_layouts SET
	part_lines = jsonb_array_length(parts_data),
	pieces = (SELECT COALESCE(SUM((e ->> 'quantity')::bigint), 0) FROM jsonb_array_elements(parts_data) AS e)
WHERE jsonb_typeof(parts_data) = 'array';
