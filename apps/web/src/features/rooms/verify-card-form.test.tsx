import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { fakeApi, sessionAs } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { VerifyCardForm } from './verify-card-form';

/** The server's refusals of a serial, as it sends them: the English with its key. */
const refusals = {
  'XYZ-1': {
    status: 400,
    body: {
      code: 'VALIDATION',
      field: 'serial',
      message: 'Type the serial as printed on the card, for example K7QM4X-017',
      key: 'printedCards.serialFormat',
    },
  },
  'K7QM4X-017': {
    status: 409,
    body: {
      code: 'NO_GAME',
      message: 'No game is running in this room: open the lobby and start the game, then check the card',
      key: 'printedCards.noGame',
    },
  },
};

describe("'Karte prüfen' in German (issue 42)", () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await activateLanguage('en');
  });

  it.each(Object.keys(refusals))('a refused serial (%s) reads in German, not English', async (serial) => {
    await activateLanguage('de');
    fakeApi({
      'POST /rooms/5/printed-cards/verify': (call) =>
        refusals[(call.body as { serial: keyof typeof refusals }).serial],
    });
    renderRoutes([{ path: '/', element: <VerifyCardForm roomId={5} /> }], {
      session: sessionAs('FACILITATOR'),
    });
    fireEvent.change(screen.getByLabelText('Seriennummer der Karte'), { target: { value: serial } });
    fireEvent.click(screen.getByRole('button', { name: 'Prüfen' }));
    const english = refusals[serial as keyof typeof refusals].body.message;
    const error = await screen.findByText(/Seriennummer so ein|läuft kein Spiel/);
    expect(error.textContent).not.toBe(english);
  });
});
