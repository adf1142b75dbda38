import { queryOptions } from '@tanstack/react-query';
import type { creatorApplication, creatorApplicationStatus } from '@zura/contracts';
import type { z } from 'zod';
import { client, type Answer } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload';

/**
 * The server serializes through the contracts' schemas, so their types are the answers' shapes.
 * One creator application as the server presents it (to its author and to admins).
 */
export type CreatorApplication = z.infer<typeof creatorApplication>;
/** GET /auth/creator-application/: where the signed-in user stands. */
export type ApplicationState = z.infer<typeof creatorApplicationStatus>;

export const creatorKeys = {
  all: ['creator'] as const,
  application: () => [...creatorKeys.all, 'application'] as const,
};

export function applicationStateQuery() {
  return queryOptions({
    queryKey: creatorKeys.application(),
    queryFn: ({ signal }) => client.GET('/api/auth/creator-application/', { signal }),
  });
}

/** POST /auth/creator-application/ (multipart) with upload progress. */
export function submitCreatorApplication(body: FormData, onProgress?: (fraction: number) => void) {
  return uploadWithProgress<Answer<'/api/auth/creator-application/', 'post'>>(
    '/auth/creator-application/',
    body,
    { onProgress },
  );
}
