-- Servers keep recently resolved sessions in memory (modules/accounts/session-cache.ts). Every
-- change to a user or a session, whoever makes it (any server, a worker, a manager in psql), tells
-- them at commit on the channel auth_change: the payload is "schema:user id", or "schema:*" for
-- everyone (the channel is the database's, and one database may hold several schemas of the app).
CREATE OR REPLACE FUNCTION notify_auth_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('auth_change', TG_TABLE_SCHEMA || ':*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_change', TG_TABLE_SCHEMA || ':' || OLD.id);
  ELSE
    PERFORM pg_notify('auth_change', TG_TABLE_SCHEMA || ':' || OLD.user_id);
    IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
      PERFORM pg_notify('auth_change', TG_TABLE_SCHEMA || ':' || NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
-- statement
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
-- statement
CREATE TRIGGER sessions_auth_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
-- statement
CREATE TRIGGER users_auth_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
-- statement
CREATE TRIGGER sessions_auth_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
