import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, orgWorkshops, sessionContent, sessions, workshops } from '../db/schema';
import { createOrg, createTestContext, signInNewUser, type TestContext, twoOrgSuite } from '../test/context';
import { expectInUse } from '../test/error-replies';

const suite = twoOrgSuite({ name: 'Content Org' }, { name: 'Other Content Org' });
const { call } = suite;
let safety: number;
let teamwork: number;

beforeAll(async () => {
  const cats = await suite.ctx.database.db
    .insert(categories)
    .values([{ name: 'Safety' }, { name: 'Teamwork' }])
    .returning();
  safety = cats[0]!.id;
  teamwork = cats[1]!.id;
});

const base = (title: string, categoryId = safety) => ({
  title,
  description: `About ${title}`,
  script: `Say something about ${title}`,
  categoryId,
});
const answers = [
  { name: 'Leave by the nearest exit', isCorrect: true },
  { name: 'Take the lift', isCorrect: false },
];

async function create(payload: object) {
  const res = await call('POST', '/create-content', 'SUPER_ADMIN', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Puts content items into a session of a workshop linked to `orgId`. */
async function useInSession(orgId: number, contentIds: number[], name = `W ${Math.random()}`) {
  const [w] = await suite.ctx.database.db.insert(workshops).values({ name }).returning();
  const [s] = await suite.ctx.database.db
    .insert(sessions)
    .values({ workshopId: w!.id, name: 'Part 1', orderIndex: 0 })
    .returning();
  await suite.ctx.database.db
    .insert(sessionContent)
    .values(contentIds.map((contentId, orderIndex) => ({ sessionId: s!.id, contentId, orderIndex })));
  await suite.ctx.database.db.insert(orgWorkshops).values({ orgId, workshopId: w!.id });
  return { workshop: w!, session: s! };
}

describe('POST /create-content', () => {
  it('creates one item of each type with the SPEC §3 shape', async () => {
    const other_ = await create({ ...base('Welcome'), type: 'OTHER' });
    expect(other_).toEqual({
      id: expect.any(Number),
      title: 'Welcome',
      description: 'About Welcome',
      script: 'Say something about Welcome',
      type: 'OTHER',
      categoryId: safety,
      category: { id: safety, name: 'Safety' },
      question: null,
      image: null,
      video: null,
    });
    const image = await create({
      ...base('Poster'),
      type: 'IMAGE',
      image: '/api/v1/files/content-images/x.png',
    });
    expect(image.image).toEqual({
      id: expect.any(Number),
      url: '/api/v1/files/content-images/x.png',
      contentId: image.id,
    });
    const video = await create({
      ...base('Talk'),
      type: 'VIDEO',
      url: 'https://www.youtube.com/watch?v=abc',
    });
    expect(video.video).toMatchObject({ url: 'https://www.youtube.com/watch?v=abc', contentId: video.id });
    const question = await create({
      ...base('Fire'),
      type: 'QUESTION',
      question: 'What first?',
      answers: [...answers, { name: '', url: '/api/v1/files/answer-images/a.png', isCorrect: false }],
    });
    expect(question.question).toEqual({
      id: expect.any(Number),
      question: 'What first?',
      contentId: question.id,
      answers: [
        { id: expect.any(Number), name: 'Leave by the nearest exit', url: null, isCorrect: true },
        { id: expect.any(Number), name: 'Take the lift', url: null, isCorrect: false },
        { id: expect.any(Number), name: '', url: '/api/v1/files/answer-images/a.png', isCorrect: false },
      ],
    });
  });

  it('takes a category id as a string and an empty script as none', async () => {
    const item = await create({
      ...base('Strings'),
      categoryId: String(teamwork),
      script: '  ',
      type: 'OTHER',
    });
    expect(item).toMatchObject({ categoryId: teamwork, script: null });
  });

  it('refuses a question without exactly one correct answer (SPEC §4)', async () => {
    const q = (list: object[]) =>
      call('POST', '/create-content', 'SUPER_ADMIN', {
        ...base('Q'),
        type: 'QUESTION',
        question: 'Q?',
        answers: list,
      });
    const none = await q([
      { name: 'A', isCorrect: false },
      { name: 'B', isCorrect: false },
    ]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Mark exactly one answer as correct',
    });
    const two = await q([
      { name: 'A', isCorrect: true },
      { name: 'B', isCorrect: true },
    ]);
    expect(two.json().message).toBe('Mark exactly one answer as correct');
    const empty = await q([]);
    expect(empty.json().message).toBe('Add at least one answer');
    const blank = await q([{ name: ' ', isCorrect: true }]);
    expect(blank.json()).toMatchObject({
      message: 'Each answer needs text or an image',
      field: 'answers.0.name',
    });
    // create-question enforces the same rule.
    const viaQuestion = await call('POST', '/create-question', 'SUPER_ADMIN', {
      question: 'Q?',
      content: base('Q'),
      answers: [{ name: 'A', isCorrect: false }],
    });
    expect(viaQuestion.json().message).toBe('Mark exactly one answer as correct');
  });

  it("answers the spec's texts for missing fields and refuses an unknown category", async () => {
    const bad = (payload: object) =>
      call('POST', '/create-content', 'SUPER_ADMIN', { type: 'OTHER', ...payload });
    expect((await bad({ ...base('x'), title: ' ' })).json()).toMatchObject({
      message: 'Title is required.',
      field: 'title',
    });
    expect((await bad({ ...base('x'), description: '' })).json().message).toBe('Description is required.');
    expect((await bad({ ...base('x'), categoryId: '' })).json()).toMatchObject({
      message: 'Please select a category',
      field: 'categoryId',
    });
    expect((await bad({ ...base('x'), categoryId: 999999 })).json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Category not found',
    });
    expect((await bad({ ...base('x'), type: 'IMAGE' })).statusCode).toBe(400);
    expect((await bad({ ...base('x'), type: 'VIDEO', url: 'javascript:alert(1)' })).json().message).toBe(
      'Enter a valid URL',
    );
  });

  it('is for super admins only', async () => {
    for (const who of ['ADMIN', 'FACILITATOR', 'PLAYER'] as const) {
      expect((await call('POST', '/create-content', who, { ...base('No'), type: 'OTHER' })).statusCode).toBe(
        403,
      );
    }
    expect(
      (await call('POST', '/create-content', undefined, { ...base('No'), type: 'OTHER' })).statusCode,
    ).toBe(401);
  });
});

describe('content lists: pages of 50 and filters that combine', () => {
  let ctx2: TestContext;
  let root: Record<string, string>;
  let cat: number;
  let cat2: number;

  beforeAll(async () => {
    ctx2 = await createTestContext();
    const o = await createOrg(ctx2.database);
    root = (await signInNewUser(ctx2, 'SUPER_ADMIN', o.id)).headers;
    const cats = await ctx2.database.db
      .insert(categories)
      .values([{ name: 'A' }, { name: 'B' }])
      .returning();
    cat = cats[0]!.id;
    cat2 = cats[1]!.id;
    const post = (payload: object) =>
      ctx2.app.inject({ method: 'POST', url: '/api/v1/create-content', headers: root, payload });
    for (let i = 0; i < 52; i++) {
      const n = String(i).padStart(2, '0');
      await post({ title: `Item ${n}`, description: 'd', categoryId: i % 2 ? cat2 : cat, type: 'OTHER' });
    }
    await post({
      title: 'Quiz one',
      description: 'd',
      categoryId: cat,
      type: 'QUESTION',
      question: 'Where is the 50% exit?',
      answers: [{ name: 'Here', isCorrect: true }],
    });
    await post({
      title: 'Picture of an exit',
      description: 'd',
      categoryId: cat2,
      type: 'IMAGE',
      image: 'https://x.test/a.png',
    });
  });
  afterAll(() => ctx2.close());

  const get = async (url: string) => {
    const res = await ctx2.app.inject({ url: `/api/v1${url}`, headers: root });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('pages with nextPage and previousPage, 50 at most, ordered by title', async () => {
    const first = await get('/get-paginated-content/1/50');
    expect(first).toMatchObject({
      page: 1,
      pageSize: 50,
      count: 54,
      totalPages: 2,
      nextPage: 2,
      previousPage: null,
    });
    expect(first.content).toHaveLength(50);
    expect(first.content[0].title).toBe('Item 00');
    const second = await get('/get-paginated-content/2/50');
    expect(second).toMatchObject({ nextPage: null, previousPage: 1 });
    expect(second.content.map((c: { title: string }) => c.title)).toEqual([
      'Item 50',
      'Item 51',
      'Picture of an exit',
      'Quiz one',
    ]);
    const beyond = await get('/get-paginated-content/9/50');
    expect(beyond.content).toEqual([]);
    expect(
      (await ctx2.app.inject({ url: '/api/v1/get-paginated-content/1/51', headers: root })).statusCode,
    ).toBe(400);
    expect(
      (await ctx2.app.inject({ url: '/api/v1/get-paginated-content/0/10', headers: root })).statusCode,
    ).toBe(400);
  });

  it('filters by category, type and search term (title or question text), alone and combined', async () => {
    expect((await get(`/get-content-by-category/${cat}/1/50`)).count).toBe(27);
    expect(
      (await get('/get-content-by-type/question/1/50')).content.map((c: { title: string }) => c.title),
    ).toEqual(['Quiz one']);
    // The term matches a question's text as well as titles, and % is taken literally.
    expect(
      (await get('/get-content-by-search/exit/1/50')).content.map((c: { title: string }) => c.title),
    ).toEqual(['Picture of an exit', 'Quiz one']);
    expect((await get('/get-content-by-search/50%25/1/50')).count).toBe(1);
    expect(
      (await get(`/get-content-by-search/exit/1/50?categoryId=${cat2}`)).content.map(
        (c: { title: string }) => c.title,
      ),
    ).toEqual(['Picture of an exit']);
    expect((await get(`/get-paginated-content/1/50?categoryId=${cat}&type=QUESTION&search=quiz`)).count).toBe(
      1,
    );
    expect((await get(`/get-paginated-content/1/50?categoryId=${cat2}&type=QUESTION`)).count).toBe(0);
    expect(await get('/get-content?type=IMAGE')).toHaveLength(1);
    expect(await get('/get-content')).toHaveLength(54);
  });
});

describe('GET /get-content-by-id and who reads content', () => {
  it("lets an organization's staff read only the content of workshops linked to it", async () => {
    const linked = await create({ ...base('Linked'), type: 'OTHER' });
    const unlinked = await create({ ...base('Unlinked'), type: 'OTHER' });
    await useInSession(suite.org.id, [linked.id]);
    for (const who of ['ADMIN', 'FACILITATOR'] as const) {
      expect((await call('GET', `/get-content-by-id/${linked.id}`, who)).json().title).toBe('Linked');
      const hidden = await call('GET', `/get-content-by-id/${unlinked.id}`, who);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Content not found',
        key: 'content.contentNotFound',
      });
      const titles = (await call('GET', '/get-content', who)).json().map((c: { title: string }) => c.title);
      expect(titles).toContain('Linked');
      expect(titles).not.toContain('Unlinked');
    }
    expect((await call('GET', `/get-content-by-id/${linked.id}`, 'OTHER_ADMIN')).statusCode).toBe(404);
    expect((await call('GET', '/get-paginated-content/1/50', 'OTHER_ADMIN')).json().count).toBe(0);
    expect((await call('GET', `/get-content-by-id/${linked.id}`, 'PLAYER')).statusCode).toBe(403);
    expect((await call('GET', `/get-content-by-id/${linked.id}`)).statusCode).toBe(401);
    expect((await call('GET', '/get-content-by-id/abc', 'SUPER_ADMIN')).statusCode).toBe(400);
    expect((await call('GET', '/get-content-by-id/999999', 'SUPER_ADMIN')).json().message).toBe(
      'Content not found',
    );
  });
});

describe('PATCH /edit-content/{id}', () => {
  it('replaces the item, its type and its answers, keeping one correct answer', async () => {
    const item = await create({ ...base('Editable'), type: 'OTHER' });
    const question = {
      question: 'Now a question?',
      answers: [
        { name: 'Yes', isCorrect: true },
        { name: 'No', isCorrect: false },
      ],
    };
    const edited = await call('PATCH', `/edit-content/${item.id}`, 'SUPER_ADMIN', {
      ...item,
      title: 'Edited',
      categoryId: String(teamwork),
      type: 'QUESTION',
      question,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The reply gives the question as it was sent.
    expect(edited.json()).toMatchObject({
      title: 'Edited',
      category: { name: 'Teamwork' },
      type: 'QUESTION',
      question,
    });
    const twoCorrect = await call('PATCH', `/edit-content/${item.id}`, 'SUPER_ADMIN', {
      ...(edited.json() as object),
      question: {
        question: 'Q',
        answers: [
          { name: 'Yes', isCorrect: true },
          { name: 'No', isCorrect: true },
        ],
      },
    });
    expect(twoCorrect.statusCode).toBe(400);
    // Nothing was lost by the refused edit.
    expect(
      (await call('GET', `/get-content-by-id/${item.id}`, 'SUPER_ADMIN')).json().question.answers,
    ).toHaveLength(2);
    const asVideo = await call('PATCH', `/edit-content/${item.id}`, 'SUPER_ADMIN', {
      ...base('Edited'),
      type: 'VIDEO',
      video: { url: 'https://www.youtube.com/watch?v=x' },
    });
    expect(asVideo.json()).toMatchObject({
      type: 'VIDEO',
      question: null,
      video: { url: 'https://www.youtube.com/watch?v=x' },
    });
    expect(
      (await call('PATCH', '/edit-content/999999', 'SUPER_ADMIN', { ...base('x'), type: 'OTHER' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/edit-content/${item.id}`, 'ADMIN', { ...base('x'), type: 'OTHER' })).statusCode,
    ).toBe(403);
  });
});

describe('DELETE /delete-content/{id}', () => {
  it('refuses content a session uses, naming the sessions, and deletes unused content', async () => {
    const used = await create({ ...base('Used'), type: 'OTHER' });
    await useInSession(suite.org.id, [used.id], 'Fire Drill');
    const refused = await call('DELETE', `/delete-content/${used.id}`, 'SUPER_ADMIN');
    const inUse = 'This content is used by sessions: Fire Drill › Part 1';
    expectInUse(refused, 'CONTENT_IN_USE', inUse, 'errors.contentInUseBy', 'Fire Drill › Part 1');
    expect((await call('GET', `/get-content-by-id/${used.id}`, 'SUPER_ADMIN')).statusCode).toBe(200);

    const unused = await create({ ...base('Unused'), type: 'QUESTION', question: 'Q?', answers });
    expect((await call('DELETE', `/delete-content/${unused.id}`, 'ADMIN')).statusCode).toBe(403);
    const deleted = await call('DELETE', `/delete-content/${unused.id}`, 'SUPER_ADMIN');
    expect(deleted.json()).toEqual({ message: 'Content deleted successfully' });
    expect((await call('GET', `/get-content-by-id/${unused.id}`, 'SUPER_ADMIN')).statusCode).toBe(404);
    expect((await call('GET', `/get-question-by-id/${unused.question.id}`, 'SUPER_ADMIN')).statusCode).toBe(
      404,
    );
  });
});

describe('question paths', () => {
  it('create, read by id, content id, category and page, edit and delete', async () => {
    const created = await call('POST', '/create-question', 'SUPER_ADMIN', {
      question: 'Which way out?',
      content: base('Way out', teamwork),
      answers,
    });
    expect(created.statusCode, created.body).toBe(201);
    const q = created.json();
    expect(q).toMatchObject({
      question: 'Which way out?',
      contentId: q.content.id,
      content: { type: 'QUESTION', title: 'Way out' },
    });
    expect((await call('GET', `/get-question-by-id/${q.id}`, 'SUPER_ADMIN')).json().id).toBe(q.id);
    expect((await call('GET', `/get-question-by-content-id/${q.contentId}`, 'SUPER_ADMIN')).json().id).toBe(
      q.id,
    );
    expect(
      (await call('GET', '/get-questions', 'SUPER_ADMIN')).json().map((x: { id: number }) => x.id),
    ).toContain(q.id);
    const byCategory = (
      await call('GET', `/get-questions-by-category/${teamwork}/1/10`, 'SUPER_ADMIN')
    ).json();
    expect(
      byCategory.content.every(
        (c: { type: string; categoryId: number }) => c.type === 'QUESTION' && c.categoryId === teamwork,
      ),
    ).toBe(true);
    expect(byCategory.content.map((c: { id: number }) => c.id)).toContain(q.contentId);
    const paged = (await call('GET', '/get-paginated-questions/1/2', 'SUPER_ADMIN')).json();
    expect(paged.content.length).toBeLessThanOrEqual(2);
    expect(paged.content.every((c: { type: string }) => c.type === 'QUESTION')).toBe(true);

    const edited = await call('PATCH', `/edit-question/${q.id}`, 'SUPER_ADMIN', {
      question: 'Which way out now?',
      baseContent: base('Way out (v2)', safety),
      answers: [
        { name: 'Left', isCorrect: false },
        { name: 'Right', isCorrect: true },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: q.id,
      question: 'Which way out now?',
      answers: [{ name: 'Left' }, { name: 'Right', isCorrect: true }],
      content: { title: 'Way out (v2)', categoryId: safety },
    });
    expect((await call('PATCH', `/edit-question/${q.id}`, 'FACILITATOR', { question: 'x' })).statusCode).toBe(
      403,
    );
    const other_ = await create({ ...base('Not a question'), type: 'OTHER' });
    expect((await call('GET', `/get-question-by-content-id/${other_.id}`, 'SUPER_ADMIN')).statusCode).toBe(
      404,
    );

    expect((await call('DELETE', `/delete-question/${q.id}`, 'SUPER_ADMIN')).json()).toEqual({
      message: 'Question deleted successfully',
    });
    expect((await call('GET', `/get-content-by-id/${q.contentId}`, 'SUPER_ADMIN')).statusCode).toBe(404);
  });
});

describe.each(['image', 'video'] as const)('%s paths', (kind) => {
  it('create, list, read by id, content and category, page, edit and delete', async () => {
    const path = `${kind}-content`;
    const url =
      kind === 'image' ? '/api/v1/files/content-images/a.png' : 'https://www.youtube.com/watch?v=one';
    const created = await call('POST', `/create-${path}`, 'SUPER_ADMIN', {
      ...base(`A ${kind}`, teamwork),
      url,
    });
    expect(created.statusCode, created.body).toBe(201);
    const m = created.json();
    expect(m).toMatchObject({
      url,
      contentId: m.content.id,
      content: { type: kind.toUpperCase(), title: `A ${kind}` },
    });
    expect(
      (await call('GET', `/get-${path}`, 'SUPER_ADMIN')).json().map((x: { id: number }) => x.id),
    ).toContain(m.id);
    expect((await call('GET', `/get-${path}-by-id/${m.id}`, 'SUPER_ADMIN')).json().url).toBe(url);
    expect((await call('GET', `/get-${path}-by-content/${m.contentId}`, 'SUPER_ADMIN')).json().id).toBe(m.id);
    const byCat = (await call('GET', `/get-${path}-by-category/${teamwork}`, 'SUPER_ADMIN')).json();
    expect(byCat.map((x: { id: number }) => x.id)).toContain(m.id);
    expect(
      (await call('GET', `/get-${path}-by-category/${safety}`, 'SUPER_ADMIN'))
        .json()
        .map((x: { id: number }) => x.id),
    ).not.toContain(m.id);
    const paged = (await call('GET', `/get-paginated-${path}/1/50`, 'SUPER_ADMIN')).json();
    expect(paged.content.every((c: { type: string }) => c.type === kind.toUpperCase())).toBe(true);

    const newUrl =
      kind === 'image' ? '/api/v1/files/content-images/b.png' : 'https://www.youtube.com/watch?v=two';
    const edited = await call('PATCH', `/edit-${path}/${m.id}`, 'SUPER_ADMIN', {
      url: newUrl,
      baseContent: base('Renamed', teamwork),
    });
    expect(edited.json()).toMatchObject({ id: m.id, url: newUrl, content: { title: 'Renamed' } });
    expect((await call('PATCH', `/edit-${path}/${m.id}`, 'ADMIN', { url: newUrl })).statusCode).toBe(403);
    expect((await call('GET', `/get-${path}-by-id/${m.id}`, 'OTHER_ADMIN')).statusCode).toBe(404);

    expect((await call('DELETE', `/delete-${path}/${m.id}`, 'FACILITATOR')).statusCode).toBe(403);
    expect((await call('DELETE', `/delete-${path}/${m.id}`, 'SUPER_ADMIN')).statusCode).toBe(200);
    expect((await call('GET', `/get-${path}-by-id/${m.id}`, 'SUPER_ADMIN')).statusCode).toBe(404);
  });
});

describe('OpenAPI docs', () => {
  it('document the content, workshop, session and upload paths with their bodies', async () => {
    const doc = (await suite.ctx.app.inject({ url: '/api/docs/json' })).json();
    for (const p of [
      '/api/v1/get-paginated-content/{page}/{size}',
      '/api/v1/create-question',
      '/api/v1/get-image-content-by-id/{id}',
      '/api/v1/edit-video-content/{id}',
      '/api/v1/get-workshop-by-id/{id}',
      '/api/v1/create-session-with-content',
      '/api/v1/getmanysectioncontentbysectionids/{ids}',
      '/api/v1/uploads',
      '/api/v1/files/{folder}/{name}',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    const body = doc.paths['/api/v1/create-content'].post.requestBody.content['application/json'].schema;
    expect(
      body.oneOf
        .map(
          (s: { properties: { type: { const?: string; enum?: string[] } } }) =>
            s.properties.type.const ?? s.properties.type.enum?.[0],
        )
        .sort(),
    ).toEqual(['IMAGE', 'OTHER', 'QUESTION', 'VIDEO']);
  });
});

describe('uploaded images of content', () => {
  it('are deleted from storage once no item or answer names them', async () => {
    const { mkdir, writeFile, access } = await import('node:fs/promises');
    const path = await import('node:path');
    const put = async (name: string) => {
      const full = path.join(suite.ctx.dataDir, 'files', name);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, 'x');
      return {
        url: `/api/v1/files/${name}`,
        exists: () =>
          access(full).then(
            () => true,
            () => false,
          ),
      };
    };
    const a = await put('content-images/11111111-1111-1111-1111-111111111111.png');
    const b = await put('content-images/22222222-2222-2222-2222-222222222222.png');
    const shared = await put('answer-images/33333333-3333-3333-3333-333333333333.png');

    const item = await create({ ...base('Pictured'), type: 'IMAGE', image: a.url });
    const q1 = await create({
      ...base('Q1'),
      type: 'QUESTION',
      question: 'Q?',
      answers: [{ name: '', url: shared.url, isCorrect: true }],
    });
    const q2 = await create({
      ...base('Q2'),
      type: 'QUESTION',
      question: 'Q?',
      answers: [{ name: '', url: shared.url, isCorrect: true }],
    });

    // Replacing the image releases the old file.
    await call('PATCH', `/edit-image-content/${item.image.id}`, 'SUPER_ADMIN', { url: b.url });
    expect(await a.exists()).toBe(false);
    expect(await b.exists()).toBe(true);
    // A file two answers share stays until the last one goes.
    expect((await call('DELETE', `/delete-content/${q1.id}`, 'SUPER_ADMIN')).statusCode).toBe(200);
    expect(await shared.exists()).toBe(true);
    expect((await call('DELETE', `/delete-content/${q2.id}`, 'SUPER_ADMIN')).statusCode).toBe(200);
    expect(await shared.exists()).toBe(false);
    expect((await call('DELETE', `/delete-content/${item.id}`, 'SUPER_ADMIN')).statusCode).toBe(200);
    expect(await b.exists()).toBe(false);
  });
});
