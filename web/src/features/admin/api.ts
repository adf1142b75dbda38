import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  adminPayoutList,
  adminUserList,
  auditLogPage,
  creatorApplicationReviewList,
  messageResponse,
} from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';
import type { CreatorApplication } from '../creator';
import type { Payout } from '../wallet';

export const APPLICATION_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationReviewStatus = (typeof APPLICATION_REVIEW_STATUSES)[number];
export const PAYOUT_REVIEW_STATUSES = ['requested', 'paid'] as const;
export type PayoutReviewStatus = (typeof PAYOUT_REVIEW_STATUSES)[number];

export type ReviewedApplication = z.infer<typeof creatorApplicationReviewList>[number];

/** The server serializes the queue through the contract's schema: its type is the answer's. */
export type ReviewedPayout = z.infer<typeof adminPayoutList>[number];

type MessageAnswer = z.infer<typeof messageResponse>;

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
      api.get<ReviewedApplication[]>(`/admin/creator-applications/?status=${status}`, { signal }),
    // Others keep applying: every visit, tab switch and window focus asks again.
    staleTime: 0,
  });
}

export function approveApplication(id: number) {
  return api.post<CreatorApplication>(`/admin/creator-applications/${id}/approve/`);
}

export function rejectApplication(id: number, reason: string) {
  return api.post<CreatorApplication>(`/admin/creator-applications/${id}/reject/`, { reason });
}

export function payoutsForReviewQuery(status: PayoutReviewStatus) {
  return queryOptions({
    queryKey: adminKeys.payouts(status),
    queryFn: ({ signal }) =>
      api.get<ReviewedPayout[]>(`/admin/payouts/?status=${status}`, { signal }),
    staleTime: 0,
  });
}

export function markPayoutPaid(id: number) {
  return api.post<Payout>(`/admin/payouts/${id}/mark-paid/`);
}

/** GET /admin/users/?q=: accounts whose username or email starts with the query. */
export function adminUsersQuery(query: string) {
  return queryOptions({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof adminUserList>>(`/admin/users/?q=${encodeURIComponent(query)}`, {
        signal,
      }),
    enabled: query.trim() !== '',
    staleTime: 0,
  });
}

export function suspendUser(id: number, reason: string) {
  return api.post<MessageAnswer>(`/admin/users/${id}/suspend/`, { reason });
}

export function unsuspendUser(id: number) {
  return api.post<MessageAnswer>(`/admin/users/${id}/unsuspend/`, {});
}

/** POST /admin/users/{id}/2fa/reset/: two-factor off and every session ended; audited. */
export function resetUserTwoFactor(id: number, reason: string) {
  return api.post<MessageAnswer>(`/admin/users/${id}/2fa/reset/`, { reason });
}

/** GET /admin/audit-log/: admin actions, newest first, 50 a page. */
export function auditLogQuery() {
  return infiniteQueryOptions({
    queryKey: adminKeys.auditLog(),
    queryFn: ({ pageParam, signal }) =>
      api.get<z.infer<typeof auditLogPage>>(
        `/admin/audit-log/${pageParam ? `?before=${pageParam}` : ''}`,
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
    staleTime: 0,
  });
}
