-- Issue 39: Idempotency-Key on the calls that create or start work, with Stripe's rules. A key is
-- its user's: the first request with it runs (status_code NULL meanwhile) and its answer is kept
-- 24 hours; the same key with the same request answers that again, with another request is refused.
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  -- the call (method and path) and a hash of what was sent: the fields and the file, or the body
  call text NOT NULL,
  request_hash text NOT NULL,
  status_code smallint,
  response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
-- statement
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
