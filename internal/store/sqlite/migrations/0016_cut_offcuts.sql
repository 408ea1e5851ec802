-- The leftovers a job's cut (Kesildi) put on the rack, or found there
-- already (an earlier cut's, which a later job used), as JSON: a list of
-- {page, x, y, width, height, code} (cm, the page's index in the result,
-- the offcut's code; [] when the rack got none): the job's cut list names
-- exactly these, with their codes, whatever the offcut rules and the
-- rack's room are later. NULL while the job is not cut, and for jobs cut
-- before this column existed (their cut list follows today's rules).
ALTER TABLE saved_layouts ADD COLUMN cut_offcuts TEXT;
