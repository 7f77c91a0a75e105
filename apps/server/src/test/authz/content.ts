import { asc, eq } from 'drizzle-orm';
import { answers, content, images, questions, sessionContent, sessions, videos } from '../../db/schema';
import type { AuthzRow, MatrixFixture, OrgSide } from './core';
import { allowed, row, STAFF, SUPER, same, scopedGet, unscopedGet } from './core';

type Kind = 'QUESTION' | 'IMAGE' | 'VIDEO' | 'OTHER';

/** A fresh content item of `kind`; with `side`, placed in the first session of that side's workshop. */
async function newContent(f: MatrixFixture, kind: Kind = 'OTHER', side?: OrgSide) {
  const { db } = f.database;
  const [item] = await db
    .insert(content)
    .values({ title: f.unique('Content'), description: 'd', type: kind, categoryId: await f.newCategory() })
    .returning();
  const contentId = item!.id;
  let detailId = contentId;
  if (kind === 'QUESTION') {
    const [q] = await db.insert(questions).values({ contentId, question: 'Q?' }).returning();
    await db.insert(answers).values({ questionId: q!.id, name: 'A', isCorrect: true });
    detailId = q!.id;
  }
  if (kind === 'IMAGE')
    detailId = (await db.insert(images).values({ contentId, url: '/a.png' }).returning())[0]!.id;
  if (kind === 'VIDEO')
    detailId = (await db.insert(videos).values({ contentId, url: 'https://x.test/v' }).returning())[0]!.id;
  if (side) {
    const sessionId = await firstSession(f, side.workshopId);
    await db.insert(sessionContent).values({ sessionId, contentId, orderIndex: 0 });
  }
  return { contentId, detailId };
}

async function firstSession(f: MatrixFixture, workshopId: number) {
  const [s] = await f.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.workshopId, workshopId))
    .orderBy(asc(sessions.id))
    .limit(1);
  return s!.id;
}

/** A read by id (`:id` in `path`) of a fresh `kind` item placed in `side`'s workshop; `pick` names the id. */
const scopedGetOfNew = (path: string, kind: Kind, pick: 'contentId' | 'detailId') =>
  scopedGet(path, STAFF, async (side, f) =>
    path.replace(':id', `${(await newContent(f, kind, side))[pick]}`),
  );

/** A list of a fresh category's items: `path` up to its first `:param`, the category's id, `paging`. */
const inNewCategory = (path: string, paging = '') =>
  unscopedGet(path, STAFF, async (_side, f) => `${path.split('/:')[0]}/${await f.newCategory()}${paging}`);

const baseBody = async (f: MatrixFixture) => ({
  title: f.unique('Title'),
  description: 'd',
  categoryId: await f.newCategory(),
});

export function contentRows(): AuthzRow[] {
  const rows: AuthzRow[] = [
    // ---- Content ----
    unscopedGet('/get-content', STAFF),
    unscopedGet('/get-paginated-content/:page/:size', STAFF, '/get-paginated-content/1/50'),
    unscopedGet('/get-content-by-search/:term/:page/:size', STAFF, '/get-content-by-search/x/1/50'),
    unscopedGet('/get-content-by-type/:type/:page/:size', STAFF, '/get-content-by-type/OTHER/1/50'),
    inNewCategory('/get-content-by-category/:category/:page/:size', '/1/50'),
    scopedGetOfNew('/get-content-by-id/:id', 'OTHER', 'contentId'),
    row('POST', '/create-content', same(allowed(SUPER, 201)), async (f) => ({
      url: '/create-content',
      payload: { ...(await baseBody(f)), type: 'OTHER' },
    })),
    row('PATCH', '/edit-content/:id', same(allowed(SUPER)), async (f) => ({
      url: `/edit-content/${(await newContent(f)).contentId}`,
      payload: { ...(await baseBody(f)), type: 'OTHER' },
    })),
    row('DELETE', '/delete-content/:id', same(allowed(SUPER)), async (f) => ({
      url: `/delete-content/${(await newContent(f)).contentId}`,
    })),

    // ---- Questions ----
    unscopedGet('/get-questions', STAFF),
    unscopedGet('/get-paginated-questions/:page/:pageSize', STAFF, '/get-paginated-questions/1/10'),
    inNewCategory('/get-questions-by-category/:categoryId/:page/:pageSize', '/1/10'),
    scopedGetOfNew('/get-question-by-id/:id', 'QUESTION', 'detailId'),
    scopedGetOfNew('/get-question-by-content-id/:id', 'QUESTION', 'contentId'),
    row('POST', '/create-question', same(allowed(SUPER, 201)), async (f) => ({
      url: '/create-question',
      payload: { question: 'Q?', content: await baseBody(f), answers: [{ name: 'A', isCorrect: true }] },
    })),
    row('PATCH', '/edit-question/:id', same(allowed(SUPER)), async (f) => ({
      url: `/edit-question/${(await newContent(f, 'QUESTION')).detailId}`,
      payload: { question: 'New?' },
    })),
    row('DELETE', '/delete-question/:id', same(allowed(SUPER)), async (f) => ({
      url: `/delete-question/${(await newContent(f, 'QUESTION')).detailId}`,
    })),
  ];

  // ---- Images and videos ----
  for (const [kind, slug] of [
    ['IMAGE', 'image-content'],
    ['VIDEO', 'video-content'],
  ] as const) {
    const url = kind === 'IMAGE' ? '/api/v1/files/content-images/a.png' : 'https://www.youtube.com/watch?v=x';
    rows.push(
      unscopedGet(`/get-${slug}`, STAFF),
      unscopedGet(`/get-paginated-${slug}/:page/:pageSize`, STAFF, `/get-paginated-${slug}/1/10`),
      inNewCategory(`/get-${slug}-by-category/:id`),
      scopedGetOfNew(`/get-${slug}-by-id/:id`, kind, 'detailId'),
      scopedGetOfNew(`/get-${slug}-by-content/:id`, kind, 'contentId'),
      row('POST', `/create-${slug}`, same(allowed(SUPER, 201)), async (f) => ({
        url: `/create-${slug}`,
        payload: { ...(await baseBody(f)), url },
      })),
      row('PATCH', `/edit-${slug}/:id`, same(allowed(SUPER)), async (f) => ({
        url: `/edit-${slug}/${(await newContent(f, kind)).detailId}`,
        payload: { url },
      })),
      row('DELETE', `/delete-${slug}/:id`, same(allowed(SUPER)), async (f) => ({
        url: `/delete-${slug}/${(await newContent(f, kind)).detailId}`,
      })),
    );
  }

  rows.push(
    // ---- Workshops ----
    unscopedGet('/get-workshops', STAFF),
    unscopedGet('/count-workshops', STAFF),
    unscopedGet('/get-paginated-workshops/:page/:size', STAFF, '/get-paginated-workshops/1/10'),
    unscopedGet('/get-workshops-by-search/:term', STAFF, '/get-workshops-by-search/Workshop'),
    scopedGet('/get-workshop-by-id/:id', STAFF, (side) => `/get-workshop-by-id/${side.workshopId}`),
    row('POST', '/create-workshop', same(allowed(SUPER, 201)), (f) => ({
      url: '/create-workshop',
      payload: { name: f.unique('Workshop'), sections: [] },
    })),
    row('PATCH', '/edit-workshop-name', same(allowed(SUPER)), async (f) => ({
      url: '/edit-workshop-name',
      payload: { id: await f.newWorkshop(), name: f.unique('W') },
    })),
    row('PATCH', '/edit-workshop', same(allowed(SUPER)), async (f) => ({
      url: '/edit-workshop',
      payload: { id: await f.newWorkshop(), name: f.unique('W') },
    })),
    row('DELETE', '/delete-workshop/:id', same(allowed(SUPER)), async (f) => ({
      url: `/delete-workshop/${await f.newWorkshop()}`,
    })),

    // ---- Sessions ----
    row('POST', '/create-session-with-content', same(allowed(SUPER, 201)), async (f) => ({
      url: '/create-session-with-content',
      payload: {
        section: { name: 'S' },
        content: [(await newContent(f)).contentId],
        workshopId: await f.newWorkshop(),
      },
    })),
    scopedGet(
      '/get-session-by-workshopid/:id',
      STAFF,
      (side) => `/get-session-by-workshopid/${side.workshopId}`,
    ),
    scopedGet(
      '/get-session-by-id/:id',
      STAFF,
      async (side, f) => `/get-session-by-id/${await firstSession(f, side.workshopId)}`,
    ),
    scopedGet(
      '/getsectioncontentbysectionid/:id',
      STAFF,
      async (side, f) => `/getsectioncontentbysectionid/${await firstSession(f, side.workshopId)}`,
    ),
    scopedGet(
      '/getmanysectioncontentbysectionids/:ids',
      STAFF,
      async (side, f) => `/getmanysectioncontentbysectionids/${await firstSession(f, side.workshopId)}`,
    ),
    row('PATCH', '/edit-session/:id', same(allowed(SUPER)), async (f) => ({
      url: `/edit-session/${await firstSession(f, await f.newWorkshop())}`,
      payload: { name: 'R' },
    })),
    row('DELETE', '/delete-session/:id', same(allowed(SUPER)), async (f) => ({
      url: `/delete-session/${await firstSession(f, await f.newWorkshop())}`,
    })),

    // ---- Uploads (tus) and the files they serve ----
    row('POST', '/uploads', same(allowed(SUPER, 201)), () => ({
      url: '/uploads',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `folder ${Buffer.from('content-images').toString('base64')}`,
      },
    })),
    // An unknown upload id: the super admin reaches tus (404), everyone else is stopped before it.
    row('PATCH', '/uploads/:uploadId', same(allowed(SUPER, 404)), () => ({
      url: '/uploads/0123456789abcdef',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
    })),
    row('DELETE', '/uploads/:uploadId', same(allowed(SUPER, 404)), () => ({
      url: '/uploads/0123456789abcdef',
      headers: { 'tus-resumable': '1.0.0' },
    })),
    // Public: <img> sends no token; names are random UUIDs. A missing file is 404 for anyone.
    row('GET', '/files/:folder/:name', { anonymous: 404 }, () => ({
      url: '/files/content-images/missing.png',
    })),
  );
  return rows;
}
