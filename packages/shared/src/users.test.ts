import { describe, expect, it } from 'vitest';
import { ZCreatePlayer } from './users';

describe('player usernames', () => {
  const player = (username: string) => ({ firstName: 'Pat', lastName: 'Lee', username, organizationId: 1 });

  it('refuses the names the app routes use beside them', () => {
    for (const username of ['admin', 'Admin', ' FACILITATOR ']) {
      const result = ZCreatePlayer.safeParse(player(username));
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('This username is reserved: please choose another');
    }
  });

  it('accepts ordinary names, including ones that contain a reserved word', () => {
    expect(ZCreatePlayer.safeParse(player('admiral')).success).toBe(true);
    expect(ZCreatePlayer.safeParse(player('facilitator-fan')).success).toBe(true);
  });
});
