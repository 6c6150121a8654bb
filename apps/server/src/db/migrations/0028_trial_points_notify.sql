-- The profile answers an account's trial points left (a query of point_lots). On PGlite, where a
-- notification reaches the server before the statement that sent it returns, the server keeps
-- that figure beside the user's sessions (session-cache.ts): a change to a trial lot (granted,
-- spent, given back, expired, deleted) now tells it on auth_change, as a change to the user does.
-- Credit lots, the ones the ledger's hot path spends, notify nothing.
CREATE OR REPLACE FUNCTION notify_auth_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('auth_change', TG_TABLE_SCHEMA || ':*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_change', TG_TABLE_SCHEMA || ':' || OLD.id);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('auth_change', TG_TABLE_SCHEMA || ':' || NEW.user_id);
  ELSE
    PERFORM pg_notify('auth_change', TG_TABLE_SCHEMA || ':' || OLD.user_id);
    IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
      PERFORM pg_notify('auth_change', TG_TABLE_SCHEMA || ':' || NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
-- statement
CREATE TRIGGER point_lots_trial_insert AFTER INSERT ON point_lots
  FOR EACH ROW WHEN (NEW.source = 'grant' AND NEW.reference = 'trial')
  EXECUTE FUNCTION notify_auth_change();
-- statement
CREATE TRIGGER point_lots_trial_update AFTER UPDATE ON point_lots
  FOR EACH ROW WHEN ((OLD.source = 'grant' AND OLD.reference = 'trial')
    OR (NEW.source = 'grant' AND NEW.reference = 'trial'))
  EXECUTE FUNCTION notify_auth_change();
-- statement
CREATE TRIGGER point_lots_trial_delete AFTER DELETE ON point_lots
  FOR EACH ROW WHEN (OLD.source = 'grant' AND OLD.reference = 'trial')
  EXECUTE FUNCTION notify_auth_change();
-- statement
CREATE TRIGGER point_lots_truncate AFTER TRUNCATE ON point_lots
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
