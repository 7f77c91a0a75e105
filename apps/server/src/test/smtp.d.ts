export interface ReceivedMail {
    to: string[];
    subject: string;
    text: string;
}
/** A real SMTP server on loopback that keeps what it receives, for tests of mail flows. */
export declare function startSmtpServer(): Promise<{
    url: string;
    received: ReceivedMail[];
    /** The first mail to `to`, waiting for it up to `timeoutMs`. */
    waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
    close: () => Promise<void>;
}>;
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
/** The reset link inside a mail's text. */
export declare function extractResetLink(text: string): string;
