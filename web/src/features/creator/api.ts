import { queryOptions } from '@tanstack/react-query';
import { APPLICATION_STATUS_VALUES } from '@zura/contracts';
import { z } from 'zod';
import { api } from '../../lib/api';
import { uploadWithProgress } from '../../lib/upload';

/** One creator application as the server presents it (to its author and to admins). */
export const creatorApplication = z.looseObject({
  id: z.number(),
  status: z.enum(['pending', 'approved', 'rejected']),
  username: z.string(),
  bio: z.string(),
  category: z.string().nullish(),
  profile_image: z.string().nullish(),
  cover_image: z.string().nullish(),
  social_links: z.record(z.string(), z.string()),
  subcategories: z.array(z.string()),
  tags: z.array(z.string()),
  vibes: z.array(z.string()),
  rejection_reason: z.string().nullish(),
  created_at: z.string(),
  reviewed_at: z.string().nullish(),
});
export type CreatorApplication = z.infer<typeof creatorApplication>;

/** GET /auth/creator-application/: where the signed-in user stands. */
const applicationState = z.looseObject({
  status: z.enum(APPLICATION_STATUS_VALUES),
  is_creator: z.boolean(),
  application: creatorApplication.nullable(),
});
export type ApplicationState = z.infer<typeof applicationState>;

const submitAnswer = z.looseObject({
  message: z.string().optional(),
  status: z.string().optional(),
});

export const creatorKeys = {
  all: ['creator'] as const,
  application: () => [...creatorKeys.all, 'application'] as const,
};

export function applicationStateQuery() {
  return queryOptions({
    queryKey: creatorKeys.application(),
    queryFn: ({ signal }) =>
      api.get('/auth/creator-application/', { schema: applicationState, signal }),
  });
}

/** POST /auth/creator-application/ (multipart) with upload progress. */
export function submitCreatorApplication(body: FormData, onProgress?: (fraction: number) => void) {
  return uploadWithProgress('/auth/creator-application/', body, {
    schema: submitAnswer,
    onProgress,
  });
}
