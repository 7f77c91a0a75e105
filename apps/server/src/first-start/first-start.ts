import { randomBytes } from 'node:crypto';
import { ZContentInput, ZCreateSessionWithContent, ZCreateWorkshop } from '@playshop/shared';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { contentService } from '../content/service';
import type { Db } from '../db/client';
import { categories, organizations, orgWorkshops, rooms, settings, users } from '../db/schema';
import { workshopsService } from '../workshops/service';

interface FirstStartOptions {
  adminEmail: string;
  /** Generated and reported once when unset. */
  adminPassword?: string;
  demoData: boolean;
  now?: Date;
}

export interface FirstStartReport {
  admin: { email: string; password?: string; organization: string };
  demo?: {
    organization: string;
    facilitator: { email: string; password: string };
    players: string[];
    room: string;
    workshop: string;
  };
}

const FIRST_START_KEY = 'first_start_completed_at';
const SUPER_ADMIN_ORG = 'Playshop';
export const DEMO_ORG = 'Demo Org';
export const DEMO_ROOM = 'Demo Room';
export const DEMO_FACILITATOR_EMAIL = 'facilitator@demo.playshop.test';
/** The demo workshop's video: a small generated file in apps/web/public, served by the product. */
export const DEMO_VIDEO_URL = '/demo/demo-video.mp4';
const DEMO_PLAYERS = [1, 2, 3, 4, 5].map((n) => `demo-player-${n}`);

const generatePassword = () => randomBytes(12).toString('base64url');

/**
 * Creates the super admin and, unless disabled, the demo organization on an empty database.
 * Runs once per database: a marker row is claimed in the same transaction, so a second start
 * (or a second instance starting at the same moment) adds nothing. Returns what to print, or null.
 */
export async function firstStart(db: Db, options: FirstStartOptions): Promise<FirstStartReport | null> {
  const now = options.now ?? new Date();
  const adminPassword = options.adminPassword ?? generatePassword();
  const facilitatorPassword = generatePassword();
  // Hash outside the transaction: argon2 is deliberately slow.
  const [adminHash, facilitatorHash] = await Promise.all([
    hashPassword(adminPassword),
    options.demoData ? hashPassword(facilitatorPassword) : Promise.resolve(null),
  ]);

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: FIRST_START_KEY, value: now.toISOString() })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (claimed.length === 0) return null;
    // An existing install upgraded to this version already has its people: leave them be.
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(users)) as [
      { count: number },
    ];
    if (count > 0) return null;

    const [adminOrg] = await tx.insert(organizations).values({ name: SUPER_ADMIN_ORG }).returning();
    await tx.insert(users).values({
      firstName: 'Super',
      lastName: 'Admin',
      email: options.adminEmail.toLowerCase(),
      passwordHash: adminHash,
      role: 'SUPER_ADMIN',
      orgId: adminOrg!.id,
    });
    const report: FirstStartReport = {
      admin: {
        email: options.adminEmail,
        password: options.adminPassword ? undefined : adminPassword,
        organization: SUPER_ADMIN_ORG,
      },
    };
    if (!options.demoData || !facilitatorHash) return report;

    await createDemo(tx, now, facilitatorHash);
    report.demo = {
      organization: DEMO_ORG,
      facilitator: { email: DEMO_FACILITATOR_EMAIL, password: facilitatorPassword },
      players: DEMO_PLAYERS,
      room: DEMO_ROOM,
      workshop: 'Demo Workshop',
    };
    return report;
  });
}

/** The demo organization: its facilitator and players, and a room on the demo workshop. */
async function createDemo(tx: Db, now: Date, facilitatorHash: string) {
  const expiry = new Date(now);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
  const [demoOrg] = await tx
    .insert(organizations)
    .values({
      name: DEMO_ORG,
      expiry: expiry.toISOString().slice(0, 10),
      address: '1 Workshop Lane',
      email: 'hello@demo.playshop.test',
    })
    .returning();
  const orgId = demoOrg!.id;

  const workshopId = await createDemoWorkshop(tx);
  await tx.insert(orgWorkshops).values({ orgId, workshopId: workshopId });
  await tx.insert(rooms).values({ name: DEMO_ROOM, orgId, workshopId: workshopId });

  await tx.insert(users).values([
    {
      firstName: 'Demo',
      lastName: 'Facilitator',
      email: DEMO_FACILITATOR_EMAIL,
      passwordHash: facilitatorHash,
      role: 'FACILITATOR',
      orgId,
    },
    ...DEMO_PLAYERS.map((username, i) => ({
      firstName: 'Demo',
      lastName: `Player ${i + 1}`,
      username,
      role: 'PLAYER' as const,
      orgId,
    })),
  ]);
}

/**
 * The demo workshop, built through the same services (and schemas) as the content forms and the
 * wizard, so it is exactly what a super admin would make in the browser: first start is a use case
 * above the services, not a writer of their tables.
 */
async function createDemoWorkshop(tx: Db): Promise<number> {
  const [icebreakers, safety, teamwork] = await tx
    .insert(categories)
    .values([{ name: 'Icebreakers' }, { name: 'Safety' }, { name: 'Teamwork' }])
    .returning();

  const contentSvc = contentService(tx);
  const workshopsSvc = workshopsService(tx, contentSvc);
  const createContent = (values: unknown) => contentSvc.create(ZContentInput.parse(values));

  const welcome = await createContent({
    title: 'Welcome to the workshop',
    description:
      'Introduce yourself to the people at your table: your name, your team and one thing you hope to learn today.',
    script: 'Welcome everyone. Give the room two minutes for introductions before the first roll.',
    type: 'OTHER',
    categoryId: icebreakers!.id,
  });
  const fireExit = await createContent({
    title: 'Fire safety check',
    description: 'A quick question about the building.',
    script: 'Ask the room before revealing the answer. Point at the nearest exit afterwards.',
    type: 'QUESTION',
    categoryId: safety!.id,
    question: 'What should you do first when the fire alarm sounds?',
    answers: [
      { name: 'Leave by the nearest exit', isCorrect: true },
      { name: 'Finish your bingo card', isCorrect: false },
      { name: 'Take the lift', isCorrect: false },
    ],
  });
  const teamPicture = await createContent({
    title: 'Strong teams',
    description: 'What makes this team work well together? Discuss with your neighbour.',
    script: 'Give pairs one minute, then take two answers from the room.',
    type: 'IMAGE',
    categoryId: teamwork!.id,
    image: '/demo/teamwork.svg',
  });
  const talk = await createContent({
    title: 'Why feedback matters',
    description: 'A short talk on giving and receiving feedback.',
    script: 'Play the video, then ask for one takeaway from each table.',
    type: 'VIDEO',
    categoryId: teamwork!.id,
    // Served by the product itself (scripts/make-demo-video.sh): the demo plays with no internet.
    url: DEMO_VIDEO_URL,
  });

  const workshop = await workshopsSvc.create(
    ZCreateWorkshop.parse({ name: 'Demo Workshop', sections: [] }).name,
  );
  for (const session of [
    { name: 'Warm-up', content: [welcome.id, fireExit.id] },
    { name: 'Working together', content: [teamPicture.id, talk.id] },
  ]) {
    await workshopsSvc.createSession(
      ZCreateSessionWithContent.parse({ ...session, workshopId: workshop.id }),
    );
  }
  return workshop.id;
}

/** The console text a newcomer reads to sign in. */
export function formatFirstStartReport(report: FirstStartReport, publicUrl: string): string {
  const lines = [
    '',
    '  Playshop first start: accounts created',
    `  Open ${publicUrl}`,
    '',
    `  Super admin (ORGANIZATION → admin login): ${report.admin.email}`,
    report.admin.password
      ? `    password: ${report.admin.password}   (generated; shown only this once)`
      : '    password: the ADMIN_PASSWORD you set',
  ];
  if (report.demo) {
    lines.push(
      '',
      `  Demo facilitator (${report.demo.organization}): ${report.demo.facilitator.email}`,
      `    password: ${report.demo.facilitator.password}   (shown only this once)`,
      `  Demo players (PLAYER LOGIN page: organization "${report.demo.organization}", then the username): ${report.demo.players.join(', ')}`,
      `  Demo room: "${report.demo.room}" running "${report.demo.workshop}"`,
    );
  }
  lines.push(
    '',
    '  Lost a password? Use "Forgot password?"; without SMTP_URL the mail lands in DATA_DIR/outbox.',
    '',
  );
  return lines.join('\n');
}
