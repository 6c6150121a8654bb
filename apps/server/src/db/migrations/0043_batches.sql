-- Issue 39: a batch, the tasks of many files into one or more languages uploaded at once, shown as
-- one row of the task list and downloaded as one ZIP. A task keeps its own life (hold, run,
-- capture or release); the batch only groups them.
CREATE TABLE batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  target_languages text[] NOT NULL,
  -- when its last task ended (batch.completed was sent); NULL while any runs
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- statement
CREATE INDEX batches_user ON batches (user_id, created_at DESC);
-- statement
ALTER TABLE tasks ADD COLUMN batch_id uuid REFERENCES batches (id) ON DELETE SET NULL;
-- statement
CREATE INDEX tasks_batch ON tasks (batch_id) WHERE batch_id IS NOT NULL;
