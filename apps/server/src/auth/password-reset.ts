import { isStaffRole, message, RESET_TOKEN_TTL_MINUTES } from '@playshop/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PrintBrand } from '../branding/service';
import type { Db } from '../db/client';
import { organizations, passwordResetTokens, users } from '../db/schema';
import { AppError } from '../http/errors';
import { brandedMail } from '../mail/branded-mail';
import { mailLanguage, mailTexts } from '../mail/mail-texts';
import type { Mailer } from '../mail/mailer';
import { bumpedTokenVersion } from '../sessions/authenticate';
import { type SessionEnds, sessionsOf } from '../sessions/sessions';
import { hashOpaqueToken, newOpaqueToken } from '../sessions/tokens';
import { hashNewPassword } from './passwords';

/** An organization's look for a mail (the branding service's `forPrint`). */
export type BrandOf = (orgId: number) => Promise<PrintBrand | null>;

interface ResetDeps {
  db: Db;
  mailer: Mailer;
  brandOf?: BrandOf;
  publicUrl: string;
  log: FastifyBaseLogger;
  ends: SessionEnds;
  now: () => Date;
}

/** The reset mail in the account's language and its organization's look. */
async function sendResetMail(
  { mailer, brandOf }: Pick<ResetDeps, 'mailer' | 'brandOf'>,
  user: { email: string; orgId: number; language: string | null; orgLanguage: string },
  href: string,
): Promise<void> {
  const language = mailLanguage(user.language, user.orgLanguage);
  const t = await mailTexts(language);
  const brand = (await brandOf?.(user.orgId)) ?? null;
  await mailer.send(
    brandedMail({
      to: user.email,
      subject: t('mail.reset.subject'),
      paragraphs: [
        `${t('mail.reset.asked')}\n\n${t('mail.reset.open', { minutes: RESET_TOKEN_TTL_MINUTES })}`,
        t('mail.reset.notYou'),
      ],
      link: { label: t('mail.reset.button'), href },
      brand,
      language,
    }),
  );
}

/** A forgotten staff password: a single-use link by mail, then a new password that signs out every session. */
export function passwordReset({ db, mailer, brandOf, publicUrl, log, ends, now }: ResetDeps) {
  return {
    /**
     * Mails a single-use reset link to a staff account. Returns as soon as the token is stored
     * or found missing; the mail is sent in the background so timing does not tell them apart.
     */
    async requestReset(email: string): Promise<void> {
      const [user] = await db
        .select({
          id: users.id,
          email: users.email,
          role: users.role,
          orgId: users.orgId,
          language: users.language,
          orgLanguage: organizations.language,
        })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.orgId))
        .where(eq(users.email, email.trim().toLowerCase()))
        .limit(1);
      if (!user?.email || !isStaffRole(user.role)) return;
      const token = newOpaqueToken();
      await db.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: token.hash,
        expiresAt: new Date(now().getTime() + RESET_TOKEN_TTL_MINUTES * 60 * 1000),
      });
      const href = `${publicUrl}/reset-password?token=${encodeURIComponent(token.raw)}`;
      // Built and sent in the background: the organization's logo is read from storage.
      sendResetMail({ mailer, brandOf }, { ...user, email: user.email }, href).catch((err: unknown) =>
        log.error({ err }, 'password reset mail failed'),
      );
    },

    /** Sets a new password with a valid reset token, spends the token and signs out every session. */
    async resetPassword(raw: string, password: string): Promise<void> {
      // The token's owner first, so their own email and name are refused in the new password.
      const [owner] = await db
        .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(eq(passwordResetTokens.tokenHash, hashOpaqueToken(raw)))
        .limit(1);
      const passwordHash = await hashNewPassword(password, owner);
      const userId = await db.transaction(async (tx) => {
        const [spent] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now() })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashOpaqueToken(raw)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now()),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!spent) return null;
        // The token version guards sign-in steps begun before (a two-factor challenge, sessionFor).
        await tx
          .update(users)
          .set({ passwordHash, tokenVersion: bumpedTokenVersion() })
          .where(eq(users.id, spent.userId));
        return spent.userId;
      });
      if (userId === null)
        throw new AppError('INVALID_RESET_TOKEN', 400, message('errors.invalidResetToken'));
      // Every session of the account ends, on every instance.
      await ends.end(sessionsOf.user(userId), 'password_reset');
    },
  };
}
