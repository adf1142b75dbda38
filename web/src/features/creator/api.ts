import { queryOptions } from '@tanstack/react-query';
import type { creatorApplication, creatorApplicationStatus } from '@zura/contracts';
import type { z } from 'zod';
import { client } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload';
import type { ApplicationBody } from './application-form';

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
export function submitCreatorApplication(
  body: ApplicationBody,
  onProgress?: (fraction: number) => void,
) {
  return uploadWithProgress('/api/auth/creator-application/', body, { onProgress });
}
