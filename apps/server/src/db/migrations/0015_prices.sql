-- Prices that cannot be dodged. A task says which rule set its price (the 10-point minimum, its
-- duration or its text); tasks priced before the rule existed keep NULL until they are started.
ALTER TABLE tasks ADD COLUMN cost_rule text CHECK (cost_rule IN ('minimum', 'duration', 'text'));
-- statement
-- Each user's re-translation allowance per UTC day: calls and characters of original text spent,
-- both checked and spent by one conditional statement (concurrent requests cannot pass the limits).
CREATE TABLE retranslate_usage (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  calls integer NOT NULL DEFAULT 0 CHECK (calls >= 0),
  chars integer NOT NULL DEFAULT 0 CHECK (chars >= 0),
  PRIMARY KEY (user_id, day)
);
