import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';

export const socialsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    void deps;
    void app;
  };
