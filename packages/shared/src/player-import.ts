import { z } from 'zod/mini';
import { endpoints, POST } from './endpoint';
import { ZMessageKeyFields } from './messages';
import { ZErrorReply } from './schemas';
import { key } from './server-messages';
import { ZPlayerForm } from './users';

export const PLAYER_IMPORT_MAX_ROWS = 5000;
/** The CSV columns, in the order export writes them (import reads them by header, any order or case). */
export const PLAYER_CSV_COLUMNS = ['firstName', 'lastName', 'username'] as const;

/** One row as it came out of the file: strings, unchecked. */
export const ZPlayerImportCells = z.object({
  firstName: z.string().check(z.maxLength(1000)),
  lastName: z.string().check(z.maxLength(1000)),
  username: z.string().check(z.maxLength(1000)),
});
export type PlayerImportCells = z.infer<typeof ZPlayerImportCells>;

/** The player form's own rules, without the organization (the import names it once). */
export const ZPlayerImportRow = z.pick(ZPlayerForm, { firstName: true, lastName: true, username: true });
export type PlayerImportRow = z.output<typeof ZPlayerImportRow>;

/** POST /import-players. */
export const ZImportPlayers = z.object({
  organizationId: z.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
  rows: z
    .array(ZPlayerImportCells)
    .check(
      z.minLength(1, key('playerImport.noRows')),
      z.maxLength(PLAYER_IMPORT_MAX_ROWS, key('playerImport.tooManyRows')),
    ),
});
export type ImportPlayersInput = z.input<typeof ZImportPlayers>;

export const ZImportPlayersReply = z.object({ imported: z.number().check(z.int()) });
/** 400 of POST /import-players: each refused row (1 = the first row under the header) with its reason. */
export const ZImportPlayersRejected = z.extend(
  z.object({
    message: z.string(),
    code: z.literal('INVALID_ROWS'),
    rows: z.array(z.object({ row: z.number().check(z.int()), reason: z.string() })),
  }),
  ZMessageKeyFields.shape,
);
export type ImportRowProblem = z.infer<typeof ZImportPlayersRejected>['rows'][number];

export type CheckedRow =
  | { row: number; ok: true; value: PlayerImportRow }
  | { row: number; ok: false; reason: string; cells: PlayerImportCells };

/**
 * Checks every row with the player form's schema and marks a username seen earlier in the file (any
 * case) or already taken (`taken`, lower-case). The preview and the server use this one function.
 */
export function checkPlayerRows(
  rows: readonly PlayerImportCells[],
  taken: ReadonlySet<string> = new Set(),
): CheckedRow[] {
  const seen = new Set<string>();
  return rows.map((cells, i) => {
    const row = i + 1;
    const parsed = ZPlayerImportRow.safeParse(cells);
    if (!parsed.success)
      return {
        row,
        ok: false,
        reason: parsed.error.issues[0]?.message ?? key('playerImport.invalidRow'),
        cells,
      };
    const name = parsed.data.username.toLowerCase();
    if (seen.has(name)) return { row, ok: false, reason: key('playerImport.duplicateInFile'), cells };
    seen.add(name);
    if (taken.has(name)) return { row, ok: false, reason: key('playerImport.usernameTaken'), cells };
    return { row, ok: true, value: parsed.data };
  });
}

export const PLAYER_IMPORT_API = endpoints(['users'], {
  importPlayers: POST(
    {
      path: '/import-players',
      body: ZImportPlayers,
      reply: ZImportPlayersReply,
      access: 'managePlayers',
      errors: { 400: z.union([ZImportPlayersRejected, ZErrorReply]) },
    },
    'Create up to 5,000 players of an organization in one transaction; any invalid row and none is saved',
  ),
});
