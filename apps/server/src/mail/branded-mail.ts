import { directionOf, inkOnWhite, isLanguage, textOn } from '@playshop/shared';
import type { PrintBrand } from '../branding/service';
import { escapeHtml } from '../http/html';
import type { MailMessage } from './mailer';

/** Playshop's own look (apps/web/src/theme/theme.ts, shade 6): the product's mail when no brand is set. */
const PLAYSHOP_PRIMARY = '#6741d9';
const LOGO_CID = 'logo@playshop';

export interface BrandedMailInput {
  to: string;
  subject: string;
  /** The mail's paragraphs, plain text; the link goes between the first and the rest. */
  paragraphs: readonly string[];
  link: { label: string; href: string };
  /** The organization's look; null keeps Playshop's. */
  brand: PrintBrand | null;
  /** The reader's language: the HTML's `lang` and `dir` (Arabic right to left). */
  language: string;
}

/**
 * A mail in the organization's look (issue 32): a band in its primary colour with its logo and name,
 * the text, and the link as a button in a shade of the brand that keeps 4.5:1 under white text. The
 * plain-text part says the same, for clients that show no HTML. The logo travels as an inline
 * attachment (cid:), since mail clients block images fetched from the web by default.
 */
export function brandedMail({
  to,
  subject,
  paragraphs,
  link,
  brand,
  language,
}: BrandedMailInput): MailMessage {
  const primary = brand?.primaryColor ?? PLAYSHOP_PRIMARY;
  const onPrimary = textOn(primary);
  const button = inkOnWhite(primary);
  const name = brand?.orgName ?? 'Playshop';
  const [first = '', ...rest] = paragraphs;
  const logo = brand?.logoPng
    ? `<img src="cid:${LOGO_CID}" alt="" height="40" style="height:40px;vertical-align:middle;margin-inline-end:12px">`
    : '';
  const para = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(language)}" dir="${isLanguage(language) ? directionOf(language) : 'ltr'}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f4f6;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td data-brand-band style="background:${primary};color:${onPrimary};padding:16px 24px;font-size:18px;font-weight:bold">${logo}${escapeHtml(name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${para(first)}
<p style="margin:0 0 16px"><a href="${escapeHtml(link.href)}" style="display:inline-block;background:${button};color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(link.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#495057;word-break:break-all">${escapeHtml(link.href)}</p>
${rest.map(para).join('\n')}
</td></tr></table></td></tr></table></body></html>`;
  const text = `${first}\n\n${link.href}\n\n${rest.join('\n\n')}\n`;
  return {
    to,
    subject,
    text,
    html,
    ...(brand?.logoPng
      ? {
          attachments: [
            {
              filename: 'logo.png',
              content: Buffer.from(brand.logoPng),
              contentType: 'image/png',
              cid: LOGO_CID,
            },
          ],
        }
      : {}),
  };
}
