-- The user's voice and the film brief (issue 26). A task's options from the upload: how formal the
-- translation is, a note for the translator, and whether to wait for the review of names and
-- terms once the brief is written. glossary_ids and series_id come with glossaries and series
-- (0026); IF NOT EXISTS keeps this file right whichever of the two a database saw first.
ALTER TABLE tasks ADD COLUMN IF NOT EXISTS glossary_ids uuid[] NOT NULL DEFAULT '{}';
-- statement
ALTER TABLE tasks ADD COLUMN IF NOT EXISTS series_id uuid;
-- statement
ALTER TABLE tasks
  ADD COLUMN formality text NOT NULL DEFAULT 'source' CHECK (formality IN ('source', 'formal', 'informal')),
  ADD COLUMN translator_note text NOT NULL DEFAULT '' CHECK (char_length(translator_note) <= 500),
  ADD COLUMN review_terms boolean NOT NULL DEFAULT false,
  -- the brief is written and waits for the user (status pending, its points still held)
  ADD COLUMN awaiting_review boolean NOT NULL DEFAULT false,
  ADD COLUMN review_expires_at timestamptz,
  -- what the engine read of the whole film, as the user may have corrected it (contract briefSchema)
  ADD COLUMN brief jsonb,
  -- engine calls the task took (brief, batches, condensing, asking again), and of those the brief's
  ADD COLUMN engine_calls integer NOT NULL DEFAULT 0,
  ADD COLUMN brief_calls integer NOT NULL DEFAULT 0,
  -- lines per engine call of the run waiting for the review (the run goes on with the same)
  ADD COLUMN batch_size integer;
-- statement
-- the daily job finds reviews left waiting too long
CREATE INDEX tasks_review_expiry ON tasks (review_expires_at) WHERE awaiting_review;
