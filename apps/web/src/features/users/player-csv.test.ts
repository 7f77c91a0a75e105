import { describe, expect, it } from 'vitest';
import { parsePlayerCsv } from './player-csv';

describe('parsePlayerCsv', () => {
  it('reads commas with a BOM, quoted cells and any header spelling', () => {
    expect(
      parsePlayerCsv('\uFEFFFirst Name,last_name,USERNAME\r\nAnn,"Lee, Jr",ann\r\n\r\nZoë,Ünal,zoe\r\n'),
    ).toEqual({
      rows: [
        { firstName: 'Ann', lastName: 'Lee, Jr', username: 'ann' },
        { firstName: 'Zoë', lastName: 'Ünal', username: 'zoe' },
      ],
    });
  });

  it('reads semicolons, columns in any order', () => {
    expect(parsePlayerCsv('username;firstName;lastName\nbo;Bo;Ng\n')).toEqual({
      rows: [{ firstName: 'Bo', lastName: 'Ng', username: 'bo' }],
    });
  });

  it('keeps a short row so its check can say what is missing', () => {
    expect(parsePlayerCsv('firstName,lastName,username\nCy\n')).toEqual({
      rows: [{ firstName: 'Cy', lastName: '', username: '' }],
    });
  });

  it('refuses a file without the header or without rows', () => {
    expect(parsePlayerCsv('name,user\nAnn,ann\n')).toEqual({ error: 'playerImport.missingColumns' });
    expect(parsePlayerCsv('firstName,lastName,username\n')).toEqual({
      error: 'playerImport.noRows',
    });
  });
});
