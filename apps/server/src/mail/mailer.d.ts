import type { FastifyBaseLogger } from 'fastify';
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
}
/** SMTP when SMTP_URL is set; otherwise each message is written to the outbox folder and logged. */
export declare function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer;
