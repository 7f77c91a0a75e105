import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Inline images (`cid`), e.g. an organization's logo in a branded mail. */
  attachments?: { filename: string; content: Buffer; contentType: string; cid: string }[];
}

export interface Mailer {
  /** Resolves once delivered; rejects when it never can be (after the retries, each logged). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** After a failed attempt: try again in 30 s, 2 min, 10 min and 30 min (about 42 minutes in all). */
const MAIL_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000];

interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where mail goes when no SMTP server is configured: one .eml file per message. */
  outboxDir: string;
  log: FastifyBaseLogger;
  /** Waits between SMTP attempts; tests shorten them. */
  retryDelaysMs?: readonly number[];
  /**
   * Log an outbox message's text (its reset link) too: handy in development, never in production,
   * where a reset link is a credential and the operator reads the .eml file instead.
   */
  logText?: boolean;
}

/** SMTP's 5xx replies are final (no such mailbox, relay refused): trying again changes nothing. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** SMTP when SMTP_URL is set; otherwise each message is written to the outbox folder and logged. */
export function createMailer({
  smtpUrl,
  from,
  outboxDir,
  log,
  retryDelaysMs = MAIL_RETRY_DELAYS_MS,
  logText = false,
}: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    const waiting = new Set<{ timer: NodeJS.Timeout; cancel: () => void }>();
    let closed = false;
    const pause = (ms: number) =>
      new Promise<void>((resolve, reject) => {
        const entry = {
          timer: setTimeout(() => {
            waiting.delete(entry);
            resolve();
          }, ms),
          cancel: () => reject(new Error('the server stopped before the next attempt')),
        };
        waiting.add(entry);
      });
    return {
      // A refused or failed delivery is tried again later (the caller does not wait for it): a
      // reset mail survives an SMTP server that is restarting or greylisting. Each failure is logged.
      async send(message) {
        const about = { to: message.to, subject: message.subject };
        for (let attempt = 1; ; attempt++) {
          try {
            await transport.sendMail({ from, ...message });
            log.info({ ...about, attempt }, 'mail sent');
            return;
          } catch (err) {
            const delay = retryDelaysMs[attempt - 1];
            if (isPermanent(err) || delay === undefined || closed) {
              log.error({ ...about, attempt, err }, 'mail not delivered: giving up');
              throw err;
            }
            log.warn({ ...about, attempt, retryInMs: delay, err }, 'mail not delivered: will try again');
            try {
              await pause(delay);
            } catch (stopped) {
              log.error({ ...about, attempt, err: stopped }, 'mail not delivered: giving up');
              throw stopped;
            }
          }
        }
      },
      close: () => {
        closed = true;
        for (const entry of waiting) {
          clearTimeout(entry.timer);
          entry.cancel();
        }
        waiting.clear();
        transport.close();
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // Outside production the text (with any link in it) is logged, the quickest way to read it.
      log.info(
        { to: message.to, subject: message.subject, file, ...(logText ? { text: message.text } : {}) },
        'mail written to outbox (SMTP_URL is not set)',
      );
    },
    close: () => transport.close(),
  };
}
