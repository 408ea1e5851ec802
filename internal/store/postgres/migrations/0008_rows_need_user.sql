-- Once an account exists, every row has a user. A local-mode server that
-- checked "no account yet" just before `kesim user add` adopted the rows
-- saved without a user could otherwise save one more such row after the
-- adoption, owned by no one. An insert without a user takes a shared
-- advisory lock of this schema (held until its transaction ends) and then
-- looks for accounts; CreateUser takes the same lock exclusively before it
-- counts and adopts. So either the insert commits first and is adopted, or
-- it sees the account and fails. Each statement of a VOLATILE function reads
-- a fresh snapshot, so the look after the lock sees an account committed
-- while the insert waited.
CREATE FUNCTION kesim_rows_need_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock_shared(hashtext('kesim_first_user:' || current_schema()));
	IF EXISTS (SELECT 1 FROM users) THEN
		RAISE EXCEPTION 'kesim: a row without a user while accounts exist';
	END IF;
	RETURN NEW;
END
$$;
CREATE TRIGGER parts_need_user BEFORE INSERT ON parts
	FOR EACH ROW WHEN (NEW.user_id IS NULL) EXECUTE FUNCTION kesim_rows_need_user();
CREATE TRIGGER saved_layouts_need_user BEFORE INSERT ON saved_layouts
	FOR EACH ROW WHEN (NEW.user_id IS NULL) EXECUTE FUNCTION kesim_rows_need_user();
