-- Once an account exists, every row has a user. A local-mode server that
-- checked "no account yet" just before `kesim user add` adopted the rows
-- saved without a user could otherwise save one more such row after the
-- adoption, owned by no one. SQLite runs one writer at a time (on every
-- process), so the check in the insert itself is exact.
CREATE TRIGGER parts_need_user BEFORE INSERT ON parts
WHEN NEW.user_id IS NULL AND EXISTS (SELECT 1 FROM users)
BEGIN
	SELECT RAISE(ABORT, 'kesim: a row without a user while accounts exist');
END;
CREATE TRIGGER saved_layouts_need_user BEFORE INSERT ON saved_layouts
WHEN NEW.user_id IS NULL AND EXISTS (SELECT 1 FROM users)
BEGIN
	SELECT RAISE(ABORT, 'kesim: a row without a user while accounts exist');
END;
