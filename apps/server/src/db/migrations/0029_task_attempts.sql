-- Issue 41: a stopped or killed run loses nothing the engine answered, and a run that resumes
-- the task asks only what is missing.
-- tasks.attempts counts the runs of a task: each time a run begins (the first run of a start, and
-- every run that resumes it after a stop, a crash or the review of its names and terms). It
-- counted the starts, which now have a column of their own that numbers each start's hold of
-- points ('task:<id>:<starts>'), as attempts did.
ALTER TABLE tasks ADD COLUMN starts integer NOT NULL DEFAULT 0;
-- statement
UPDATE tasks SET starts = attempts;
-- statement
-- the film brief's parts answered so far, by "<part>/<parts>" (0-based part), kept until the
-- brief is written, so a run that resumes the brief asks only the parts missing
ALTER TABLE tasks ADD COLUMN brief_parts jsonb;
-- statement
-- the line was asked again in the terms pass of this start: no run of it asks the line again
ALTER TABLE task_segments ADD COLUMN terms_asked boolean NOT NULL DEFAULT false;
