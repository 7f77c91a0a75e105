import { englishOf } from '@playshop/messages/english';
import { describe, expect, it } from 'vitest';
import { checkPlayerRows } from './player-import';

const row = (firstName: string, lastName: string, username: string) => ({ firstName, lastName, username });

describe('checkPlayerRows', () => {
  it('keeps valid rows trimmed and gives each bad one its reason and number', () => {
    const checked = checkPlayerRows(
      [
        row(' Ann ', 'Lee', 'ann'),
        row('', 'Lee', 'bob'),
        row('Cy', 'Lee', 'ANN'),
        row('Di', 'Lee', 'taken-one'),
        row('Ed', 'Lee', 'admin'),
        row('Fa', '', 'fa'),
      ],
      new Set(['taken-one']),
    );
    expect(checked[0]).toEqual({
      row: 1,
      ok: true,
      value: { firstName: 'Ann', lastName: 'Lee', username: 'ann' },
    });
    expect(checked.slice(1).map((c) => (c.ok ? 'ok' : `${c.row}: ${englishOf(c.reason)}`))).toEqual([
      '2: First name is required',
      '3: This username is already in the file',
      '4: A user with this username already exists',
      '5: This username is reserved: please choose another',
      '6: Last name is required',
    ]);
  });
});
