-- Glossaries and series (issue 26). A glossary is a user's list of terms for one language pair,
-- read and written whole (the page saves all its entries at once; at most 2,000 of them), so its
-- entries are one jsonb array (contract glossaryEntrySchema) with their count beside it for the
-- list. A user's glossaries and series go with the user's content (modules/account-life).
CREATE TABLE glossaries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- 'auto': for any source language
  source_language text NOT NULL,
  target_language text NOT NULL,
  entries jsonb NOT NULL DEFAULT '[]',
  entry_count integer NOT NULL DEFAULT 0 CHECK (entry_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- statement
CREATE INDEX glossaries_user ON glossaries (user_id, updated_at DESC);
-- statement
-- A series: episodes (tasks) of one language pair sharing a memory of names and terms (contract
-- seriesMemorySchema), as the user corrected them in each episode's brief.
CREATE TABLE series (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  source_language text NOT NULL,
  target_language text NOT NULL,
  memory jsonb NOT NULL DEFAULT '{"characters": [], "terms": []}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- statement
CREATE INDEX series_user ON series (user_id, updated_at DESC);
-- statement
-- A task's series (a deleted series leaves its episodes as plain tasks) and its glossaries, in the
-- user's order of priority (ids only: a glossary deleted since is passed over when translating).
ALTER TABLE tasks
  ADD COLUMN series_id uuid REFERENCES series (id) ON DELETE SET NULL,
  ADD COLUMN glossary_ids uuid[] NOT NULL DEFAULT '{}';
-- statement
CREATE INDEX tasks_series ON tasks (series_id) WHERE series_id IS NOT NULL;
