-- Accounts: users, sessions, verification codes, OAuth states, rate limits, app settings.
CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
-- statement
CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  pic text NOT NULL DEFAULT '',
  password_hash text,
  is_manager boolean NOT NULL DEFAULT false,
  language text CHECK (language IN ('zh', 'en', 'ja')),
  google_sub text,
  wechat_unionid text,
  wechat_openid text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  anonymised_at timestamptz
);
-- statement
-- a deleted (anonymised) account frees its email for a new registration
CREATE UNIQUE INDEX users_email_live ON users (lower(email)) WHERE deleted_at IS NULL;
-- statement
CREATE UNIQUE INDEX users_google_sub_live ON users (google_sub) WHERE deleted_at IS NULL AND google_sub IS NOT NULL;
-- statement
CREATE UNIQUE INDEX users_wechat_live ON users (wechat_openid) WHERE deleted_at IS NULL AND wechat_openid IS NOT NULL;
-- statement
CREATE INDEX users_created ON users (created_at, id) WHERE deleted_at IS NULL;
-- statement
CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  touched_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  user_agent text,
  ip text
);
-- statement
CREATE INDEX sessions_user ON sessions (user_id);
-- statement
CREATE INDEX sessions_expiry ON sessions (expires_at);
-- statement
CREATE TABLE verification_codes (
  email text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('register')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  PRIMARY KEY (email, purpose)
);
-- statement
CREATE TABLE oauth_states (
  state text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('google', 'wechat')),
  code_verifier text,
  nonce text,
  return_to text,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- statement
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);
