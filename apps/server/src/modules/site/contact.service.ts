import type { ContactMessage, UiLanguage } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { hitRateLimit } from '../accounts/rate-limit.js';
import { insertContactMessage, markContactMailed } from './contact.repository.js';

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
  const id = await insertContactMessage(ctx.db, {
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    host: input.host,
    language: input.language,
    userId: input.userId,
  });
  void (async () => {
    try {
      await ctx.mailer.send({
        to: input.supportEmail,
        subject: `[contact #${id}] ${input.subject}`,
        text: `From: ${input.name} <${input.email}>\nHost: ${input.host}\nLanguage: ${input.language}\n\n${input.message}\n`,
      });
      await markContactMailed(ctx.db, id);
    } catch (err) {
      ctx.log.warn({ err, contactId: id }, 'the contact message is stored but could not be mailed');
    }
  })();
  return { id };
}
