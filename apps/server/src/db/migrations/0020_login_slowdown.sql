-- Password sign-in is slowed per account instead of locked (accounts/login-slowdown.ts): after a
-- few failures, an attempt from a browser that never signed in to the account must wait until
-- next_attempt_at; a successful sign-in removes the row, and so does the accounts cleanup.
CREATE TABLE login_slowdown (
  email text PRIMARY KEY,
  failures integer NOT NULL,
  next_attempt_at timestamptz NOT NULL,
  last_failure_at timestamptz NOT NULL
);
