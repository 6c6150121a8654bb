import type { ContactMessage, UiLanguage } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { hitRateLimit } from '../accounts/rate-limit.js';

/** at most this many messages per hour from one address, and per sender email */
const PER_IP = { limit: 10, windowSeconds: 3600 };
const PER_EMAIL = { limit: 5, windowSeconds: 3600 };

/**
 * The contact form: stored first (the sender is told it arrived only once it is stored), then
 * mailed to the host's support address; a mail that fails is logged and the message stays stored.
 */
export async function submitContact(
  ctx: AppContext,
  input: ContactMessage & {
    host: string;
    language: UiLanguage;
    ip: string;
    userId: number | null;
    supportEmail: string;
  },
): Promise<{ id: number }> {
  await hitRateLimit(ctx.db, `contact:ip:${input.ip}`, PER_IP);
  await hitRateLimit(ctx.db, `contact:email:${input.email}`, PER_EMAIL);
  const [row] = await ctx.db.query<{ id: number }>(
    `INSERT INTO contact_messages (name, email, subject, message, host, language, user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::int AS id`,
    [input.name, input.email, input.subject, input.message, input.host, input.language, input.userId],
  );
  const id = row!.id;
  void (async () => {
    try {
      await ctx.mailer.send({
        to: input.supportEmail,
        subject: `[contact #${id}] ${input.subject}`,
        text: `From: ${input.name} <${input.email}>\nHost: ${input.host}\nLanguage: ${input.language}\n\n${input.message}\n`,
      });
      await ctx.db.query(`UPDATE contact_messages SET mailed_at = now() WHERE id = $1`, [id]);
    } catch (err) {
      ctx.log.warn({ err, contactId: id }, 'the contact message is stored but could not be mailed');
    }
  })();
  return { id };
}
