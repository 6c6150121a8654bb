-- Translation tasks live on the server (the database is the source of truth, not the browser).
CREATE TABLE tasks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users (id),
  file_name text NOT NULL,
  original_language text NOT NULL,
  detected_language text,
  target_language text NOT NULL,
  translation_service text NOT NULL,
  include_original_text boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'processing', 'translating', 'completed', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  segment_count integer NOT NULL CHECK (segment_count > 0),
  duration_ms bigint NOT NULL CHECK (duration_ms >= 0),
  estimated_points integer NOT NULL CHECK (estimated_points >= 0),
  kept_original integer NOT NULL DEFAULT 0,
  points_error text,
  upload_error text,
  error text,
  result_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  deleted_at timestamptz
);
-- statement
CREATE INDEX tasks_user_created ON tasks (user_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
-- statement
CREATE TABLE task_segments (
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  position integer NOT NULL,
  start_ms bigint NOT NULL,
  end_ms bigint NOT NULL,
  original_text text NOT NULL,
  translated_text text,
  PRIMARY KEY (task_id, position)
);
