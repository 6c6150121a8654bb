import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import type { AddressInfo } from 'node:net';

export interface SinkMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * A local SMTP server that accepts every message and keeps it, so tests read the mail the app
 * really sent over SMTP (the code in the verification mail, for example).
 */
export async function startSmtpSink(port = 0) {
  const mails: SinkMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((m) => {
            mails.push({
              to: (m.to ?? []).map((a) => a.address ?? '').filter(Boolean),
              subject: m.subject ?? '',
              text: m.text ?? '',
            });
            waiters.splice(0).forEach((w) => w());
            callback();
          })
          .catch((e: unknown) => callback(e as Error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.server.address() as AddressInfo).port;

  /** Waits for the newest mail to `to` that arrived after `since` mails had been seen. */
  async function waitForMail(to: string, timeoutMs = 5000): Promise<SinkMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...mails].reverse().find((m) => m.to.includes(to.toLowerCase()));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    waitForMail,
    /** the 6-digit code in the newest mail to `to` */
    async codeFor(to: string): Promise<string> {
      const mail = await waitForMail(to);
      const match = /\b(\d{6})\b/.exec(mail.text);
      if (!match?.[1]) throw new Error(`no code in mail to ${to}: ${mail.text}`);
      return match[1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
