-- Webhook deliveries already handled (a provider retries and replays them; each is acted on once).
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  name text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
-- statement
-- Card payments are looked up by the provider's payment id (the intent) as well as our order number.
CREATE INDEX orders_provider_ref ON orders (provider_ref) WHERE provider_ref IS NOT NULL;
