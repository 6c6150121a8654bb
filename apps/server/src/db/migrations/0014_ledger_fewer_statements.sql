-- A hold and a capture are each one call of a SQL function, and what such a call costs on the
-- database is mostly the statements inside it: each one sets up an executor, and each row written
-- checks the table's CHECK constraints, which PostgreSQL reads back from their stored text on
-- every statement. So:
-- * the kinds of entry, the states of a hold and the sources of a lot are domains: a domain's
--   check is compiled once per connection and cached, where a column's CHECK (kind IN (...)) was
--   read back, list and all, for every row written;
-- * the functions run fewer statements: the hold reads the balance in the statement that locks the
--   account and writes off due lots in the same pass that takes from the lots (due lots come first
--   in expiry order); the settle locks the account by updating it; both answer with RETURN NEXT
--   rather than a query;
-- * which lots a hold drew from is kept on the hold itself (lot ids and amounts, in the order they
--   were taken: soonest-expiring first) instead of a row per lot in point_hold_lots, whose insert,
--   two foreign-key checks and the settle's join took about a tenth of a hold + capture. Only
--   points_hold writes them, from lot rows it has just locked, and lots are never deleted.
-- The rules are unchanged (0003): the account row is locked first, every change writes its ledger
-- entry with the balance in the same transaction, and no balance goes below zero.
CREATE DOMAIN ledger_kind AS text
  CHECK (VALUE IN ('credit', 'hold', 'capture', 'release', 'expiry', 'grant', 'adjustment', 'debit'));
-- statement
CREATE DOMAIN hold_status AS text CHECK (VALUE IN ('held', 'captured', 'released'));
-- statement
CREATE DOMAIN lot_source AS text CHECK (VALUE IN ('credit', 'grant'));
-- statement
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
-- statement
ALTER TABLE ledger_entries ALTER COLUMN kind TYPE ledger_kind;
-- statement
ALTER TABLE point_holds DROP CONSTRAINT point_holds_status_check;
-- statement
ALTER TABLE point_holds ALTER COLUMN status DROP DEFAULT;
-- statement
ALTER TABLE point_holds ALTER COLUMN status TYPE hold_status;
-- statement
ALTER TABLE point_holds ALTER COLUMN status SET DEFAULT 'held';
-- statement
ALTER TABLE point_lots DROP CONSTRAINT point_lots_source_check;
-- statement
ALTER TABLE point_lots ALTER COLUMN source TYPE lot_source;
-- statement
ALTER TABLE point_holds
  ADD COLUMN lot_ids bigint[] NOT NULL DEFAULT '{}',
  ADD COLUMN lot_amounts bigint[] NOT NULL DEFAULT '{}';
-- statement
UPDATE point_holds h SET lot_ids = x.ids, lot_amounts = x.amounts
  FROM (
    SELECT hl.hold_id,
           array_agg(hl.lot_id ORDER BY l.expires_at, l.id) AS ids,
           array_agg(hl.amount ORDER BY l.expires_at, l.id) AS amounts
      FROM point_hold_lots hl JOIN point_lots l ON l.id = hl.lot_id
     GROUP BY hl.hold_id
  ) x
 WHERE x.hold_id = h.id;
-- statement
DROP TABLE point_hold_lots;
-- statement
-- Writes a due lot off: its remaining points leave the balance, with an 'expiry' entry; answers
-- the balance after. The caller holds the account lock and the lot's row. (The one place this rule
-- is written: the scheduled expiry and a hold that meets a due lot both use it.)
CREATE FUNCTION points_write_off_lot(p_user integer, p_lot bigint, p_remaining bigint) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
BEGIN
  UPDATE point_lots SET remaining = 0 WHERE id = p_lot;
  UPDATE point_accounts a SET balance = a.balance - p_remaining, updated_at = now()
   WHERE a.user_id = p_user RETURNING a.balance INTO v_balance;
  INSERT INTO ledger_entries (user_id, kind, amount, balance_after, reference_type, reference_id)
  VALUES (p_user, 'expiry', -p_remaining, v_balance, 'lot', p_lot::text);
  RETURN v_balance;
END $$;
-- statement
-- Moves the user's due lots out of the balance; answers the points removed. The caller holds the
-- account lock.
CREATE OR REPLACE FUNCTION points_expire_due(p_user integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_total bigint := 0;
BEGIN
  FOR r IN
    SELECT l.id, l.remaining FROM point_lots l
     WHERE l.user_id = p_user AND l.spendable AND l.expires_at <= now()
     ORDER BY l.id FOR UPDATE
  LOOP
    PERFORM points_write_off_lot(p_user, r.id, r.remaining);
    v_total := v_total + r.remaining;
  END LOOP;
  RETURN v_total;
END $$;
-- statement
-- Holds p_amount for a task: 'held' (new hold), 'exists' (this task already holds), or
-- 'insufficient' (nothing written but the write-off of due lots); o_balance is the available
-- balance after.
CREATE OR REPLACE FUNCTION points_hold(p_user integer, p_task text, p_amount bigint, p_hours integer)
RETURNS TABLE (o_outcome text, o_balance bigint, o_hold_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_left bigint := p_amount;
  v_take bigint;
  v_ids bigint[] := '{}';
  v_amounts bigint[] := '{}';
  v_started boolean := false;
  r record;
BEGIN
  SELECT a.balance INTO v_balance FROM point_accounts a WHERE a.user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO point_accounts (user_id) VALUES (p_user) ON CONFLICT (user_id) DO NOTHING;
    SELECT a.balance INTO v_balance FROM point_accounts a WHERE a.user_id = p_user FOR UPDATE;
  END IF;
  -- the spendable lots, soonest-expiring first: due lots come first and leave the balance; from the
  -- first lot still valid on, the hold takes what it needs
  FOR r IN
    SELECT l.id, l.remaining, l.expires_at FROM point_lots l
     WHERE l.user_id = p_user AND l.spendable
     ORDER BY l.expires_at, l.id FOR UPDATE
  LOOP
    IF r.expires_at <= now() THEN
      v_balance := points_write_off_lot(p_user, r.id, r.remaining);
      CONTINUE;
    END IF;
    IF NOT v_started THEN
      -- nothing taken yet: too few points, or this task holds already
      EXIT WHEN v_balance < p_amount;
      PERFORM 1 FROM point_holds h WHERE h.task_ref = p_task;
      EXIT WHEN FOUND;
      v_started := true;
    END IF;
    v_take := LEAST(r.remaining, v_left);
    UPDATE point_lots SET remaining = remaining - v_take WHERE id = r.id;
    v_ids := v_ids || r.id;
    v_amounts := v_amounts || v_take;
    v_left := v_left - v_take;
    EXIT WHEN v_left = 0;
  END LOOP;
  o_balance := v_balance;
  IF NOT v_started THEN
    -- no hold made: this task already holds (whatever the balance now), or too few points
    SELECT h.id INTO o_hold_id FROM point_holds h WHERE h.task_ref = p_task;
    o_outcome := CASE WHEN FOUND THEN 'exists' ELSE 'insufficient' END;
    RETURN NEXT;
    RETURN;
  END IF;
  IF v_left > 0 THEN
    RAISE EXCEPTION 'the lots of user % do not cover the balance', p_user;
  END IF;
  INSERT INTO point_holds (user_id, task_ref, amount, expires_at, lot_ids, lot_amounts)
  VALUES (p_user, p_task, p_amount, now() + make_interval(hours => p_hours), v_ids, v_amounts)
  RETURNING id INTO o_hold_id;
  UPDATE point_accounts a SET balance = a.balance - p_amount, held = a.held + p_amount, updated_at = now()
   WHERE a.user_id = p_user RETURNING a.balance INTO o_balance;
  INSERT INTO ledger_entries (user_id, kind, amount, held_change, balance_after, reference_type, reference_id)
  VALUES (p_user, 'hold', -p_amount, p_amount, o_balance, 'task', p_task);
  o_outcome := 'held';
  RETURN NEXT;
END $$;
-- statement
-- Settles a task's hold. p_release = false: captures p_actual (<= the hold) and returns the rest;
-- p_release = true: returns everything. Outcomes: 'ok', 'missing', 'captured' (already captured:
-- o_captured is what was), 'released' (already released), 'too_much' (nothing written).
CREATE OR REPLACE FUNCTION points_settle(p_task text, p_actual bigint, p_release boolean)
RETURNS TABLE (o_outcome text, o_captured bigint)
LANGUAGE plpgsql AS $$
DECLARE
  h point_holds%ROWTYPE;
  v_back bigint;
  v_left bigint;
  v_give bigint;
  v_balance bigint;
  i integer;
BEGIN
  SELECT * INTO h FROM point_holds WHERE task_ref = p_task FOR UPDATE;
  IF NOT FOUND THEN
    o_outcome := 'missing';
  ELSIF h.status = 'captured' THEN
    o_outcome := 'captured';
    o_captured := h.captured;
  ELSIF h.status = 'released' THEN
    o_outcome := 'released';
  ELSIF NOT p_release AND (p_actual < 0 OR p_actual > h.amount) THEN
    o_outcome := 'too_much';
    o_captured := h.amount;
  END IF;
  IF o_outcome IS NOT NULL THEN
    RETURN NEXT;
    RETURN;
  END IF;
  v_back := CASE WHEN p_release THEN h.amount ELSE h.amount - p_actual END;
  -- the account first (every ledger change locks it first), then the lots
  UPDATE point_accounts a SET balance = a.balance + v_back, held = a.held - h.amount, updated_at = now()
   WHERE a.user_id = h.user_id RETURNING a.balance INTO v_balance;
  -- points go back to the lots they came from, the latest-expiring first (the last taken)
  v_left := v_back;
  i := cardinality(h.lot_ids);
  WHILE v_left > 0 AND i > 0 LOOP
    v_give := LEAST(h.lot_amounts[i], v_left);
    UPDATE point_lots SET remaining = remaining + v_give WHERE id = h.lot_ids[i];
    v_left := v_left - v_give;
    i := i - 1;
  END LOOP;
  UPDATE point_holds
     SET status = CASE WHEN p_release THEN 'released' ELSE 'captured' END,
         captured = CASE WHEN p_release THEN NULL ELSE p_actual END,
         settled_at = now()
   WHERE id = h.id;
  INSERT INTO ledger_entries (user_id, kind, amount, held_change, balance_after, reference_type, reference_id, note)
  VALUES (h.user_id, CASE WHEN p_release THEN 'release' ELSE 'capture' END, v_back, -h.amount, v_balance, 'task', p_task,
    CASE WHEN p_release THEN NULL ELSE 'captured ' || p_actual || ' of ' || h.amount END);
  o_outcome := 'ok';
  o_captured := CASE WHEN p_release THEN 0 ELSE p_actual END;
  RETURN NEXT;
END $$;
