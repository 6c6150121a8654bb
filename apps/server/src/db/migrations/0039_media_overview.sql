-- Issue 38: what the editor's timeline draws of an audio/video task besides its waveform
-- (tasks.peaks_key): a video's shot changes, and the state of the job that makes what is missing
-- (the shot changes after a video's execution; both for a task executed before they existed, and
-- for audio/video given to a subtitle-file task afterwards).
CREATE TABLE media_overviews (
  task_id uuid PRIMARY KEY REFERENCES tasks (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  -- the video's shot changes (ms, in order); NULL: not computed (audio never has them)
  shot_changes_ms integer[],
  -- the length of audio/video given to a subtitle-file task (its tasks.duration_ms is its lines',
  -- which its price and list show); NULL for an audio/video task, whose duration_ms is its media's
  media_ms integer CHECK (media_ms > 0),
  -- why the last run failed, for the log and support (never shown to the user)
  error text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
