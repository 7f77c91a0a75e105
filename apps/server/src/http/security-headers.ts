import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** A potentially trustworthy origin (Secure Contexts): https, or plain http on this machine's own names. */
function trustworthyOrigin(protocol: string, hostname: string): boolean {
  return protocol === 'https' || /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i.test(hostname);
}

/** Helmet's headers on every response, the content security policy the web app needs included. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // Helmet's middleware built once: @fastify/helmet builds it again (CSP parsed and all) on every
  // request, a WebSocket upgrade included (bench:ws allocation profile, docs/performance.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: ["'self'", 'https:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => {
      // A browser ignores Cross-Origin-Opener-Policy on an untrustworthy origin (plain http at a
      // network address: phones on a laptop's `npm start`) and logs a console error on every page.
      if (!trustworthyOrigin(req.protocol, req.hostname))
        reply.raw.removeHeader('Cross-Origin-Opener-Policy');
      done(err as Error | undefined);
    }),
  );
}
