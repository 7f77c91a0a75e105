import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';

/**
 * The OpenAPI description of every route registered after this, and its pages at /api/docs as
 * API_DOCS says: the description maps every route and field, so production shows it to staff alone.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  apiDocs: Config['apiDocs'],
  staffOnly: () => (req: FastifyRequest) => Promise<void>,
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Playshop API',
        version: '1.0.0',
        description:
          'Every path but the auth paths and /public-settings needs `Authorization: Bearer <accessToken>`. ' +
          'Errors are `{message, code}`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  if (apiDocs !== 'off')
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      ...(apiDocs === 'staff' ? { uiHooks: { onRequest: staffOnly() } } : {}),
    });
}
