import type { FastifyInstance } from 'fastify';

interface RegisteredRoute {
  method: string;
  /** The full path as registered, e.g. `/api/v1/get-org-by-id/:id`. */
  url: string;
  /** Reachable without an access token (`config.public`). */
  isPublic: boolean;
}

/**
 * Records every route the app registers (HEAD twins of GET routes left out), so the authorization
 * matrix test can prove each /api/v1 route has a row. Call before any route is registered.
 */
export function trackRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, isPublic: route.config?.public === true });
    }
  });
  return routes;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the authorization matrix test. */
    registeredRoutes: RegisteredRoute[];
  }
}
