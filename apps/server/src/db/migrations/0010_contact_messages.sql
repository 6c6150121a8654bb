-- Messages sent with the contact form: stored first (the sender sees success only then), then
-- mailed to support when mail is configured.
CREATE TABLE contact_messages (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  host text NOT NULL,
  language text NOT NULL,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  mailed_at timestamptz
);
