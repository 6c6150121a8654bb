import type { TestApp } from '../harness.js';
import type { SinkMail } from './smtp-sink.js';
import { until } from './until.js';

/** The mails to `to` received so far, oldest first. */
export function mailsTo(t: TestApp, to: string): SinkMail[] {
  return t.smtp.mails.filter((m) => m.to.includes(to.toLowerCase()));
}

/**
 * Runs `send`, then waits for a mail to `to` newer than those before it (a mail sent after the
 * answer, or an address that got mail before) and answers it.
 */
export async function mailAfter(
  t: TestApp,
  to: string,
  send: () => Promise<unknown>,
  timeoutMs = 5000,
): Promise<SinkMail> {
  const before = mailsTo(t, to).length;
  await send();
  return until(() => mailsTo(t, to)[before], timeoutMs);
}

/** The 6-digit code in a mail. */
export function codeIn(mail: SinkMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail: ${mail.text}`);
  return code;
}

/** A 6-digit code that is not `code`. */
export const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * Moves the codes of an address back (also those of an address being added to an account, keyed
 * `address#user-id`), as if the 60 s resend interval had passed.
 */
export function ageCodes(t: TestApp, email: string) {
  return t.ctx.db.query(
    `UPDATE verification_codes SET created_at = now() - interval '61 seconds'
      WHERE email = $1 OR starts_with(email, $1 || '#')`,
    [email.toLowerCase()],
  );
}
