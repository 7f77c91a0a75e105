import { createHash } from 'node:crypto';
import type { MessageKey } from '@playshop/messages';
import { directionOf, type Message, type StaffLanguage } from '@playshop/shared';
import { escapeHtml } from '../http/html';
import type { Texts } from '../i18n/catalogue';

/** The small server-rendered pages of a launch (the platform posts to the browser: no JSON there). */

const SUBMIT_SCRIPT = "document.getElementById('f').submit()";
const SUBMIT_HASH = `'sha256-${createHash('sha256').update(SUBMIT_SCRIPT).digest('base64')}'`;

/**
 * The auto-posted page's own content security policy: the app's (helmet) allows no inline script and
 * forms only to itself; this page runs its one script (by hash) and posts only to the platform.
 */
export const autoPostPolicy = (action: string) =>
  `default-src 'none'; script-src ${SUBMIT_HASH}; style-src 'unsafe-inline'; form-action ${new URL(action).origin}; frame-ancestors 'none'; base-uri 'none'`;

/** Who reads the page: their language (`lang`, `dir`) and its texts (i18n/catalogue.ts, messageTexts). */
export interface PageReader {
  language: StaffLanguage;
  say: Texts<MessageKey>;
}

const page = ({ language }: PageReader, title: string, body: string, script = '') =>
  `<!doctype html><html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – Playshop</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}` +
  `fieldset{margin:1rem 0}label{display:block;margin:.25rem 0}button{font-size:1rem;padding:.5rem 1rem}</style>` +
  `</head><body><main>${body}</main>${script}</body></html>`;

/** A refusal: its text (a key of the messages, said in the reader's language), for the person in front of the browser. */
export function refusalPage(reader: PageReader, text: Message) {
  const title = reader.say('lti.page.launchTitle');
  return page(
    reader,
    title,
    `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(reader.say(text.key, text.params))}</p>`,
  );
}

/** A form posted at once to `action` (the deep linking response to the platform). */
export function autoPostPage(reader: PageReader, action: string, fields: Record<string, string>) {
  const title = reader.say('lti.page.backTitle');
  return page(
    reader,
    title,
    `<h1>${escapeHtml(title)}</h1><form id="f" method="post" action="${escapeHtml(action)}">` +
      Object.entries(fields)
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('') +
      `<p>${escapeHtml(reader.say('lti.page.noScript'))} <button type="submit">${escapeHtml(reader.say('lti.page.continue'))}</button></p></form>`,
    `<script>${SUBMIT_SCRIPT}</script>`,
  );
}

interface Choice {
  id: number;
  name: string;
}

/** The course author's choice: a room, or a workshop to make a room of, and what the gradebook gets. */
export function pickerPage(
  reader: PageReader,
  action: string,
  context: string,
  { rooms, workshops, courseTitle }: { rooms: Choice[]; workshops: Choice[]; courseTitle: string },
) {
  const { say } = reader;
  const text = (id: MessageKey) => escapeHtml(say(id));
  const option = (kind: string, c: Choice) =>
    `<label><input type="radio" name="choice" value="${kind}:${c.id}" required> ${escapeHtml(c.name)}</label>`;
  const heading = courseTitle ? say('lti.page.placeIn', { course: courseTitle }) : say('lti.page.placeTitle');
  return page(
    reader,
    say('lti.page.placeTitle'),
    `<h1>${escapeHtml(heading)}</h1>` +
      `<form method="post" action="${escapeHtml(action)}">` +
      `<input type="hidden" name="context" value="${escapeHtml(context)}">` +
      `<fieldset><legend>${text('lti.page.aRoom')}</legend>${rooms.map((r) => option('room', r)).join('') || `<p>${text('lti.page.noRooms')}</p>`}</fieldset>` +
      `<fieldset><legend>${text('lti.page.newRoom')}</legend>${workshops.map((w) => option('workshop', w)).join('') || `<p>${text('lti.page.noWorkshops')}</p>`}</fieldset>` +
      `<fieldset><legend>${text('lti.page.gradebook')}</legend>` +
      `<label><input type="radio" name="score" value="points" checked> ${text('lti.page.points')}</label>` +
      `<label><input type="radio" name="score" value="attendance"> ${text('lti.page.attendance')}</label>` +
      `<label>${text('lti.page.maximum')} <input type="number" name="scoreMaximum" value="10" min="1" max="1000" required></label>` +
      `</fieldset><button type="submit">${text('lti.page.place')}</button></form>`,
  );
}
