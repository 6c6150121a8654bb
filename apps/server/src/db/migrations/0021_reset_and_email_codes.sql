-- Mailed codes serve two more purposes (issue 23): 'reset' sets a new password for the account of
-- an address, 'email' adds an address to an account that has none (WeChat); its row's email holds
-- the address and the account (modules/accounts/email-change.service.ts), so one account's guesses
-- never touch another's code.
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
-- statement
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check
  CHECK (purpose IN ('register', 'reset', 'email'));
