-- Subtitles that fit (issue 25). A user's quality limits (reading norms) per target language: only
-- what they changed from the language's defaults (packages/subtitles norms.ts), already checked
-- against its bounds; a user's limits go with the user.
CREATE TABLE quality_limits (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  target_language text NOT NULL,
  overrides jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, target_language)
);
-- statement
-- The lines to review: each segment's flags (packages/subtitles REVIEW_FLAGS names), computed at
-- translation and again at each edit; empty when nothing was found.
ALTER TABLE task_segments ADD COLUMN review_flags text[] NOT NULL DEFAULT '{}';
-- statement
-- the task list counts a page of tasks' flagged lines: only those lines are indexed
CREATE INDEX task_segments_to_review ON task_segments (task_id) WHERE cardinality(review_flags) > 0;
-- statement
-- a task option: keep the engine's own line breaks instead of laying lines out per language
ALTER TABLE tasks ADD COLUMN keep_engine_breaks boolean NOT NULL DEFAULT false;
