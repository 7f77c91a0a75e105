import { createPublicKey, randomUUID } from 'node:crypto';
import { desc, isNull } from 'drizzle-orm';
import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8, type JWK, SignJWT } from 'jose';
import type { SecretBox } from '../auth/secret-box';
import type { Db } from '../db/client';
import { ltiToolKeys } from '../db/schema';

export const LTI_ALG = 'RS256';

type KeyRow = typeof ltiToolKeys.$inferSelect;

/**
 * The tool's signing keys (one set for the server, kept in lti_tool_keys): the newest signs, every
 * key not retired is published at /api/v1/lti/jwks under its kid. `rotate` adds a new key; the old
 * one stays published until its retired_at is set, so a platform that cached the keyset still
 * checks what the old one signed.
 */
export function toolKeys(db: Db, box: SecretBox) {
  let current: Promise<{ kid: string; key: CryptoKey | Uint8Array; publicJwk: JWK }> | null = null;

  const live = () =>
    db.select().from(ltiToolKeys).where(isNull(ltiToolKeys.retiredAt)).orderBy(desc(ltiToolKeys.createdAt));

  async function add(): Promise<KeyRow> {
    const { publicKey, privateKey } = await generateKeyPair(LTI_ALG, {
      extractable: true,
      modulusLength: 2048,
    });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: LTI_ALG, use: 'sig' };
    const [row] = await db
      .insert(ltiToolKeys)
      .values({ kid, publicJwk, privateKeyEncrypted: box.seal(await exportPKCS8(privateKey)) })
      .returning();
    return row!;
  }

  async function load() {
    // Two instances starting together may each add one: both are published, the newest signs.
    const row = (await live())[0] ?? (await add());
    return {
      kid: row.kid,
      key: await importPKCS8(box.open(row.privateKeyEncrypted), LTI_ALG),
      publicJwk: row.publicJwk as JWK,
    };
  }

  const signing = () => {
    current ??= load().catch((err) => {
      current = null;
      throw err;
    });
    return current;
  };

  return {
    /** The published keyset: every key not retired (made on first use). */
    async jwks(): Promise<{ keys: JWK[] }> {
      await signing();
      return { keys: (await live()).map((row) => row.publicJwk as JWK) };
    },
    /** The signing key's public half as PEM (for platforms that take a key, not a keyset URL). */
    async publicKeyPem(): Promise<string> {
      const { publicJwk } = await signing();
      return createPublicKey({ key: publicJwk as never, format: 'jwk' })
        .export({ type: 'spki', format: 'pem' })
        .toString();
    },
    /** A JWT signed with the current key, its kid in the header. */
    async sign(claims: Record<string, unknown>, expiresIn: string): Promise<string> {
      const { kid, key } = await signing();
      return new SignJWT(claims)
        .setProtectedHeader({ alg: LTI_ALG, kid, typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .setJti(randomUUID())
        .sign(key);
    },
    /** A new signing key; the previous ones stay published until retired. */
    async rotate(): Promise<string> {
      const row = await add();
      current = null;
      return row.kid;
    },
  };
}

export type ToolKeys = ReturnType<typeof toolKeys>;
