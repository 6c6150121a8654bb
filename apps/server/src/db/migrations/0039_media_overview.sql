-- Issue 38: what the editor's timeline draws of an audio/video task besides its waveform
-- (tasks.peaks_key): a video's shot changes, and the state of the job that makes what is missing
-- (the shot changes after a video's execution; both for a task executed before they existed).
CREATE TABLE media_overviews (
  task_id uuid PRIMARY KEY REFERENCES tasks (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  -- the video's shot changes (ms, in order); NULL: not computed (audio never has them)
  shot_changes_ms integer[],
  -- why the last run failed, for the log and support (never shown to the user)
  error text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
