import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { accessibilityPage } from './accessibility-page';
import { securityPage } from './security-page';
import { securityTxt } from './security-txt';

/** Public, unchanged between restarts: caches may keep them an hour. */
const CACHE = 'public, max-age=3600';
const hidden = { schema: { hide: true } };

/**
 * What a buyer's security and accessibility review reads before anyone signs in: `/security`,
 * `/accessibility` and `/.well-known/security.txt` (RFC 9116), all outside /api and written by
 * the server (no script), so they answer even where the web app is not built.
 */
export function trustRoutes(app: FastifyInstance, config: Config): void {
  const contacts = config.securityContacts;
  // The address readers reach: PUBLIC_URL when set, else the one this request came to.
  const base = (req: FastifyRequest) =>
    config.publicUrlSet ? config.publicUrl : `${req.protocol}://${req.host}`;
  const sendHtml = (reply: FastifyReply, body: string) =>
    reply.header('cache-control', CACHE).type('text/html; charset=utf-8').send(body);

  app.get('/.well-known/security.txt', hidden, async (req, reply) => {
    reply.type('text/plain; charset=utf-8');
    // RFC 9116 requires a Contact: without one there is no file to serve, rather than a wrong one.
    if (contacts.length === 0) {
      return reply
        .status(404)
        .send('No security contact is configured for this installation (SECURITY_CONTACT).\n');
    }
    reply.header('cache-control', CACHE);
    return securityTxt({
      contacts,
      policy: `${base(req)}/security`,
      canonical: config.publicUrlSet ? `${config.publicUrl}/.well-known/security.txt` : undefined,
      now: new Date(),
    });
  });

  const security = securityPage({ contacts, auditRetentionDays: config.auditRetentionDays });
  app.get('/security', hidden, async (_req, reply) => sendHtml(reply, security));

  const accessibility = accessibilityPage({ securityTxt: contacts.length > 0 });
  app.get('/accessibility', hidden, async (_req, reply) => sendHtml(reply, accessibility));
}
