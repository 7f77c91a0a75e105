import { describe, expect, it } from 'vitest';
import { httpErrorToast, stripControlChars } from './messages';

describe('httpErrorToast (SPEC §8)', () => {
  it.each([
    [400, 'Name taken', 'Bad Request: Name taken'],
    [400, undefined, 'Bad Request: Invalid request data'],
    [401, 'Token expired', 'Unauthorized: Token expired'],
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
  it('strips terminal control characters', () => {
    expect(stripControlChars('a\u001b[31mb\u0007c')).toBe('a[31mbc');
  });
});
