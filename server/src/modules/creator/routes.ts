import {
  creatorApplication,
  creatorApplicationReviewList,
  creatorApplicationStatus,
  creatorApplicationSubmitted,
} from '@zura/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from '../../lib/errors.ts';
import { pathId } from '../../lib/validation.ts';
import { adminRoute } from '../../plugins/auth.ts';
import { receiveMultipart, type UploadsService } from '../uploads/index.ts';
import type { CreatorService } from './service.ts';

const idParams = z.object({ id: pathId('Not a valid application id.') });
const statusQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
});
const rejectBody = z.object({
  reason: z
    .string({ error: 'Give a reason for the applicant.' })
    .trim()
    .min(1, 'Give a reason for the applicant.')
    .max(1000, 'The reason must be at most 1000 characters long.'),
});

/**
 * A JSON field of the multipart form: a list of strings or an object of strings. Only the shape
 * is checked here (the form's field size bounds it); how many entries and which the service
 * decides, by the rule the profile editor follows.
 */
function jsonField<T>(raw: string | undefined, field: string, shape: 'list' | 'object'): T {
  if (raw === undefined || raw === '') return (shape === 'list' ? [] : {}) as T;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ValidationError({ [field]: ['Send this field as JSON.'] });
  }
  const ok =
    shape === 'list'
      ? Array.isArray(value) && value.every((v) => typeof v === 'string')
      : typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every((v) => typeof v === 'string' && v.length <= 500);
  if (!ok)
    throw new ValidationError({
      [field]: [shape === 'list' ? 'Send a list of short texts.' : 'Send an object of links.'],
    });
  return value as T;
}

export function creatorRoutes(deps: {
  creator: CreatorService;
  uploads: UploadsService;
}): FastifyPluginAsyncZod {
  const { creator, uploads } = deps;
  return async (app) => {
    app.get(
      '/auth/creator-application/',
      { schema: { response: { 200: creatorApplicationStatus } } },
      (request) => creator.status(request.userId),
    );

    app.post(
      '/auth/creator-application/',
      { schema: { response: { 201: creatorApplicationSubmitted } } },
      async (request, reply) => {
        const body = await receiveMultipart(request, uploads, ['profile_image', 'cover_image']);
        try {
          const { fields, files } = body;
          const result = await creator.apply(request.userId, {
            username: fields.username ?? '',
            bio: fields.bio ?? '',
            category: fields.category ?? '',
            socialLinks: jsonField(fields.social_links, 'social_links', 'object'),
            subcategories: jsonField(fields.subcategories, 'subcategories', 'list'),
            tags: jsonField(fields.tags, 'tags', 'list'),
            vibes: jsonField(fields.vibes, 'vibes', 'list'),
            profileImage: files.get('profile_image'),
            coverImage: files.get('cover_image'),
          });
          return await reply.status(201).send(result);
        } finally {
          await body.discardAll();
        }
      },
    );

    // A non-admin gets 404 (and no token 401) whatever they send, never a validation answer.
    app.get(
      '/admin/creator-applications/',
      {
        config: adminRoute,
        schema: { querystring: statusQuery, response: { 200: creatorApplicationReviewList } },
      },
      (request) => creator.listForReview(request.query.status),
    );
    app.post(
      '/admin/creator-applications/:id/approve/',
      { config: adminRoute, schema: { params: idParams, response: { 200: creatorApplication } } },
      (request) => creator.approve(request.userId, request.params.id),
    );
    app.post(
      '/admin/creator-applications/:id/reject/',
      {
        config: adminRoute,
        schema: { params: idParams, body: rejectBody, response: { 200: creatorApplication } },
      },
      (request) => creator.reject(request.userId, request.params.id, request.body.reason),
    );
  };
}
