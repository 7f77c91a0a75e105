import { PLAYER_CSV_COLUMNS, PLAYER_IMPORT_MAX_ROWS, type PlayerImportCells } from '@playshop/shared';
import Papa from 'papaparse';

/** A header cell as a column name: 'First Name', 'first_name' and 'FIRSTNAME' are all firstName. */
const columnOf = (header: string) => {
  const flat = header.replace(/[\s_-]+/g, '').toLowerCase();
  return PLAYER_CSV_COLUMNS.find((c) => c.toLowerCase() === flat) ?? header;
};

/**
 * Reads a players CSV: a header row naming firstName, lastName and username (any order or case),
 * UTF-8 with or without BOM, commas or semicolons. Empty lines are skipped.
 */
export function parsePlayerCsv(text: string): { rows: PlayerImportCells[] } | { error: string } {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
    transformHeader: columnOf,
  });
  const fields = result.meta.fields ?? [];
  if (!PLAYER_CSV_COLUMNS.every((c) => fields.includes(c))) return { error: 'playerImport.missingColumns' };
  if (result.data.length === 0) return { error: 'playerImport.noRows' };
  if (result.data.length > PLAYER_IMPORT_MAX_ROWS) return { error: 'playerImport.tooManyRows' };
  return {
    rows: result.data.map((r) => ({
      firstName: r.firstName ?? '',
      lastName: r.lastName ?? '',
      username: r.username ?? '',
    })),
  };
}
