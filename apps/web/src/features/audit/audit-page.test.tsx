/**
 * The audit log speaks in words (issue 42 item 4): each action from the staff catalogue, settings
 * with before → after, a hidden secret as a mark, and entries stored as raw routes before the keys.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AUDIT_ACTION_MESSAGES,
  AUDIT_TARGET_MESSAGES,
  type AuditEntry,
  pageMeta,
  STAFF_LANGUAGES,
} from '@playshop/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { fakeApi, sessionAs } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { AuditPage } from './audit-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLanguage('en');
});

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-12-05T10:00:00.000Z',
  orgId: 2,
  actorId: 7,
  actor: 'anna@lernwerk.koeln',
  actorRole: 'ADMIN',
  action: 'org.edit',
  targetType: 'organization',
  targetId: '2',
  target: 'Demo Org',
  changes: null,
  address: '192.0.2.10',
  ...over,
});

const ENTRIES = [
  entry({ id: 4, action: 'signIn.password_off', changes: { passwordSignInDisabled: [false, true] } }),
  entry({ id: 3, action: 'signIn.change', changes: { clientSecret: ['hidden', 'hidden-new'] } }),
  // Stored before the keys: the route, with no type the catalogue knows.
  entry({ id: 2, action: 'DELETE /deleteroom/:id', targetType: 'rooms', targetId: '9', target: 'Blue Room' }),
  entry({
    id: 1,
    action: 'PATCH /edit-admin',
    targetType: 'users',
    changes: { role: ['FACILITATOR', 'ADMIN'] },
  }),
];

function renderLog() {
  fakeApi({
    'GET /audit-log': () => ({
      body: { ...pageMeta(1, 25, ENTRIES.length), items: ENTRIES },
    }),
  });
  renderRoutes([{ path: '/', element: <AuditPage /> }], { session: sessionAs('ADMIN') });
}

/** Row `n` of the table (0: its head), once the entries are in (the filter's options say the words too). */
const rowText = async (n: number) => {
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(ENTRIES.length + 1));
  return screen.getAllByRole('row')[n]!.textContent ?? '';
};

describe('the audit log in words', () => {
  it('has every action and target kind in each staff catalogue, each action in words of its own (the filter picks by words)', () => {
    for (const language of STAFF_LANGUAGES) {
      const messages: Record<string, string> = JSON.parse(
        readFileSync(
          join(import.meta.dirname, `../../../../../packages/messages/catalogues/staff/${language}.json`),
          'utf8',
        ),
      );
      const words = Object.values(AUDIT_ACTION_MESSAGES).map((id) => messages[id]);
      expect(
        words.filter((w) => !w?.trim()),
        language,
      ).toEqual([]);
      expect(new Set(words).size, language).toBe(words.length);
      for (const id of Object.values(AUDIT_TARGET_MESSAGES)) expect(messages[id]?.trim(), id).toBeTruthy();
    }
  });

  it('names each action, settings before → after, a replaced secret as a mark, older route entries too', async () => {
    renderLog();
    expect(await rowText(1)).toContain('Turned password sign-in off');
    expect(await rowText(1)).toContain('Password sign-in turned off: No → Yes');
    expect(await rowText(1)).toContain('Organization: Demo Org');
    expect(await rowText(1)).toContain('anna@lernwerk.koeln (Admin)');
    expect(await rowText(2)).toContain('Changed the sign-in settings');
    expect(await rowText(2)).toContain('Client secret: (hidden) → (new, hidden)');
    expect(await rowText(3)).toContain('Deleted a room');
    expect(await rowText(3)).toContain('Room: Blue Room');
    expect(await rowText(4)).toContain("Changed a user's role");
    expect(await rowText(4)).toContain('Role: Facilitator → Admin');
    expect(await rowText(4)).toContain('User: Demo Org');
    expect(screen.queryByText(/DELETE \/deleteroom/)).toBeNull();
  });

  it('speaks German to a German admin', async () => {
    await activateLanguage('de');
    renderLog();
    expect(await rowText(1)).toContain('Anmeldung mit Passwort ausgeschaltet: Nein → Ja');
    expect(await rowText(3)).toContain('Raum gelöscht');
    expect(await rowText(4)).toContain('Rolle eines Benutzers geändert');
  });

  it('filters by an action chosen by its words', async () => {
    renderLog();
    await rowText(1);
    fireEvent.click(screen.getByRole('textbox', { name: 'Action' }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('option', { name: 'Deleted a room', hidden: true }));
    });
    const urls = () => (fetch as unknown as Mock).mock.calls.map(([url]) => String(url));
    await waitFor(() => expect(urls().some((u) => u.includes('action=room.delete'))).toBe(true));
  });
});
