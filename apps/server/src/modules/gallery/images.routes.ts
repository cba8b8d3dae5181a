import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GALLERY_IMAGE_TAGS_MAX } from '@brushline/shared/gallery/constants';
import { galleryMessages } from '@brushline/shared/gallery/messages';
import {
  galleryImageCreateBodySchema,
  galleryImageSchema,
  galleryImageUpdateBodySchema,
  galleryMessageSchema,
  idParamsSchema,
  imageSavedSchema,
} from '@brushline/shared/gallery/schemas';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { addImage, deleteImage, getImage, updateImage } from './images.service.ts';

const tags = ['gallery'];
const security = [{ session: [] }];
const imageRule =
  'Privacy (SPEC §2 FAQ): Public images are listed in the main gallery; Private ones only on the owner’s page; ' +
  'Hidden ones only for the owner. A folder’s privacy caps its images’. Someone else’s Hidden image is 404 ' +
  'here and on GET /api/media/{id}/{variant}.';

/** Gallery images (decision 0017); paths ours. */
export const imagesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/gallery/image/:id',
      {
        schema: {
          tags,
          summary: 'One gallery image with its tags',
          description: imageRule,
          params: idParamsSchema,
          response: { 200: galleryImageSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => getImage(deps, req.actor, req.params.id),
    );

    app.post(
      '/gallery/image',
      {
        schema: {
          tags,
          security,
          summary: 'Place an upload (POST /api/media?purpose=gallery) in your gallery',
          description: `Up to ${GALLERY_IMAGE_TAGS_MAX} tags (titles; a synonym stores its canonical tag; an unknown title is 400). ${imageRule}`,
          body: galleryImageCreateBodySchema,
          response: { 200: imageSavedSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => ({
        image: await addImage(deps, requireActor(req), req.body),
        message: galleryMessages.imageSaved,
      }),
    );

    app.patch(
      '/gallery/image/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Change privacy, title or tags of your image, or move it (folderId; null: out of folders)',
          params: idParamsSchema,
          body: galleryImageUpdateBodySchema,
          response: { 200: imageSavedSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => ({
        image: await updateImage(deps, requireActor(req), req.params.id, req.body),
        message: galleryMessages.imageSaved,
      }),
    );

    app.delete(
      '/gallery/image/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete your image (its file too)',
          params: idParamsSchema,
          response: { 200: galleryMessageSchema, ...errorResponses(401, 404) },
        },
      },
      async (req) => {
        await deleteImage(deps, requireActor(req), req.params.id);
        return { message: galleryMessages.imageDeleted };
      },
    );
  };
