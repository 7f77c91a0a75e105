import type { Role, TwoFactorStep } from '@playshop/shared';
import type { SsoService } from './sso/service';
import type { TwoFactorService } from './two-factor/service';

/** What a right password leads to, past the password itself (auth/service.ts `login`). */
export interface SignInPolicy {
  afterPassword(
    user: { id: number; role: Role; orgId: number; orgName: string; tokenVersion: number },
    rememberDevice: string | undefined,
  ): Promise<TwoFactorStep | null>;
}

/** An organization that signs in through SSO only refuses it; then two-factor may ask for a code. */
export function signInPolicy(sso: SsoService, twoFactor: TwoFactorService): SignInPolicy {
  return {
    async afterPassword(user, rememberDevice) {
      await sso.assertPasswordSignInAllowed(user);
      return twoFactor.passwordStep(user, rememberDevice);
    },
  };
}
