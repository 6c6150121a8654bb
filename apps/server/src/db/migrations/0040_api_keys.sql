-- Issue 39: API keys. A script signs in with `Authorization: Bearer stk_…`; only the key's SHA-256
-- is stored (a database leak hands out no live key), with a visible prefix to tell keys apart.
-- Revoking deletes the row. Servers cache resolved keys beside sessions (session-cache.ts): a
-- deletion notifies them on auth_change; last_used_at, written at most once a minute, does not.
CREATE TABLE api_keys (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  prefix text NOT NULL,
  secret_hash text NOT NULL UNIQUE,
  scope text NOT NULL CHECK (scope IN ('read', 'translate')),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
-- statement
CREATE INDEX api_keys_user ON api_keys (user_id);
-- statement
CREATE TRIGGER api_keys_auth_change AFTER DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
-- statement
CREATE TRIGGER api_keys_auth_truncate AFTER TRUNCATE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
