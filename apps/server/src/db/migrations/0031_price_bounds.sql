-- Prices that bound the engine's work (issue 41). A price may be set by the count of cues (10 points
-- per started 100), and a task keeps the engine work its current start has taken (calls and prompt
-- bytes: the brief, the batches, condensing and asking again), so a run resumed after a restart or
-- after the review of its names and terms spends only what is left of what its price buys.
ALTER TABLE tasks DROP CONSTRAINT IF EXISTS tasks_cost_rule_check;
-- statement
ALTER TABLE tasks ADD CONSTRAINT tasks_cost_rule_check
  CHECK (cost_rule IN ('minimum', 'duration', 'text', 'cues'));
-- statement
ALTER TABLE tasks
  ADD COLUMN work_calls integer NOT NULL DEFAULT 0 CHECK (work_calls >= 0),
  ADD COLUMN work_bytes bigint NOT NULL DEFAULT 0 CHECK (work_bytes >= 0);
