import { tmpdir } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';
import { createMailer } from './mailer';

/** A logger that keeps each line as [level, message, details]. */
function recordingLog() {
  const lines: [string, string, Record<string, unknown>][] = [];
  const at = (level: string) => (details: Record<string, unknown>, message: string) =>
    void lines.push([level, message, details]);
  const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

/** A mailer to `smtpUrl` that logs into a recording log and waits `retryDelaysMs` between tries. */
function recordingMailer(smtpUrl: string, retryDelaysMs: number[]) {
  const { log, lines } = recordingLog();
  const mailer = createMailer({ smtpUrl, from: 'a@b.c', outboxDir: tmpdir(), log, retryDelaysMs });
  return { mailer, lines };
}

const message = { to: 'someone@example.com', subject: 'Reset your Playshop password', text: 'link' };
let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

describe('SMTP mailer', () => {
  it('tries a refused mail again until the server takes it, logging each failure', async () => {
    smtp = await startSmtpServer({ refusals: [421, 451] });
    const { mailer, lines } = recordingMailer(smtp.url, [20, 20, 20]);
    await mailer.send(message);
    mailer.close();
    expect((await smtp.waitFor('someone@example.com')).subject).toBe(message.subject);
    expect(lines.map(([level, text, d]) => [level, text, d.attempt])).toEqual([
      ['warn', 'mail not delivered: will try again', 1],
      ['warn', 'mail not delivered: will try again', 2],
      ['info', 'mail sent', 3],
    ]);
    expect(lines[0]![2]).toMatchObject({ to: message.to, retryInMs: 20 });
  });

  it('gives up at once on a permanent refusal (5xx), and after the last retry otherwise', async () => {
    smtp = await startSmtpServer({ refusals: [550, 421, 421, 421] });
    const { mailer, lines } = recordingMailer(smtp.url, [10, 10]);
    await expect(mailer.send(message)).rejects.toMatchObject({ responseCode: 550 });
    await expect(mailer.send(message)).rejects.toMatchObject({ responseCode: 421 });
    mailer.close();
    expect(lines.map(([level, text, d]) => [level, text, d.attempt])).toEqual([
      ['error', 'mail not delivered: giving up', 1],
      ['warn', 'mail not delivered: will try again', 1],
      ['warn', 'mail not delivered: will try again', 2],
      ['error', 'mail not delivered: giving up', 3],
    ]);
    expect(smtp.received).toEqual([]);
  });

  it('tries again when the server was not there at first', async () => {
    smtp = await startSmtpServer();
    const url = smtp.url;
    await smtp.close();
    smtp = undefined;
    const { mailer, lines } = recordingMailer(url, [60_000]);
    const sending = mailer.send(message);
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]![1]).toBe('mail not delivered: will try again');
    // Stopping the server drops the wait, and says so.
    mailer.close();
    await expect(sending).rejects.toThrow('the server stopped before the next attempt');
    expect(lines[1]![1]).toBe('mail not delivered: giving up');
  });
});
