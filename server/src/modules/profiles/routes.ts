import {
  messageResponse,
  ownProfile,
  profileUpdateRequest,
  unlockRequest,
  viewedProfile,
} from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decodeFormFields, parseOrThrow, pathUserKey } from '../../lib/validation.ts';
import { receiveMultipart, type UploadsService } from '../uploads/index.ts';
import type { ProfilesService } from './service.ts';

const userParams = z.object({ idOrUsername: pathUserKey() });
const JSON_FIELDS = ['subcategories', 'tags', 'vibes', 'social_links'] as const;
/** Multipart fields whose 'true', 'false' or 'null' mean the literal, not the text. */
const LITERAL_FIELDS = [
  'show_subcategories',
  'show_tags',
  'show_vibes',
  'is_profile_locked',
  'visible_mark_default',
  'category',
  'profile_image_uuid',
  'cover_image_uuid',
] as const;

export function profilesRoutes(deps: {
  profiles: ProfilesService;
  uploads: UploadsService;
}): FastifyPluginAsyncZod {
  const { profiles, uploads } = deps;
  return async (app) => {
    app.put('/auth/profile/', { schema: { response: { 200: ownProfile } } }, async (request) => {
      if (!request.isMultipart()) {
        return profiles.updateProfile(
          request.userId,
          parseOrThrow(profileUpdateRequest, request.body ?? {}),
        );
      }
      // The multipart variant may carry the images themselves instead of upload ids.
      const body = await receiveMultipart(request, uploads, ['profile_image', 'cover_image']);
      try {
        const input = parseOrThrow(
          profileUpdateRequest,
          decodeFormFields(body.fields, JSON_FIELDS, LITERAL_FIELDS),
        );
        for (const context of ['profile_image', 'cover_image'] as const) {
          const file = body.files.get(context);
          if (!file) continue;
          const stored = await uploads.finishUploadAs(request.userId, file, context, context);
          input[context === 'profile_image' ? 'profile_image_uuid' : 'cover_image_uuid'] =
            stored.id;
        }
        return await profiles.updateProfile(request.userId, input);
      } finally {
        await body.discardAll();
      }
    });

    app.delete(
      '/auth/profile/profile-image/',
      { schema: { response: { 200: messageResponse } } },
      (request) => profiles.deleteImage(request.userId, 'profile'),
    );
    app.delete(
      '/auth/profile/cover-image/',
      { schema: { response: { 200: messageResponse } } },
      (request) => profiles.deleteImage(request.userId, 'cover'),
    );

    app.get(
      '/auth/users/:idOrUsername/',
      { schema: { params: userParams, response: { 200: viewedProfile } } },
      (request) => profiles.getProfile(request.userId, request.params.idOrUsername),
    );

    app.post(
      '/auth/users/:idOrUsername/unlock/',
      {
        schema: {
          params: userParams,
          body: unlockRequest.nullish(),
          response: { 200: z.object({ message: z.string(), profile: viewedProfile }) },
        },
      },
      (request) =>
        profiles.unlockProfile(request.userId, request.params.idOrUsername, request.body?.password),
    );
  };
}
