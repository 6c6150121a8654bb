-- Audio/video that was uploaded but never executed is deleted after MEDIA_UNEXECUTED_DAYS. The
-- date is fixed when the task is made (the user is shown it) and cleared once execution starts.
ALTER TABLE tasks ADD COLUMN media_expires_at timestamptz;
-- statement
-- tasks from before this migration get the default period from now, not from their upload
UPDATE tasks SET media_expires_at = now() + interval '7 days'
 WHERE kind = 'media' AND execute_status IS NULL AND deleted_at IS NULL AND media_key IS NOT NULL;
-- statement
CREATE INDEX tasks_media_expiry ON tasks (media_expires_at) WHERE media_expires_at IS NOT NULL;
-- statement
-- the live audio/video of a user (the storage cap adds it up)
CREATE INDEX tasks_user_media ON tasks (user_id) WHERE kind = 'media' AND deleted_at IS NULL;
-- statement
-- a completed upload never submitted is deleted after the same period: 'expired'
ALTER TABLE media_uploads DROP CONSTRAINT media_uploads_status_check;
-- statement
ALTER TABLE media_uploads ADD CONSTRAINT media_uploads_status_check
  CHECK (status IN ('uploading', 'completed', 'aborted', 'used', 'expired'));
-- statement
CREATE INDEX media_uploads_user_held ON media_uploads (user_id) WHERE status IN ('uploading', 'completed');
-- statement
CREATE INDEX media_uploads_completed ON media_uploads (completed_at) WHERE status = 'completed';
-- statement
-- Objects to delete from storage, written in the same transaction as what makes them unneeded (a
-- deleted task, an expired upload): a storage failure at that moment loses nothing. A row goes
-- once the storage confirms the deletion (deleting a missing object succeeds: idempotent); a
-- scheduled sweep retries the others with a growing pause.
CREATE TABLE storage_deletions (
  object_key text PRIMARY KEY,
  reason text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  next_attempt_at timestamptz NOT NULL DEFAULT now()
);
-- statement
CREATE INDEX storage_deletions_due ON storage_deletions (next_attempt_at);
