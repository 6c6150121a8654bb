-- A file translated in parts (issue 34): the balance covers the first lines, the rest is
-- translated later, each part held and charged on its own (hold ref task:<id>:<attempt>).
ALTER TABLE tasks
  -- the last line (position) the running or last run translates; NULL: to the end of the file
  ADD COLUMN part_end integer CHECK (part_end IS NULL OR part_end >= 1),
  -- a completed task with lines left: lines 1..paid_through are translated and charged, the rest
  -- have no translation; NULL: no line is left (or no part was completed yet)
  ADD COLUMN paid_through integer CHECK (paid_through IS NULL OR paid_through >= 1),
  -- what the task's completed parts were charged in all (the next part's price subtracts it)
  ADD COLUMN charged_points integer NOT NULL DEFAULT 0 CHECK (charged_points >= 0);
