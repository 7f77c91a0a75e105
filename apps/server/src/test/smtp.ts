import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Inline and attached files: their content id (without <>) and type. */
  attachments: { cid: string | undefined; contentType: string; size: number }[];
}

/**
 * A real SMTP server on loopback that keeps what it receives, for tests of mail flows. `refusals`
 * are the reply codes given to the first recipients, one each (421: try later, 550: never).
 */
export async function startSmtpServer(options: { refusals?: number[] } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: { to: string; resolve: (m: ReceivedMail) => void }[] = [];
  const refusals = [...(options.refusals ?? [])];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      const code = refusals.shift();
      if (code === undefined) return callback();
      callback(Object.assign(new Error(`Refused by the test server (${code})`), { responseCode: code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const message: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            attachments: mail.attachments.map((a) => ({
              cid: a.cid?.replace(/^<|>$/g, ''),
              contentType: a.contentType,
              size: a.size,
            })),
          };
          received.push(message);
          for (const w of waiters.splice(0)) {
            if (message.to.includes(w.to)) w.resolve(message);
            else waiters.push(w);
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first mail to `to`, waiting for it up to `timeoutMs`. */
    waitFor(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const found = received.find((m) => m.to.includes(to.toLowerCase()));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to: to.toLowerCase(),
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The reset link inside a mail's text. */
export function extractResetLink(text: string): string {
  const match = text.match(/https?:\/\/\S+\/reset-password\?token=\S+/);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[0];
}
