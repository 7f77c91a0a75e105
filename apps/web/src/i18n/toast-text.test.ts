import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage, staffMessagesLoaded } from './i18n';
import { httpErrorToast } from './toast-text';

describe('httpErrorToast (SPEC §8)', () => {
  afterEach(() => activateLanguage('en'));

  it.each([
    [400, 'Name taken', 'Bad Request: Name taken'],
    [400, undefined, 'Bad Request: Invalid request data'],
    [401, 'Token expired', 'Unauthorized: Token expired'],
    [401, undefined, 'Unauthorized'],
    [403, 'Nope', 'Forbidden: Nope'],
    [404, 'Room not found', 'Not Found: Room not found'],
    [409, undefined, 'Conflict: Duplicate entry'],
    [409, 'Email taken', 'Conflict: Email taken'],
    [500, 'Boom', 'Server Error: Boom'],
    [418, 'Teapot', 'Error 418: Teapot'],
  ])('%s %s', (status, message, expected) => {
    expect(httpErrorToast(status, message)).toBe(expected);
  });

  it('reports a missing response', () => {
    expect(httpErrorToast(undefined, undefined)).toBe('Network Error: No response received from the server');
  });

  it("reads in the reader's language", async () => {
    await activateLanguage('de');
    expect(httpErrorToast(404, 'Raum nicht gefunden')).toBe('Nicht gefunden: Raum nicht gefunden');
    expect(httpErrorToast(409, undefined)).toBe('Konflikt: Doppelter Eintrag');
    expect(httpErrorToast(503, undefined)).toBe('Fehler 503');
  });

  it('follows the staff language once the staff screens are loaded (a French browser: French, issue 44)', async () => {
    // The test setup loads the staff catalogue, as a staff screen does; a phone never does.
    expect(staffMessagesLoaded()).toBe(true);
    await activateLanguage('fr');
    expect(staffMessagesLoaded()).toBe(true);
    expect(httpErrorToast(400, undefined)).toBe('Requête invalide : Données de la requête invalides');
    expect(httpErrorToast(503, undefined)).toBe('Erreur 503');
  });
});
