-- The ledger's hot paths as functions: a hold, a capture and a release are each one round trip
-- (one statement) instead of a dozen. The rules are those of modules/billing/ledger.service.ts:
-- every change locks the user's account row first, writes its ledger entry with the balance in the
-- same transaction, and never lets a balance go below zero.

-- Moves the user's due lots out of the balance (one 'expiry' entry per lot); answers the points
-- removed. The caller holds the account lock.
CREATE OR REPLACE FUNCTION points_expire_due(p_user integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_total bigint := 0;
  v_balance bigint;
BEGIN
  FOR r IN
    SELECT l.id, l.remaining FROM point_lots l
     WHERE l.user_id = p_user AND l.remaining > 0 AND l.expires_at <= now()
     ORDER BY l.id FOR UPDATE
  LOOP
    UPDATE point_lots SET remaining = 0 WHERE id = r.id;
    UPDATE point_accounts a SET balance = a.balance - r.remaining, updated_at = now()
     WHERE a.user_id = p_user RETURNING a.balance INTO v_balance;
    INSERT INTO ledger_entries (user_id, kind, amount, balance_after, reference_type, reference_id)
    VALUES (p_user, 'expiry', -r.remaining, v_balance, 'lot', r.id::text);
    v_total := v_total + r.remaining;
  END LOOP;
  RETURN v_total;
END $$;
-- statement
-- Holds p_amount for a task: 'held' (new hold), 'exists' (this task already holds), or
-- 'insufficient' (nothing written); o_balance is the available balance after.
CREATE OR REPLACE FUNCTION points_hold(p_user integer, p_task text, p_amount bigint, p_hours integer)
RETURNS TABLE (o_outcome text, o_balance bigint, o_hold_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
  v_hold bigint;
  v_left bigint := p_amount;
  v_take bigint;
  r record;
BEGIN
  PERFORM 1 FROM point_accounts a WHERE a.user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO point_accounts (user_id) VALUES (p_user) ON CONFLICT (user_id) DO NOTHING;
    PERFORM 1 FROM point_accounts a WHERE a.user_id = p_user FOR UPDATE;
  END IF;
  PERFORM points_expire_due(p_user);
  SELECT a.balance INTO v_balance FROM point_accounts a WHERE a.user_id = p_user;
  SELECT h.id INTO v_hold FROM point_holds h WHERE h.task_ref = p_task;
  IF FOUND THEN
    RETURN QUERY SELECT 'exists'::text, v_balance, v_hold;
    RETURN;
  END IF;
  IF v_balance < p_amount THEN
    RETURN QUERY SELECT 'insufficient'::text, v_balance, NULL::bigint;
    RETURN;
  END IF;
  INSERT INTO point_holds (user_id, task_ref, amount, expires_at)
  VALUES (p_user, p_task, p_amount, now() + make_interval(hours => p_hours))
  RETURNING id INTO v_hold;
  FOR r IN
    SELECT l.id, l.remaining FROM point_lots l
     WHERE l.user_id = p_user AND l.remaining > 0 AND l.expires_at > now()
     ORDER BY l.expires_at, l.id FOR UPDATE
  LOOP
    EXIT WHEN v_left = 0;
    v_take := LEAST(r.remaining, v_left);
    UPDATE point_lots SET remaining = remaining - v_take WHERE id = r.id;
    INSERT INTO point_hold_lots (hold_id, lot_id, amount) VALUES (v_hold, r.id, v_take);
    v_left := v_left - v_take;
  END LOOP;
  IF v_left > 0 THEN
    RAISE EXCEPTION 'the lots of user % do not cover the balance', p_user;
  END IF;
  UPDATE point_accounts a SET balance = a.balance - p_amount, held = a.held + p_amount, updated_at = now()
   WHERE a.user_id = p_user RETURNING a.balance INTO v_balance;
  INSERT INTO ledger_entries (user_id, kind, amount, held_change, balance_after, reference_type, reference_id)
  VALUES (p_user, 'hold', -p_amount, p_amount, v_balance, 'task', p_task);
  RETURN QUERY SELECT 'held'::text, v_balance, v_hold;
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
  r record;
BEGIN
  SELECT * INTO h FROM point_holds WHERE task_ref = p_task FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'missing'::text, NULL::bigint;
    RETURN;
  END IF;
  IF h.status = 'captured' THEN
    RETURN QUERY SELECT 'captured'::text, h.captured;
    RETURN;
  END IF;
  IF h.status = 'released' THEN
    RETURN QUERY SELECT 'released'::text, NULL::bigint;
    RETURN;
  END IF;
  IF NOT p_release AND (p_actual < 0 OR p_actual > h.amount) THEN
    RETURN QUERY SELECT 'too_much'::text, h.amount;
    RETURN;
  END IF;
  PERFORM 1 FROM point_accounts a WHERE a.user_id = h.user_id FOR UPDATE;
  v_back := CASE WHEN p_release THEN h.amount ELSE h.amount - p_actual END;
  v_left := v_back;
  -- points go back to the lots they came from, the latest-expiring first
  FOR r IN
    SELECT hl.lot_id, hl.amount FROM point_hold_lots hl JOIN point_lots l ON l.id = hl.lot_id
     WHERE hl.hold_id = h.id ORDER BY l.expires_at DESC, l.id DESC
  LOOP
    EXIT WHEN v_left = 0;
    v_give := LEAST(r.amount, v_left);
    UPDATE point_lots SET remaining = remaining + v_give WHERE id = r.lot_id;
    v_left := v_left - v_give;
  END LOOP;
  UPDATE point_holds
     SET status = CASE WHEN p_release THEN 'released' ELSE 'captured' END,
         captured = CASE WHEN p_release THEN NULL ELSE p_actual END,
         settled_at = now()
   WHERE id = h.id;
  UPDATE point_accounts a SET balance = a.balance + v_back, held = a.held - h.amount, updated_at = now()
   WHERE a.user_id = h.user_id RETURNING a.balance INTO v_balance;
  INSERT INTO ledger_entries (user_id, kind, amount, held_change, balance_after, reference_type, reference_id, note)
  VALUES (
    h.user_id,
    CASE WHEN p_release THEN 'release' ELSE 'capture' END,
    v_back,
    -h.amount,
    v_balance,
    'task',
    p_task,
    CASE WHEN p_release THEN NULL ELSE 'captured ' || p_actual || ' of ' || h.amount END
  );
  RETURN QUERY SELECT 'ok'::text, CASE WHEN p_release THEN 0::bigint ELSE p_actual END;
END $$;
