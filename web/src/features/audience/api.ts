import { queryOptions } from '@tanstack/react-query';
import { client } from '../../lib/api-client';

export const emailShareKeys = { all: ['email-shares'] as const };

/** The creators this fan shares their email with (GET /auth/email-shares/). */
export function emailSharesQuery() {
  return queryOptions({
    queryKey: emailShareKeys.all,
    queryFn: ({ signal }) => client.GET('/api/auth/email-shares/', { signal }),
  });
}

/** Withdraws the fan's consent: the creator's next export no longer carries their email. */
export function withdrawEmailShare(creatorId: number) {
  return client.DELETE('/api/auth/email-shares/{creatorId}/', { path: { creatorId } });
}

/**
 * The creator's audience as CSV text. Fetched with the session's bearer token like any call
 * (a plain link would carry none), then handed to the browser as a file.
 */
export function fetchAudienceCsv() {
  // Text, not JSON: the document answers text/csv, which the client hands back as it came.
  return client.GET('/api/creator/audience/export/');
}
