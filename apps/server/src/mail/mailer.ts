import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where mail goes when no SMTP server is configured: one .eml file per message. */
  outboxDir: string;
  log: FastifyBaseLogger;
  /**
   * Log an outbox message's text (its reset link) too: handy in development, never in production,
   * where a reset link is a credential and the operator reads the .eml file instead.
   */
  logText?: boolean;
}

/** SMTP when SMTP_URL is set; otherwise each message is written to the outbox folder and logged. */
export function createMailer({ smtpUrl, from, outboxDir, log, logText = false }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
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
