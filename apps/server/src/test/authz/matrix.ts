import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { categories, organizations, orgWorkshops, rooms, sessions, workshops } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { createOrg, createUser } from '../context';
import { auditRows, orgDataRows } from './audit';
import { authRows } from './auth';
import { categoryRows } from './categories';
import { contentRows } from './content';
import type { AuthzRow, MatrixFixture, OrgSide } from './core';
import { dashboardRows } from './dashboard';
import { insightsRows } from './insights';
import { ltiRows } from './lti';
import { materialsRows } from './materials';
import { organizationRows } from './organizations';
import { printedCardRows } from './printed-cards';
import { retentionRows } from './retention';
import { roomRows } from './rooms';
import { scimRows } from './scim';
import { signInRows } from './sign-in';
import { trainingRows } from './training';
import { userRows } from './users';
import { xapiRows } from './xapi';

/** Every row, domain by domain (one file each in this folder). */
export const AUTHZ_MATRIX: AuthzRow[] = [
  ...authRows,
  ...signInRows,
  ...organizationRows,
  ...userRows,
  ...categoryRows,
  ...contentRows(),
  ...roomRows,
  ...printedCardRows(),
  ...dashboardRows,
  ...insightsRows,
  ...materialsRows(),
  ...trainingRows(),
  ...auditRows,
  ...orgDataRows,
  ...retentionRows,
  ...xapiRows,
  ...scimRows,
  ...ltiRows,
];

export const rowKey = (method: string, path: string) => `${method} ${path}`;

/** Two organizations with a workshop, a room and people each; the callers belong to `own`. */
export async function createMatrixFixture(database: Database, storage: Storage): Promise<MatrixFixture> {
  const { db } = database;
  let counter = 0;
  const unique = (prefix: string) => {
    counter += 1;
    return `${prefix} ${counter} ${randomUUID().slice(0, 8)}`.replace(/[^A-Za-z0-9 ]/g, '');
  };
  /** A fresh row named `unique(prefix)` of a table with just a required name; its id. */
  const newNamed = async (
    table: typeof organizations | typeof categories | typeof workshops,
    prefix: string,
  ) => {
    const [created] = await db
      .insert(table)
      .values({ name: unique(prefix) })
      .returning({ id: table.id });
    return created!.id;
  };
  const newWorkshop = async () => {
    const workshopId = await newNamed(workshops, 'Workshop');
    await db.insert(sessions).values({ workshopId, name: 'First', orderIndex: 0 });
    return workshopId;
  };

  async function side(): Promise<OrgSide> {
    const org = await createOrg(database, { name: unique('Matrix Org') });
    const workshopId = await newWorkshop();
    await db.insert(orgWorkshops).values({ orgId: org.id, workshopId });
    const [room] = await db.insert(rooms).values({ name: 'Room', orgId: org.id, workshopId }).returning();
    const [admin, facilitator, player] = await Promise.all([
      createUser(database, 'ADMIN', org.id),
      createUser(database, 'FACILITATOR', org.id),
      createUser(database, 'PLAYER', org.id),
    ]);
    return {
      org,
      workshopId,
      roomId: room!.id,
      adminId: admin.id,
      facilitatorId: facilitator.id,
      playerId: player.id,
    };
  }

  const own = await side();
  const other = await side();
  return {
    database,
    storage,
    own,
    other,
    freeWorkshopId: await newWorkshop(),
    unique,
    newPlayer: async (s) => (await createUser(database, 'PLAYER', s.org.id)).id,
    newStaff: async (s, role = 'FACILITATOR') => {
      const user = await createUser(database, role, s.org.id);
      return { id: user.id, email: user.email! };
    },
    newEmptyOrg: () => newNamed(organizations, 'Empty Org'),
    newCategory: () => newNamed(categories, 'Category'),
    newWorkshop,
    newLink: async (s) => {
      const workshopId = await newWorkshop();
      await db.insert(orgWorkshops).values({ orgId: s.org.id, workshopId });
      return workshopId;
    },
  };
}
