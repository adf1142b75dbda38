import { queryOptions } from '@tanstack/react-query';
import { emailShareList, messageResponse } from '@zura/contracts';
import { z } from 'zod';
import { api } from '../../lib/api';

export const emailShareKeys = { all: ['email-shares'] as const };

/** The creators this fan shares their email with (GET /auth/email-shares/). */
export function emailSharesQuery() {
  return queryOptions({
    queryKey: emailShareKeys.all,
    queryFn: ({ signal }) => api.get('/auth/email-shares/', { schema: emailShareList, signal }),
  });
}

/** Withdraws the fan's consent: the creator's next export no longer carries their email. */
export function withdrawEmailShare(creatorId: number) {
  return api.delete(`/auth/email-shares/${creatorId}/`, { schema: messageResponse });
}

/**
 * The creator's audience as CSV text. Fetched with the session's bearer token like any call
 * (a plain link would carry none), then handed to the browser as a file.
 */
export function fetchAudienceCsv() {
  return api.get('/creator/audience/export/', { schema: z.string() });
}
