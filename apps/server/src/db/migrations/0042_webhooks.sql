-- Issue 39: webhooks. A user's HTTPS endpoint with the secret its events are signed with (Standard
-- Webhooks: the receiver must hold it too, so it is kept, and shown only when set), and every
-- event sent to it: what was sent and how each try went, for the page's delivery log.
CREATE TABLE webhook_endpoints (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  url text NOT NULL,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- statement
CREATE TABLE webhook_deliveries (
  -- the message id (webhook-id): the same on every try, so a receiver can drop repeats
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  payload text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts smallint NOT NULL DEFAULT 0,
  -- the last try's HTTP status, or why it had none (a refused address, a timeout)
  last_status smallint,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  next_attempt_at timestamptz
);
-- statement
CREATE INDEX webhook_deliveries_user ON webhook_deliveries (user_id, created_at DESC);
