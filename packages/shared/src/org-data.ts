import { z } from 'zod/mini';
import { endpoints, getById, POST } from './endpoint';
import { zLine } from './input';
import { ZIdParam, ZMessageReply } from './schemas';
import { key } from './server-messages';

/**
 * An organization's data on request (issue 30 item 4): its admin downloads everything of it as one
 * zip; the super admin erases an organization with all its data after typing its name; a player's
 * personal data is erased while the game statistics stay, anonymized.
 */

/** What an erased player's name becomes (data written in the database, not a text shown in a language). */
export const ERASED_PLAYER = { firstName: 'Erased', lastName: 'player' } as const;

/** What an erased player's username becomes (unique: their id). */
export const erasedUsername = (userId: number) => `erased-${userId}`;

export const ZEraseOrganization = z.object({
  confirmName: zLine().check(z.trim(), z.minLength(1, key('orgData.typeName')), z.maxLength(200)),
});
export type EraseOrganizationInput = z.input<typeof ZEraseOrganization>;

export const ORG_DATA_API = endpoints(['organization data'], {
  export: getById(
    {
      path: '/organizations/:id/export',
      reply: z.unknown(),
      access: 'exportOrganizationData',
    },
    "Everything of an organization as one zip (streamed): people, workshops and content, rooms, games and their event logs, the content's files, the audit log",
  ),
  erase: POST(
    {
      path: '/organizations/:id/erase',
      params: ZIdParam,
      body: ZEraseOrganization,
      reply: ZMessageReply,
      access: 'manageOrganizations',
    },
    'Delete an organization with all its people, rooms, games and logs, after its name is typed (super admin)',
  ),
  erasePlayer: POST(
    {
      path: '/erase-player/:id',
      params: ZIdParam,
      reply: ZMessageReply,
      access: 'erasePlayers',
    },
    "Erase a player's personal data (names, username everywhere in game logs); games and statistics stay, anonymized",
  ),
});
