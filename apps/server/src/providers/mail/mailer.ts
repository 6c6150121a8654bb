import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Sends through any SMTP server given as smtp://user:pass@host:port (smtps:// for TLS). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}

/** Without SMTP the mail is written to the server log, so the embedded setup still works. */
export function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    kind: 'log',
    send(message) {
      log.info({ mailTo: message.to, subject: message.subject }, `MAIL (no SMTP_URL set)\n${message.text}`);
      return Promise.resolve();
    },
    close() {},
  };
}
