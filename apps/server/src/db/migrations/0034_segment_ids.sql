-- A line keeps who it is (issue 35): a segment's id is its own and never changes while it exists;
-- its place in the task is `position`, an order that is not its id (a line split or inserted later
-- takes a position between its neighbours', so no other row is written). Existing lines keep their
-- numbers: id = position, so every id a client holds still names the same line.
ALTER TABLE task_segments ADD COLUMN id integer;
-- statement
UPDATE task_segments SET id = position;
-- statement
ALTER TABLE task_segments ALTER COLUMN id SET NOT NULL;
-- statement
ALTER TABLE task_segments DROP CONSTRAINT task_segments_pkey;
-- statement
ALTER TABLE task_segments ADD PRIMARY KEY (task_id, id);
-- statement
-- an order with room between two lines (the midpoint of theirs)
ALTER TABLE task_segments ALTER COLUMN position TYPE double precision;
-- statement
CREATE UNIQUE INDEX task_segments_order ON task_segments (task_id, position);
-- statement
-- the task version at which the line last changed (0: as translated): an edit is checked against
-- the lines it touches, so two tabs editing different lines of one task both save
ALTER TABLE task_segments ADD COLUMN version integer NOT NULL DEFAULT 0;
-- statement
-- what other tabs changed since a version: only edited lines are indexed (most never are)
CREATE INDEX task_segments_edited ON task_segments (task_id, version) WHERE version > 0;
-- statement
-- the last id given to a line of the task: a new line takes the next, so an id is never used again
-- (a tab still holding a deleted line's id cannot edit another line by it)
ALTER TABLE tasks ADD COLUMN last_segment_id integer NOT NULL DEFAULT 0;
-- statement
UPDATE tasks SET last_segment_id = s.last FROM (SELECT task_id, max(id) AS last FROM task_segments GROUP BY task_id) AS s
 WHERE s.task_id = tasks.id;
-- statement
-- the task version of the last edit that added or deleted lines: a tab that saw an older version
-- reads the lines again
ALTER TABLE tasks ADD COLUMN structure_version integer NOT NULL DEFAULT 0;
