-- The layout options of a user's stock dialog (GET and PUT /api/stock's
-- "options": objective, deductBands, keepLeftover), kept as JSON in the
-- user's one offcut_settings row with the list they belong to, so that
-- every device of the user lays a job out alike. NULL: the user never
-- saved any (the defaults apply, and a browser may send the ones it kept).
ALTER TABLE offcut_settings ADD COLUMN layout_options TEXT;
