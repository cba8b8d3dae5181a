import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FOLDER_DEPTH_MAX } from '@brushline/shared/gallery/constants';
import { galleryMessages } from '@brushline/shared/gallery/messages';
import {
  folderContentSchema,
  folderCreateBodySchema,
  folderDeleteQuerySchema,
  folderOrderBodySchema,
  foldersOrderBodySchema,
  foldersOrderSavedSchema,
  folderSavedSchema,
  folderUpdateBodySchema,
  galleryMessageSchema,
  idParamsSchema,
  loginParamsSchema,
  userFoldersSchema,
} from '@brushline/shared/gallery/schemas';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import {
  createFolder,
  deleteFolder,
  getFolder,
  listUserFolders,
  reorderFolder,
  reorderFolders,
  updateFolder,
} from './folders.service.ts';

const tags = ['gallery'];
const security = [{ session: [] }];
const privacyRule =
  'Privacy (SPEC §2 FAQ): Public folders anyone opens; Private ones show on the owner’s page only (their images ' +
  'never reach the main gallery); Hidden ones only the owner and the allowedUserList (who also open the folders ' +
  'inside). A folder is as strict as the strictest folder above it. See docs/decisions/0017-galleries.md.';

/** Folders (decision 0017). SPEC §7 says only "GET folders by user login"; these paths are ours. */
export const foldersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/folders/user/:login',
      {
        schema: {
          tags,
          summary: 'A user’s folders this reader may open, and their images outside folders',
          description: privacyRule,
          params: loginParamsSchema,
          response: { 200: userFoldersSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => listUserFolders(deps, req.actor, req.params.login),
    );

    app.get(
      '/folder/:id',
      {
        schema: {
          tags,
          summary: 'One folder: its child folders and images this reader may see, in order',
          description: `${privacyRule} A folder the reader may not open is 404.`,
          params: idParamsSchema,
          response: { 200: folderContentSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => getFolder(deps, req.actor, req.params.id),
    );

    app.post(
      '/folder/create',
      {
        schema: {
          tags,
          security,
          summary: 'Create a folder (parentId null: a top folder)',
          description: `At most ${FOLDER_DEPTH_MAX} levels deep. allowedUserList is logins. ${privacyRule}`,
          body: folderCreateBodySchema,
          response: { 200: folderSavedSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => ({
        folder: await createFolder(deps, requireActor(req), req.body),
        message: galleryMessages.folderCreated,
      }),
    );

    app.patch(
      '/folder/update/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Rename, change privacy, icon or allowedUserList, or move (parentId) one of your folders',
          description:
            'Only what is sent changes. A move into itself or a folder inside it is 400 folder_cycle; past the depth cap 400 folder_too_deep.',
          params: idParamsSchema,
          body: folderUpdateBodySchema,
          response: { 200: folderSavedSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => ({
        folder: await updateFolder(deps, requireActor(req), req.params.id, req.body),
        message: galleryMessages.folderSaved,
      }),
    );

    app.patch(
      '/folder/order/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Reorder the images of one of your folders',
          description:
            'mediaFiles must name every image of the folder exactly once (else 409 order_mismatch).',
          params: idParamsSchema,
          body: folderOrderBodySchema,
          response: { 200: folderSavedSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => ({
        folder: await reorderFolder(deps, requireActor(req), req.params.id, req.body),
        message: galleryMessages.orderSaved,
      }),
    );

    app.patch(
      '/folders/order',
      {
        schema: {
          tags,
          security,
          summary: 'Reorder your folders at the top of your gallery or inside one of your folders',
          description:
            'childFolders must name every folder directly in parentId (null: the top) exactly once ' +
            '(else 409 order_mismatch); someone else’s parentId is 404.',
          body: foldersOrderBodySchema,
          response: { 200: foldersOrderSavedSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => ({
        childFolders: await reorderFolders(deps, requireActor(req), req.body),
        message: galleryMessages.orderSaved,
      }),
    );

    app.delete(
      '/folder/delete/:id',
      {
        schema: {
          tags,
          security,
          summary:
            'Delete one of your folders; ?images=keep moves its images and folders up, delete removes them',
          params: idParamsSchema,
          querystring: folderDeleteQuerySchema,
          response: { 200: galleryMessageSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => {
        await deleteFolder(deps, requireActor(req), req.params.id, req.query.images);
        return { message: galleryMessages.folderDeleted };
      },
    );
  };
