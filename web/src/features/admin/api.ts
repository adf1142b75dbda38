import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { adminPayoutList, creatorApplicationReviewList } from '@zura/contracts';
import type { z } from 'zod';
import { client } from '../../lib/api-client';

export const APPLICATION_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationReviewStatus = (typeof APPLICATION_REVIEW_STATUSES)[number];
export const PAYOUT_REVIEW_STATUSES = ['requested', 'paid'] as const;
export type PayoutReviewStatus = (typeof PAYOUT_REVIEW_STATUSES)[number];

export type ReviewedApplication = z.infer<typeof creatorApplicationReviewList>[number];

/** The server serializes the queue through the contract's schema: its type is the answer's. */
export type ReviewedPayout = z.infer<typeof adminPayoutList>[number];

export const adminKeys = {
  all: ['admin'] as const,
  applications: (status?: ApplicationReviewStatus) =>
    status
      ? ([...adminKeys.all, 'applications', status] as const)
      : ([...adminKeys.all, 'applications'] as const),
  users: (query: string) => [...adminKeys.all, 'users', query] as const,
  auditLog: () => [...adminKeys.all, 'audit-log'] as const,
  payouts: (status?: PayoutReviewStatus) =>
    status
      ? ([...adminKeys.all, 'payouts', status] as const)
      : ([...adminKeys.all, 'payouts'] as const),
};

export function applicationsForReviewQuery(status: ApplicationReviewStatus) {
  return queryOptions({
    queryKey: adminKeys.applications(status),
    queryFn: ({ signal }) =>
      client.GET('/api/admin/creator-applications/', { query: { status }, signal }),
    // Others keep applying: every visit, tab switch and window focus asks again.
    staleTime: 0,
  });
}

export function approveApplication(id: number) {
  return client.POST('/api/admin/creator-applications/{id}/approve/', { path: { id } });
}

export function rejectApplication(id: number, reason: string) {
  return client.POST('/api/admin/creator-applications/{id}/reject/', {
    path: { id },
    body: { reason },
  });
}

export function payoutsForReviewQuery(status: PayoutReviewStatus) {
  return queryOptions({
    queryKey: adminKeys.payouts(status),
    queryFn: ({ signal }) => client.GET('/api/admin/payouts/', { query: { status }, signal }),
    staleTime: 0,
  });
}

export function markPayoutPaid(id: number) {
  return client.POST('/api/admin/payouts/{id}/mark-paid/', { path: { id } });
}

/** GET /admin/users/?q=: accounts whose username or email starts with the query. */
export function adminUsersQuery(query: string) {
  return queryOptions({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => client.GET('/api/admin/users/', { query: { q: query }, signal }),
    enabled: query.trim() !== '',
    staleTime: 0,
  });
}

export function suspendUser(id: number, reason: string) {
  return client.POST('/api/admin/users/{id}/suspend/', {
    path: { id },
    body: { reason },
  });
}

export function unsuspendUser(id: number) {
  return client.POST('/api/admin/users/{id}/unsuspend/', { path: { id }, body: {} });
}

/** POST /admin/users/{id}/2fa/reset/: two-factor off and every session ended; audited. */
export function resetUserTwoFactor(id: number, reason: string) {
  return client.POST('/api/admin/users/{id}/2fa/reset/', {
    path: { id },
    body: { reason },
  });
}

/** GET /admin/audit-log/: admin actions, newest first, 50 a page. */
export function auditLogQuery() {
  return infiniteQueryOptions({
    queryKey: adminKeys.auditLog(),
    queryFn: ({ pageParam, signal }) =>
      client.GET('/api/admin/audit-log/', {
        query: { before: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
    staleTime: 0,
  });
}
