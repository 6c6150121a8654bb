-- Points for sale (seeded from configuration at start) and the orders that buy them.
CREATE TABLE products (
  id integer PRIMARY KEY,
  points integer NOT NULL CHECK (points > 0),
  price_cny numeric(12, 2) NOT NULL CHECK (price_cny > 0),
  price_usd numeric(12, 2) NOT NULL CHECK (price_usd > 0),
  active boolean NOT NULL DEFAULT true
);
-- statement
CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_no text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id),
  product_id integer NOT NULL REFERENCES products (id),
  points integer NOT NULL CHECK (points > 0),
  amount numeric(12, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('CNY', 'USD')),
  channel smallint NOT NULL CHECK (channel IN (1, 2)),
  provider text NOT NULL,
  provider_ref text,
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);
-- statement
CREATE INDEX orders_user_created ON orders (user_id, created_at DESC);
-- statement
CREATE INDEX orders_unpaid ON orders (created_at) WHERE status = 1;
-- statement
-- The sandbox provider's own books: what a real provider keeps on its side.
CREATE TABLE sandbox_payments (
  order_no text PRIMARY KEY,
  amount numeric(12, 2) NOT NULL,
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'declined')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
