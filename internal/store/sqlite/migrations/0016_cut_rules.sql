-- The offcut rules in force when a job was cut (Kesildi), as JSON (a list
-- of {material, thickness, minWidth, minHeight}; [] when the user had
-- removed every rule): the rack got the cut's leftovers under them, so the
-- job's cut list names its leftovers under them too, whatever the rules
-- are later. NULL while the job is not cut, and for jobs cut before this
-- column existed (their cut list follows today's rules).
ALTER TABLE saved_layouts ADD COLUMN cut_rules TEXT;
