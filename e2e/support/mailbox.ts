import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_DIR } from './paths.js';

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** The mails the app sent to `to` through SMTP, oldest first. */
export function mailsTo(to: string): Mail[] {
  return readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(MAIL_DIR, f), 'utf8')) as Mail)
    .filter((mail) => mail.to.includes(to.toLowerCase()));
}

/**
 * Reads the 6-digit code from the newest mail the app sent to `to` through SMTP; with `after`,
 * waits for a mail beyond the first `after` (a second code to an address that had one).
 */
export async function codeFromMail(to: string, timeoutMs = 10_000, after = 0): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = mailsTo(to).slice(after).reverse();
    for (const mail of mails) {
      const m = /\b(\d{6})\b/.exec(mail.text);
      if (m?.[1]) return m[1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${to}`);
}

let n = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  n += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${n}@example.com`;
}
