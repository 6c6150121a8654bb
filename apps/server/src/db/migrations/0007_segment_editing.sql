-- The editor: a task's segments carry a version (two tabs never silently overwrite each other), and
-- a segment being re-translated is claimed until a deadline (a second re-translation is refused).
ALTER TABLE tasks ADD COLUMN version integer NOT NULL DEFAULT 0;
-- statement
ALTER TABLE task_segments ADD COLUMN retranslating_until timestamptz;
