import { describe, expect, it } from 'vitest';
import { stripControlChars } from './messages';

describe('stripControlChars (SPEC §5)', () => {
  it('strips terminal control characters', () => {
    expect(stripControlChars('a\u001b[31mb\u0007c')).toBe('a[31mbc');
  });
});
