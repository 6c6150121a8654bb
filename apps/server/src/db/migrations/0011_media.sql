-- Audio/video: a task made from a media file is detected (probed), then executed (audio extracted,
-- transcribed, cut into cues, translated). Its segments exist only after transcription.
ALTER TABLE tasks DROP CONSTRAINT tasks_segment_count_check;
-- statement
ALTER TABLE tasks ADD CONSTRAINT tasks_segment_count_check CHECK (segment_count >= 0);
-- statement
ALTER TABLE tasks ADD COLUMN kind text NOT NULL DEFAULT 'srt' CHECK (kind IN ('srt', 'media'));
-- statement
-- the uploaded file, its declared type (1 audio, 2 video) and size
ALTER TABLE tasks ADD COLUMN media_key text;
-- statement
ALTER TABLE tasks ADD COLUMN media_type smallint CHECK (media_type IN (1, 2));
-- statement
ALTER TABLE tasks ADD COLUMN media_bytes bigint;
-- statement
-- the source language asked for ('auto' lets the speech engine say)
ALTER TABLE tasks ADD COLUMN media_language text;
-- statement
-- SPEC §4 detection status 1–5 and execute status 0–5 (null: not submitted yet)
ALTER TABLE tasks ADD COLUMN detect_status smallint CHECK (detect_status BETWEEN 1 AND 5);
-- statement
ALTER TABLE tasks ADD COLUMN execute_status smallint CHECK (execute_status BETWEEN 0 AND 5);
-- statement
-- why the task failed, as an error key the interface words in each language
ALTER TABLE tasks ADD COLUMN error_key text;
-- statement
CREATE INDEX tasks_media_running ON tasks (updated_at) WHERE status = 'processing';
-- statement
-- Direct uploads of one object each: the browser PUTs parts to presigned URLs; only the owner may
-- ask for part URLs, complete or abort, and only a completed upload can become a task.
CREATE TABLE media_uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users (id),
  object_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  media_type smallint NOT NULL CHECK (media_type IN (1, 2)),
  content_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  part_size integer NOT NULL CHECK (part_size > 0),
  storage_upload_id text NOT NULL,
  status text NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'completed', 'aborted', 'used')),
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
-- statement
CREATE INDEX media_uploads_open ON media_uploads (created_at) WHERE status = 'uploading';
