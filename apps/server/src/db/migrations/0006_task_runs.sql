-- A task's run: the ledger hold it charges, the queue job that runs it, and when it last moved.
ALTER TABLE tasks ADD COLUMN attempts integer NOT NULL DEFAULT 0;
-- statement
ALTER TABLE tasks ADD COLUMN hold_ref text;
-- statement
ALTER TABLE tasks ADD COLUMN job_id text;
-- statement
ALTER TABLE tasks ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- statement
CREATE INDEX tasks_running ON tasks (updated_at) WHERE status = 'translating';
-- statement
-- one WeChat identity (unionid) belongs to one live account
CREATE UNIQUE INDEX users_wechat_unionid_live ON users (wechat_unionid)
  WHERE deleted_at IS NULL AND wechat_unionid IS NOT NULL;
