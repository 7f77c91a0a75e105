import { createHash } from 'node:crypto';
import { escapeHtml } from '../http/html';

/** The small server-rendered pages of a launch (the platform posts to the browser: no JSON there). */

const SUBMIT_SCRIPT = "document.getElementById('f').submit()";
const SUBMIT_HASH = `'sha256-${createHash('sha256').update(SUBMIT_SCRIPT).digest('base64')}'`;

/**
 * The auto-posted page's own content security policy: the app's (helmet) allows no inline script and
 * forms only to itself; this page runs its one script (by hash) and posts only to the platform.
 */
export const autoPostPolicy = (action: string) =>
  `default-src 'none'; script-src ${SUBMIT_HASH}; style-src 'unsafe-inline'; form-action ${new URL(action).origin}; frame-ancestors 'none'; base-uri 'none'`;

const page = (title: string, body: string, script = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – Playshop</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}` +
  `fieldset{margin:1rem 0}label{display:block;margin:.25rem 0}button{font-size:1rem;padding:.5rem 1rem}</style>` +
  `</head><body><main>${body}</main>${script}</body></html>`;

/** A refusal: its title and text, for the person in front of the browser. */
export const refusalPage = (text: string) =>
  page('LTI launch', `<h1>Launch from your course</h1><p role="alert">${escapeHtml(text)}</p>`);

/** A form posted at once to `action` (the deep linking response to the platform). */
export const autoPostPage = (action: string, fields: Record<string, string>) =>
  page(
    'Back to the course',
    `<h1>Back to the course</h1><form id="f" method="post" action="${escapeHtml(action)}">` +
      Object.entries(fields)
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('') +
      `<p>If nothing happens, <button type="submit">continue to the course</button>.</p></form>`,
    `<script>${SUBMIT_SCRIPT}</script>`,
  );

interface Choice {
  id: number;
  name: string;
}

/** The course author's choice: a room, or a workshop to make a room of, and what the gradebook gets. */
export function pickerPage(
  action: string,
  context: string,
  { rooms, workshops, courseTitle }: { rooms: Choice[]; workshops: Choice[]; courseTitle: string },
) {
  const option = (kind: string, c: Choice) =>
    `<label><input type="radio" name="choice" value="${kind}:${c.id}" required> ${escapeHtml(c.name)}</label>`;
  return page(
    'Place a Playshop room',
    `<h1>Place a Playshop room in ${escapeHtml(courseTitle || 'the course')}</h1>` +
      `<form method="post" action="${escapeHtml(action)}">` +
      `<input type="hidden" name="context" value="${escapeHtml(context)}">` +
      `<fieldset><legend>A room</legend>${rooms.map((r) => option('room', r)).join('') || '<p>No rooms yet.</p>'}</fieldset>` +
      `<fieldset><legend>Or a new room for a workshop</legend>${workshops.map((w) => option('workshop', w)).join('') || '<p>No workshops.</p>'}</fieldset>` +
      `<fieldset><legend>Gradebook</legend>` +
      `<label><input type="radio" name="score" value="points" checked> Points (1 per right answer, 5 per bingo)</label>` +
      `<label><input type="radio" name="score" value="attendance"> Attendance (full marks for taking part)</label>` +
      `<label>Maximum points <input type="number" name="scoreMaximum" value="10" min="1" max="1000" required></label>` +
      `</fieldset><button type="submit">Place in the course</button></form>`,
  );
}
