import { z } from 'zod/mini';
import { deleteById, endpoints, GET, getById, POST, PUT } from './endpoint';
import { zId, zIdParam, zLine } from './input';
import { ZLanguage } from './languages';
import { ZIdParam, ZMessageReply, ZOrgNameParam, ZRoomReply } from './schemas';
import { key } from './server-messages';

/** POST /createroom. A super admin may name any organization; anyone else their own (another: 404). */
export const ZCreateRoom = z.object({
  name: zLine().check(z.trim(), z.minLength(1, key('validation.required')), z.maxLength(100)),
  workshopId: zIdParam('validation.required'),
  orgId: z.optional(zId()),
  /** The room's language; null or left out follows its organization's. */
  language: z.nullish(ZLanguage),
});
export type CreateRoomInput = z.infer<typeof ZCreateRoom>;

/** PUT /rooms/{id}/language: the room's own language, or null to follow its organization's. */
export const ZRoomLanguage = z.strictObject({ language: z.nullable(ZLanguage) });
export type RoomLanguageInput = z.input<typeof ZRoomLanguage>;

export const ROOM_API = endpoints(['rooms'], {
  byOrgName: GET(
    {
      path: '/getroomsbyorgname/:org',
      params: ZOrgNameParam,
      reply: z.array(ZRoomReply),
      access: 'readRooms',
    },
    "An organization's rooms (the caller's own unless super admin)",
  ),
  byId: getById(
    { path: '/getroombyid/:id', reply: ZRoomReply, access: 'readRooms' },
    'One room with its workshop and sessions',
  ),
  create: POST(
    { path: '/createroom', body: ZCreateRoom, reply: ZRoomReply, access: 'manageRooms' },
    "Create a room on a workshop linked to the caller's organization (admins)",
  ),
  openLobby: POST(
    {
      path: '/rooms/:id/lobby',
      params: ZIdParam,
      reply: ZMessageReply,
      access: 'runRooms',
    },
    "Open the room's lobby: a new game when none is running (the rooms list's Open Lobby)",
  ),
  setLanguage: PUT(
    {
      path: '/rooms/:id/language',
      params: ZIdParam,
      body: ZRoomLanguage,
      reply: ZRoomReply,
      access: 'manageRooms',
    },
    "Set the room's language (projector, printed cards, phones' default); null follows the organization's",
  ),
  remove: deleteById(
    { path: '/deleteroom/:id', access: 'manageRooms' },
    'Delete a room with its games (admins of its organization)',
  ),
  /** A CSV file: the web downloads it rather than parsing a reply. */
  report: getById(
    {
      path: '/get-room-report/:id',
      query: z.object({ format: z._default(z.enum(['report', 'log']), 'report') }),
      reply: z.string(),
      access: 'runRooms',
    },
    'Game report of a room as CSV: per round the players (joined, card, bingo and when), the balls in order, ' +
      'content sent by title with its time, winners; `?format=log` gives the raw event log',
  ),
});
