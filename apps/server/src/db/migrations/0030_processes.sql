-- Each running server and worker records what every process on this database must agree on
-- (storage, a fingerprint of the secret, its role), so a process that starts can compare itself
-- with the live ones (processes/siblings.ts). seen_at is a heartbeat: a record it has not renewed
-- for a short while belongs to a process that is gone. The database's clock is the only clock.
CREATE TABLE processes (
  id uuid PRIMARY KEY,
  role text NOT NULL CHECK (role IN ('server', 'worker')),
  -- a server with WORKERS=inline runs jobs too; a worker always does
  runs_jobs boolean NOT NULL,
  host text NOT NULL,
  pid integer NOT NULL,
  storage_kind text NOT NULL CHECK (storage_kind IN ('local', 's3')),
  -- local: the absolute folder; s3: the endpoint (without credentials)
  storage_location text NOT NULL,
  storage_bucket text,
  -- a prefix of an HMAC of a constant keyed with the secret: equal secrets, equal fingerprints
  secret_fingerprint text NOT NULL,
  secret_source text NOT NULL CHECK (secret_source IN ('env', 'generated')),
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now()
);
-- statement
CREATE INDEX processes_seen_at ON processes (seen_at);
