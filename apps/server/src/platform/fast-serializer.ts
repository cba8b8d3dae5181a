import fastJson from 'fast-json-stringify';
import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The serializer compiler of a hot route: its 200 answer is written by fast-json-stringify from the
 * zod schema's JSON Schema, every other status by the zod serializer like everywhere else. On a
 * feed page of 20 posts: 194 µs with zod (encode and check, then JSON.stringify), 58 µs this way
 * (docs/decisions/0006-feed-speed.md). The zod serializer also checks the answer against the
 * schema; here the service's types do, and a test compares both serializers on real pages.
 */
export function fastOkSerializer<S>(okSchema: z.ZodType): FastifySerializerCompiler<S> {
  const stringify = fastStringify(okSchema);
  // Every other status is a route's own zod schema, which the zod compiler expects.
  return (route) =>
    String(route.httpStatus) === '200'
      ? stringify
      : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
}

/** fast-json-stringify of a zod schema's output (what a route that writes its answer itself uses). */
export function fastStringify<T>(schema: z.ZodType<T>): (value: T) => string {
  return fastJson(
    z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Parameters<typeof fastJson>[0],
  );
}

/** Sends JSON the route wrote itself (a string with a JSON type goes out as it is, unserialized). */
export function sendWrittenJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
