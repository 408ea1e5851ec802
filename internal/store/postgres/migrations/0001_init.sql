-- Saved parts and layouts (DESIGN.md section 6).
-- Sizes are NUMERIC(6,2) centimetres, exact: 45.55 comes back as 45.55.
-- user_id is NULL for rows saved while nobody is signed in.
CREATE TABLE parts (
	id         TEXT          PRIMARY KEY,
	name       TEXT          NOT NULL,
	width      NUMERIC(6, 2) NOT NULL CHECK (width > 0),
	height     NUMERIC(6, 2) NOT NULL CHECK (height > 0),
	quantity   INTEGER       NOT NULL CHECK (quantity > 0),
	user_id    TEXT,
	created_at TIMESTAMPTZ   NOT NULL
);
CREATE INDEX parts_owner_created ON parts (user_id, created_at DESC, id DESC);
CREATE INDEX parts_owner_name ON parts (user_id, name, width, height);

-- parts_data, sheet and options are the layout's parts (list of
-- {id,name,width,height,quantity,rotate}), its canvas {width,height} and
-- its engine options, in centimetres.
CREATE TABLE saved_layouts (
	id         TEXT        PRIMARY KEY,
	name       TEXT        NOT NULL,
	parts_data JSONB       NOT NULL,
	sheet      JSONB       NOT NULL,
	options    JSONB       NOT NULL,
	user_id    TEXT,
	created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX saved_layouts_owner_created ON saved_layouts (user_id, created_at DESC, id DESC);
CREATE INDEX saved_layouts_owner_name ON saved_layouts (user_id, name);
