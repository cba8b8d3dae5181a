import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@brushline/shared/messages';
import { tagMessages } from '@brushline/shared/tags/messages';
import { TAG_PAGE_SIZE, TAG_SUGGESTIONS_MAX, TAG_WRITE_LIMIT } from '@brushline/shared/tags/constants';
import {
  TAG_ALREADY_MERGED_CODE,
  TAG_CONFLICT_CODE,
  tagCreateBodySchema,
  tagFilterQuerySchema,
  tagFullSchema,
  tagIdParamsSchema,
  tagMergeBodySchema,
  tagMessageResponseSchema,
  tagPageParamsSchema,
  tagPageSchema,
  tagSavedResponseSchema,
  tagSchema,
  tagSuggestionsSchema,
  tagSuggestQuerySchema,
  tagTitleParamsSchema,
  tagUpdateBodySchema,
} from '@brushline/shared/tags/schemas';
import type { Deps } from '../../platform/deps.ts';
import { listCachingNote, publicListCaching } from '../../platform/http-cache.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { TAG_SUGGEST_TTL_MS } from './tag-suggest-cache.ts';
import { deleteTag, mergeTag } from './tags-staff.service.ts';
import { createTag, getTagByTitle, getTagFull, listTags, suggestTags, updateTag } from './tags.service.ts';

const tags = ['tags'];
const security = [{ session: [] }];
const titleRule =
  'Titles are normalised before they are stored or compared (NFKC, lower case, surrounding spaces dropped, ' +
  'inner runs of spaces and underscores made one "_"): "Reference Sheet" is reference_sheet. See ' +
  'docs/decisions/0015-tag-wiki.md.';
const bodyRules =
  'synonyms and parentTags are titles. A new synonym title is created as a synonym; an existing unused tag ' +
  'is attached; a synonym dropped from the list becomes a tag of its own again. Each rule answers 400 with ' +
  'a code naming it: synonym_self, synonym_chain (a synonym cannot have synonyms; a tag with synonyms cannot ' +
  'become one), synonym_second_canonical, synonym_in_use, synonym_parents, parent_missing, parent_self, ' +
  'parent_is_synonym, cycle (the message names the cycle). A title used by another tag or synonym is 409 ' +
  `"${messages.tagExists}". At most ${TAG_WRITE_LIMIT.points} tag writes per ${TAG_WRITE_LIMIT.seconds / 60} minutes per user (429).`;

export const tagsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tags/take/:page',
      {
        schema: {
          tags,
          summary: 'One page of the wiki table (pages from 1); filter matches titles and synonym titles',
          description:
            `Canonical tags only, ${TAG_PAGE_SIZE} per page: exact matches (by title or synonym) first, then ` +
            'titles starting with the filter, then by title. `total` counts every match, so a table can page ' +
            `to the end; a page past the end is empty. ${titleRule}`,
          params: tagPageParamsSchema,
          querystring: tagFilterQuerySchema,
          response: { 200: tagPageSchema, ...errorResponses(400) },
        },
      },
      async (req) => listTags(deps, req.actor, req.params.page, req.query.filter),
    );

    app.get(
      '/tags/autocomplete',
      {
        schema: {
          tags,
          summary: 'Suggestions for tag pickers: prefix and trigram matches on titles and synonyms',
          description:
            'Path not in SPEC §7; chosen here. At most ' +
            `${TAG_SUGGESTIONS_MAX}, best first: exact, then prefix (most used first); only when fewer, ` +
            'similar titles: the query with each mistyped word corrected to the most similar word titles ' +
            'use (pg_trgm similarity), then the titles starting with its first words. A synonym answers its ' +
            'canonical tag with `alias` set and `label` ' +
            '"alias → canonical". NSFW tags are left out unless the signed-in reader displays NSFW. ' +
            listCachingNote(TAG_SUGGEST_TTL_MS),
          querystring: tagSuggestQuerySchema,
          response: { 200: tagSuggestionsSchema, ...errorResponses(400) },
        },
        onSend: publicListCaching(TAG_SUGGEST_TTL_MS),
      },
      async (req) => ({ items: await suggestTags(deps, req.actor, req.query.q) }),
    );

    app.get(
      '/tag/get/byIdFull/:id',
      {
        schema: {
          tags,
          summary: 'One tag with synonyms, parents, children, creator, contributers, usage count and history',
          description:
            'History is newest first (who, when, which fields, before → after); contributers are everyone in it. ' +
            "A synonym's id answers the synonym itself with `synonymOf` set. An NSFW tag (or its synonym) is " +
            '404 for readers who do not display NSFW, except its creator.',
          params: tagIdParamsSchema,
          response: { 200: tagFullSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => getTagFull(deps, req.actor, req.params.id),
    );

    app.get(
      '/tag/get/:title',
      {
        schema: {
          tags,
          summary: 'A tag by title; a synonym finds its canonical tag',
          description: `${titleRule} An NSFW tag is 404 for readers who do not display NSFW, except its creator.`,
          params: tagTitleParamsSchema,
          response: { 200: tagSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => getTagByTitle(deps, req.actor, req.params.title),
    );

    app.post(
      '/tag/create',
      {
        schema: {
          tags,
          security,
          summary: 'Create a tag (signed-in users)',
          description: `${bodyRules} ${titleRule}`,
          body: tagCreateBodySchema,
          response: { 200: tagSavedResponseSchema, ...errorResponses(400, 401, 409, 429) },
        },
        preHandler: deps.limits.perUser('tagWriteUser'),
      },
      async (req) => ({
        tag: await createTag(deps, requireActor(req), req.body),
        message: messages.tagCreated,
      }),
    );

    app.put(
      '/tag/update/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Edit a tag (signed-in users), from the version the edit started at',
          description:
            'The SPEC §7 fields (title, description, synonyms, maturity, tagType, parentTags) plus `version`: the ' +
            "tag's current version, read from GET tag/get/byIdFull/{id} and sent back unchanged (without it: 400 " +
            `"${tagMessages.versionRequired}"). ` +
            `A stale \`version\` answers 409 ${TAG_CONFLICT_CODE} (fields.version is the current one) and changes ` +
            'nothing: read the tag again, its history shows what changed meanwhile. An edit that changes ' +
            `nothing keeps the version. ${bodyRules}`,
          params: tagIdParamsSchema,
          body: tagUpdateBodySchema,
          response: { 200: tagSavedResponseSchema, ...errorResponses(400, 401, 404, 409, 429) },
        },
        preHandler: deps.limits.perUser('tagWriteUser'),
      },
      async (req) => ({
        tag: await updateTag(deps, requireActor(req), req.params.id, req.body),
        message: messages.tagUpdated,
      }),
    );

    app.post(
      '/tag/merge/:id',
      {
        schema: {
          tags,
          security,
          summary:
            'Merge a tag into another (staff): it becomes a synonym, its usages, synonyms and links move',
          description:
            'Path not in SPEC §7; chosen here. Admins and moderators only (403 otherwise). `into` may be a ' +
            'synonym title (its canonical tag is meant). A moved link that would make a cycle refuses the ' +
            'merge (400 cycle). A tag already merged into that tag answers 409 ' +
            `${TAG_ALREADY_MERGED_CODE} and changes nothing (of several staff merging the same pair at once, one ` +
            'gets 200 and the others 409). Answers the tag merged into.',
          params: tagIdParamsSchema,
          body: tagMergeBodySchema,
          response: { 200: tagSavedResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
        preHandler: deps.limits.perUser('tagWriteUser'),
      },
      async (req) => ({
        tag: await mergeTag(deps, requireActor(req), req.params.id, req.body),
        message: tagMessages.tagMerged,
      }),
    );

    app.delete(
      '/tag/delete/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete a tag and its synonyms (staff); usages and links go, history stays',
          description: 'Path not in SPEC §7; chosen here. Admins and moderators only (403 otherwise).',
          params: tagIdParamsSchema,
          response: { 200: tagMessageResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
        preHandler: deps.limits.perUser('tagWriteUser'),
      },
      async (req) => {
        await deleteTag(deps, requireActor(req), req.params.id);
        return { message: tagMessages.tagDeleted };
      },
    );
  };
