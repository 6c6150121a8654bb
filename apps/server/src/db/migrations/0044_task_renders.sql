-- Issue 40: a task's lines burned into its video (or over its audio's waveform), rendered by the
-- media.render job. A render holds its points (hold_ref) from the start, captures them when its MP4
-- is stored, gives them back when it fails. One render of a task runs at a time (the partial unique
-- index); only the latest completed render keeps its file.
CREATE TABLE task_renders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'rendering', 'completed', 'failed')),
  style jsonb NOT NULL,
  resolution text NOT NULL CHECK (resolution IN ('source', '720p')),
  points integer NOT NULL CHECK (points > 0),
  hold_ref text NOT NULL UNIQUE,
  job_id text,
  duration_ms bigint NOT NULL,
  -- ms of the picture encoded so far (the progress shown)
  done_ms bigint NOT NULL DEFAULT 0,
  attempts integer NOT NULL DEFAULT 0,
  output_key text,
  size_bytes bigint,
  width integer,
  height integer,
  error text,
  error_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- statement
CREATE UNIQUE INDEX task_renders_one_running ON task_renders (task_id) WHERE status IN ('queued', 'rendering');
-- statement
CREATE INDEX task_renders_task ON task_renders (task_id, created_at DESC);
-- statement
CREATE INDEX task_renders_running ON task_renders (updated_at) WHERE status IN ('queued', 'rendering');
