import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_NAME } from '@brushline/shared/site';
import { hubDescription } from './hub-docs.ts';
import { operationIdOf } from './operation-ids.ts';

export const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** Response schemas for the error statuses a route can answer, for the OpenAPI document. */
export function errorResponses<S extends number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema])) as Record<S, typeof errorSchema>;
}

/** The OpenAPI document of every route registered after this (/api/openapi.json), browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '0.1.0',
        description: `Every route of the marketplace, under /api.\n\n${hubDescription()}`,
      },
      // Paths are written whole (/api/…): the server is this origin.
      servers: [{ url: '/', description: 'This installation (the origin serving the document)' }],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const { method } = input.route;
      const operationId = typeof method === 'string' ? operationIdOf(method, input.url) : undefined;
      return operationId ? { ...out, schema: { ...out.schema, operationId } } : out;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
