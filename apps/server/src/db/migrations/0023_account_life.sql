-- An account's life: trial points once per identity, and what is kept how long after closing
-- (RETENTION in packages/contract; modules/account-life carries it out).

-- Trial points are granted once per identity. A keyed hash (HMAC-SHA256 with the server secret) of
-- each identity a sign-up came with (its normalised email, its Google subject, its WeChat openid
-- and unionid) is kept here with no link to the account, so it outlives the closing and the
-- deletion of the account's row; without the secret a hash names nobody. The primary key is what
-- keeps two racing sign-ups of one identity from both being granted.
CREATE TABLE trial_identities (
  identity_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- statement
-- A closed account's content (tasks, segments, uploads, stored files) is deleted 30 days after
-- its closing (users.deleted_at); this says it was done, so the daily job passes the account by.
ALTER TABLE users ADD COLUMN content_deleted_at timestamptz;
-- statement
CREATE INDEX users_closed ON users (deleted_at) WHERE deleted_at IS NOT NULL;
-- statement
-- the retention job deletes by user (and the deletion of a user row checks these references):
-- the existing indexes are partial (live tasks, spendable lots, open uploads) or missing
CREATE INDEX tasks_user ON tasks (user_id);
-- statement
CREATE INDEX media_uploads_user ON media_uploads (user_id);
-- statement
CREATE INDEX point_lots_user ON point_lots (user_id);
-- statement
CREATE INDEX point_holds_user ON point_holds (user_id);
-- statement
CREATE INDEX ledger_entries_actor ON ledger_entries (actor_id) WHERE actor_id IS NOT NULL;
-- statement
-- logs and payment notifications are deleted by age
CREATE INDEX contact_messages_created ON contact_messages (created_at);
-- statement
CREATE INDEX payment_events_received ON payment_events (received_at);
-- statement
CREATE INDEX retranslate_usage_day ON retranslate_usage (day);
-- statement
-- The ledger stays append-only (0004) with one narrow exception: retention expiry. Some years
-- after an account was closed, its orders and ledger entries go with its row (the terms' payment
-- records period). A DELETE of an entry passes only when both hold:
--   * the transaction named that very account in the setting ledger.expire_account (set_config
--     with is_local: it ends with the transaction); only the retention job sets it
--     (modules/billing/account-ledger.repository.ts), one account per transaction;
--   * that account is closed (users.deleted_at is set).
-- The period itself is the job's: it runs on a clock it is given, so a test can move it, and a
-- database check against now() would make that impossible. What the database guarantees is that
-- no entry of a live account, and no entry outside such a transaction, can be removed; UPDATE and
-- TRUNCATE stay refused for every row.
CREATE OR REPLACE FUNCTION ledger_entries_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('ledger.expire_account', true) = OLD.user_id::text THEN
    IF EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.user_id AND u.deleted_at IS NOT NULL) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END $$;
