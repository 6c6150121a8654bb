-- Issue 40 §2: links a task's owner sends a reviewer, who reads (or comments on) the lines without
-- an account. Only the SHA-256 of a link's token is kept. A link answers while it is not revoked,
-- not expired, and its task and its owner's account are not deleted or closed (checked on every
-- call, so a closed account's links stop at once).
CREATE TABLE review_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  access text NOT NULL CHECK (access IN ('read', 'comment')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
-- statement
CREATE INDEX review_links_task ON review_links (task_id, created_at DESC);
-- statement
-- A reviewer's comment on a line (by its id: it survives edits around it; a comment on a line
-- deleted later stays), or the owner's answer to one (reply_to). Only reviewers' comments are
-- resolved, and only they count toward a link's limit.
CREATE TABLE review_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  link_id uuid NOT NULL REFERENCES review_links (id) ON DELETE CASCADE,
  segment_id integer NOT NULL,
  author text,
  by_owner boolean NOT NULL DEFAULT false,
  reply_to uuid REFERENCES review_comments (id) ON DELETE CASCADE,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  CHECK (by_owner = (author IS NULL)),
  CHECK (by_owner = (reply_to IS NOT NULL))
);
-- statement
CREATE INDEX review_comments_task ON review_comments (task_id, created_at);
-- statement
CREATE INDEX review_comments_link ON review_comments (link_id, created_at);
-- statement
CREATE INDEX review_comments_open ON review_comments (task_id) WHERE resolved_at IS NULL AND NOT by_owner;
-- statement
ALTER TABLE tasks ADD COLUMN approved_at timestamptz;
