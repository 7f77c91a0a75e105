import { describe, expect, it } from 'vitest';
import { ZCreateCategory } from './categories';
import { INT4_MAX, zId, zIdParam, zLine, zText, zWebAddress } from './input';
import { ZClientMessage } from './protocol';
import { ZPlayerForm } from './users';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('the boundary rules of every input schema', () => {
  it('ids are positive int4: 2^31 and 2^53−1 are refused, in bodies and in params', () => {
    expect(zId().safeParse(INT4_MAX).success).toBe(true);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 2 ** 53 - 1, Number.NaN])
      expect(firstMessage(zId().safeParse(bad))).toBe('input.idOutOfRange');
    expect(zIdParam().parse('12')).toBe(12);
    expect(firstMessage(zIdParam().safeParse(String(INT4_MAX + 1)))).toBe('input.idOutOfRange');
    expect(firstMessage(zIdParam('validation.required').safeParse(''))).toBe('validation.required');
  });
  it('text refuses NUL and keeps line breaks; one-line values refuse every control character', () => {
    expect(zText().safeParse('two\nlines').success).toBe(true);
    expect(firstMessage(zText().safeParse('a\u0000b'))).toBe('input.nul');
    for (const bad of ['a\u0000b', 'a\r\nb', 'a\u001b[31mb', 'tab\there', 'c1\u009b', 'ls\u2028'])
      expect(firstMessage(zLine().safeParse(bad))).toBe('input.controlChars');
    expect(zLine().safeParse('Café Ωmega 42').success).toBe(true);
  });
  it('names in the forms refuse control characters', () => {
    expect(firstMessage(ZCreateCategory.safeParse({ name: 'Evil\u001b[2J' }))).toBe('input.controlChars');
    const player = { firstName: 'Pat', lastName: 'Lee', username: 'pat\r\nSet-Cookie: x', organizationId: 1 };
    expect(firstMessage(ZPlayerForm.safeParse(player))).toBe('input.controlChars');
  });
  it('WebSocket frames get the same rules', () => {
    const roll = (roomId: unknown) => ({ type: 'game_event', payload: { action: 'get_roll', roomId } });
    expect(ZClientMessage.safeParse(roll(7)).success).toBe(true);
    expect(ZClientMessage.safeParse(roll(INT4_MAX + 1)).success).toBe(false);
    expect(ZClientMessage.safeParse(roll(2 ** 53 - 1)).success).toBe(false);
    const claim = { type: 'game_event', payload: { action: 'check_win', roomId: 7, username: 'a\u0000' } };
    expect(ZClientMessage.safeParse(claim).success).toBe(false);
    const reconnect = { type: 'room_event', payload: { action: 'reconnect', roomId: 7, lastSeq: 2 ** 40 } };
    expect(ZClientMessage.safeParse(reconnect).success).toBe(false);
  });
  it('web addresses: http(s) only, trimmed, within their length, and what the field adds', () => {
    const issuer = zWebAddress('bad', { maxLength: 40, also: (url) => !url.search });
    expect(issuer.parse('  https://idp.example.org/x ')).toBe('https://idp.example.org/x');
    for (const bad of ['ftp://idp.example.org', 'not an address', 'https://idp.example.org/?a=1'])
      expect(firstMessage(issuer.safeParse(bad))).toBe('bad');
    expect(issuer.safeParse(`https://${'a'.repeat(40)}.org`).success).toBe(false);
    expect(zWebAddress('bad').safeParse('https://idp.example.org/?a=1').success).toBe(true);
  });
});
