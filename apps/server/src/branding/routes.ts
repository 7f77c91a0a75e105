import { BRANDING_API, LOGO_MAX_BYTES, LOGO_PATH } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteAudit } from '../audit/trail';
import { route } from '../http/endpoint';
import type { Storage } from '../storage/storage';
import { sendStoredImage } from '../uploads/routes';
import { type BrandingService, LOGO_FOLDER } from './service';

/** An SVG logo draws shapes and inline styles; nothing in it may run or load (served as an image). */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

export function brandingRoutes(api: FastifyInstance, branding: BrandingService, storage: Storage): void {
  const audited = (req: Parameters<typeof noteAudit>[0], orgId: number) =>
    noteAudit(req, { target: { type: 'organization', orgId } });
  route(api, BRANDING_API.get, ({ actor, params }) => branding.get(actor, params.orgId));
  route(api, BRANDING_API.setColors, async ({ actor, body, req }) => {
    const after = await branding.setColors(actor, body);
    audited(req, after.orgId);
    return after;
  });
  route(
    api,
    BRANDING_API.setLogo,
    async ({ actor, body, req }) => {
      const after = await branding.setLogo(actor, body.orgId, body.data);
      audited(req, after.orgId);
      return after;
    },
    // Base64 makes 256 KB about 342 KB; a little more so that the service says "too large" itself.
    { bodyLimit: Math.ceil(LOGO_MAX_BYTES * 1.5) },
  );
  route(api, BRANDING_API.removeLogo, async ({ actor, params, req }) => {
    const after = await branding.removeLogo(actor, params.orgId);
    audited(req, after.orgId);
    return after;
  });

  api.withTypeProvider<ZodTypeProvider>().get(
    `${LOGO_PATH}/:orgId/:name`,
    {
      // Shown by <img> on public pages (join page, phones, mail): the hash in the name is the address.
      config: { public: true },
      schema: {
        tags: ['organizations'],
        summary: "An organization's logo (its address changes with the file: cached for a year)",
        params: z.object({
          orgId: z.coerce.number().int().positive(),
          name: z.string().regex(/^[0-9a-f]{64}\.(png|svg)$/),
        }),
      },
    },
    async (req, reply) => {
      const found = await storage.get(`${LOGO_FOLDER}/${req.params.orgId}/${req.params.name}`);
      if (!found) return reply.status(404).send({ message: 'File not found', code: 'NOT_FOUND' });
      return req.params.name.endsWith('.svg')
        ? sendStoredImage(reply, found, 'image/svg+xml', SVG_CSP)
        : sendStoredImage(reply, found, 'image/png');
    },
  );
}
