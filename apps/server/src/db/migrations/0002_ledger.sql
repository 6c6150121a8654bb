-- Points: an append-only ledger written in the same transaction as the cached balance.
-- balance = available points (what can be spent); held = points reserved by running tasks.
-- Invariants: balance = SUM(ledger_entries.amount), held = SUM(ledger_entries.held_change),
-- balance = SUM(point_lots.remaining) for the user.
CREATE TABLE point_accounts (
  user_id integer PRIMARY KEY REFERENCES users (id),
  balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  held bigint NOT NULL DEFAULT 0 CHECK (held >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- statement
-- credits and grants are lots that expire; spending takes the soonest-expiring lots first
CREATE TABLE point_lots (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  amount bigint NOT NULL CHECK (amount > 0),
  remaining bigint NOT NULL CHECK (remaining >= 0 AND remaining <= amount),
  expires_at timestamptz NOT NULL,
  source text NOT NULL CHECK (source IN ('credit', 'grant')),
  reference text,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- statement
CREATE INDEX point_lots_spendable ON point_lots (user_id, expires_at, id) WHERE remaining > 0;
-- statement
CREATE TABLE point_holds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  task_ref text NOT NULL UNIQUE,
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'captured', 'released')),
  captured bigint CHECK (captured IS NULL OR (captured >= 0 AND captured <= amount)),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  settled_at timestamptz
);
-- statement
CREATE INDEX point_holds_open ON point_holds (expires_at) WHERE status = 'held';
-- statement
-- which lots a hold drew from, so a release returns points to the same lots
CREATE TABLE point_hold_lots (
  hold_id bigint NOT NULL REFERENCES point_holds (id),
  lot_id bigint NOT NULL REFERENCES point_lots (id),
  amount bigint NOT NULL CHECK (amount > 0),
  PRIMARY KEY (hold_id, lot_id)
);
-- statement
CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('credit', 'hold', 'capture', 'release', 'expiry', 'grant', 'adjustment', 'debit')),
  -- change of the available balance, and of the held points
  amount bigint NOT NULL,
  held_change bigint NOT NULL DEFAULT 0,
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  reference_type text,
  reference_id text,
  actor_id integer REFERENCES users (id),
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- statement
-- one order credits once; one task is captured once
CREATE UNIQUE INDEX ledger_credit_once ON ledger_entries (reference_id) WHERE kind = 'credit' AND reference_type = 'order';
-- statement
CREATE UNIQUE INDEX ledger_capture_once ON ledger_entries (reference_id) WHERE kind = 'capture' AND reference_type = 'task';
-- statement
CREATE INDEX ledger_entries_user ON ledger_entries (user_id, id DESC);
