import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  adminUserList,
  auditLogPage,
  messageResponse,
  type adminPayoutList,
} from '@zura/contracts';
import { z } from 'zod';
import { api } from '../../lib/api';
import { creatorApplication } from '../creator/api';
import type { Payout } from '../wallet/api';

export const APPLICATION_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationReviewStatus = (typeof APPLICATION_REVIEW_STATUSES)[number];
export const PAYOUT_REVIEW_STATUSES = ['requested', 'paid'] as const;
export type PayoutReviewStatus = (typeof PAYOUT_REVIEW_STATUSES)[number];

const account = z.looseObject({ id: z.number(), username: z.string(), email: z.string() });

const reviewedApplication = creatorApplication.extend({ user: account });
export type ReviewedApplication = z.infer<typeof reviewedApplication>;

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
      api.get(`/admin/creator-applications/?status=${status}`, {
        schema: z.array(reviewedApplication),
        signal,
      }),
    // Others keep applying: every visit, tab switch and window focus asks again.
    staleTime: 0,
  });
}

export function approveApplication(id: number) {
  return api.post(`/admin/creator-applications/${id}/approve/`, undefined, {
    schema: creatorApplication,
  });
}

export function rejectApplication(id: number, reason: string) {
  return api.post(
    `/admin/creator-applications/${id}/reject/`,
    { reason },
    { schema: creatorApplication },
  );
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
      api.get(`/admin/users/?q=${encodeURIComponent(query)}`, { schema: adminUserList, signal }),
    enabled: query.trim() !== '',
    staleTime: 0,
  });
}

export function suspendUser(id: number, reason: string) {
  return api.post(`/admin/users/${id}/suspend/`, { reason }, { schema: messageResponse });
}

export function unsuspendUser(id: number) {
  return api.post(`/admin/users/${id}/unsuspend/`, {}, { schema: messageResponse });
}

/** GET /admin/audit-log/: admin actions, newest first, 50 a page. */
export function auditLogQuery() {
  return infiniteQueryOptions({
    queryKey: adminKeys.auditLog(),
    queryFn: ({ pageParam, signal }) =>
      api.get(`/admin/audit-log/${pageParam ? `?before=${pageParam}` : ''}`, {
        schema: auditLogPage,
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
    staleTime: 0,
  });
}
