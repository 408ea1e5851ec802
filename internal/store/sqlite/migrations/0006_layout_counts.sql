-- The list of saved layouts shows how many part lines and pieces each
-- has without decoding parts_data (issue 10): both are kept in columns,
-- set on insert and filled here for the rows saved before.
ALTER TABLE saved_layouts ADD COLUMN part_lines INTEGER NOT NULL DEFAULT 0;
ALTER TABLE saved_layouts ADD COLUMN pieces INTEGER NOT NULL DEFAULT 0;
UPDATE saved_layouts SET
	part_lines = json_array_length(parts_data),
	pieces = (SELECT COALESCE(SUM(json_extract(value, '$.quantity')), 0) FROM json_each(saved_layouts.parts_data))
WHERE json_valid(parts_data);
