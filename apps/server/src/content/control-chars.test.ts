/**
 * Control characters in content (issue 43): the description and the script are multi-line by design
 * (textareas, shown as written): line breaks and tabs stay (CR LF becomes LF), ESC and every other
 * C0/C1 control is a 400 naming the field. A question and an answer are one line (one-line inputs,
 * a phone's answer button): any control character is a 400 naming the field, as for names and titles.
 * Every route that takes these fields: create/edit content, create/edit question, create/edit image
 * and video content.
 */

import { english } from '@playshop/messages/english';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../db/schema';
import { twoOrgSuite } from '../test/context';

const suite = twoOrgSuite({ name: 'Control Org' }, { name: 'Other Control Org' });
const { call } = suite;
let categoryId: number;
let counter = 0;

beforeAll(async () => {
  const [category] = await suite.ctx.database.db.insert(categories).values({ name: 'Controls' }).returning();
  categoryId = category!.id;
});

const title = () => `Item ${++counter}`;
const base = (over: object = {}) => ({
  title: title(),
  description: 'About it',
  script: 'Say it',
  categoryId,
  ...over,
});
const answers = (first = 'Leave by the exit') => [
  { name: first, isCorrect: true },
  { name: 'Take the lift', isCorrect: false },
];
const IMAGE = 'https://example.org/poster.png';

/** Each route once, with `field` holding `value`: the call and where the field sits in its body. */
async function callsWith(field: 'description' | 'script' | 'question' | 'answer', value: string) {
  const q = (over: object = {}) => ({ question: 'Where is the exit?', ...over });
  const inBase = field === 'description' || field === 'script' ? { [field]: value } : {};
  const question = field === 'question' ? value : 'Where is the exit?';
  const answerList = answers(field === 'answer' ? value : undefined);
  // Targets to edit, created clean.
  const content = (await call('POST', '/create-content', 'SUPER_ADMIN', { ...base(), type: 'OTHER' })).json();
  const asked = (
    await call('POST', '/create-question', 'SUPER_ADMIN', { ...q(), content: base(), answers: answers() })
  ).json();
  const image = (
    await call('POST', '/create-image-content', 'SUPER_ADMIN', { ...base(), url: IMAGE })
  ).json();
  const calls: [string, string, object, string][] = [
    ['POST', '/create-content', { ...base(inBase), type: 'QUESTION', question, answers: answerList }, ''],
    [
      'PATCH',
      `/edit-content/${content.id}`,
      { ...base(inBase), type: 'QUESTION', question, answers: answerList },
      '',
    ],
    ['POST', '/create-question', { question, content: base(inBase), answers: answerList }, 'content.'],
    [
      'PATCH',
      `/edit-question/${asked.id}`,
      { question, baseContent: base(inBase), answers: answerList },
      'baseContent.',
    ],
  ];
  if (field === 'description' || field === 'script') {
    calls.push(
      ['POST', '/create-image-content', { ...base(inBase), url: IMAGE }, ''],
      ['POST', '/create-video-content', { ...base(inBase), url: 'https://www.youtube.com/watch?v=x' }, ''],
      ['PATCH', `/edit-image-content/${image.id}`, { url: IMAGE, baseContent: base(inBase) }, 'baseContent.'],
    );
  }
  return calls.map(([method, url, payload, prefix]) => ({
    send: () => call(method as 'POST', url, 'SUPER_ADMIN', payload),
    where: `${method} ${url}`,
    field: field === 'answer' ? 'answers.0.name' : field === 'question' ? 'question' : `${prefix}${field}`,
  }));
}

describe('control characters in content, questions and answers', () => {
  it('refuses ESC and the other C0/C1 controls in every field, with a 400 naming it', async () => {
    const fields = ['description', 'script', 'question', 'answer'] as const;
    for (const field of fields) {
      for (const bad of ['Red\u001b[2J', 'Bell\u0007', 'C1\u009b31m', 'Sep\u2028arator']) {
        for (const c of await callsWith(field, bad)) {
          const res = await c.send();
          expect(res.statusCode, `${c.where} ${field} ${JSON.stringify(bad)}: ${res.body}`).toBe(400);
          expect(res.json(), `${c.where} ${field}`).toMatchObject({
            code: 'VALIDATION_ERROR',
            field: c.field,
          });
        }
      }
    }
  });

  it('refuses line breaks in a question and an answer: they are one line', async () => {
    for (const field of ['question', 'answer'] as const) {
      for (const c of await callsWith(field, 'Line one\r\nLine two')) {
        const res = await c.send();
        expect(res.statusCode, `${c.where}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ field: c.field, message: english('input.controlChars') });
      }
    }
  });

  it('keeps line breaks and tabs in a description and a script, CR LF as LF', async () => {
    const res = await call('POST', '/create-content', 'SUPER_ADMIN', {
      ...base({ description: 'First line\r\nSecond\rThird', script: 'Step 1:\tgreet\nStep 2:\tplay' }),
      type: 'OTHER',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      description: 'First line\nSecond\nThird',
      script: 'Step 1:\tgreet\nStep 2:\tplay',
    });
  });
});
