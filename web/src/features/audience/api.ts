import { queryOptions } from '@tanstack/react-query';
import type { emailShareList, messageResponse } from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';

export const emailShareKeys = { all: ['email-shares'] as const };

/** The creators this fan shares their email with (GET /auth/email-shares/). */
export function emailSharesQuery() {
  return queryOptions({
    queryKey: emailShareKeys.all,
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof emailShareList>>('/auth/email-shares/', { signal }),
  });
}

/** Withdraws the fan's consent: the creator's next export no longer carries their email. */
export function withdrawEmailShare(creatorId: number) {
  return api.delete<z.infer<typeof messageResponse>>(`/auth/email-shares/${creatorId}/`);
}

/**
 * The creator's audience as CSV text. Fetched with the session's bearer token like any call
 * (a plain link would carry none), then handed to the browser as a file.
 */
export function fetchAudienceCsv() {
  // Text, not JSON: the client hands back a body that does not parse as JSON as it came.
  return api.get<string>('/creator/audience/export/');
}
