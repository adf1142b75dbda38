import { describe, expect, it } from 'vitest';
import { summaryFor, tagFor } from './api-docs-groups.ts';

describe('the API reference groups and summaries', () => {
  it('groups routes by area, never under "default"', () => {
    expect(tagFor('/api/posts/:id/')).toBe('Posts');
    expect(tagFor('/api/auth/users/:idOrUsername/block/')).toBe('Users');
    expect(tagFor('/api/auth/token/')).toBe('Sign-in');
    expect(tagFor('/api/admin/payouts/')).toBe('Admin');
    expect(tagFor('/api/creator/mass-messages/count/')).toBe('Mass messages');
    expect(tagFor('/api/push/subscriptions/')).toBe('Push');
    expect(tagFor('/api/')).toBe('Health');
  });

  it('names each operation by what it does', () => {
    expect(summaryFor('GET', '/api/posts/')).toBe('List posts');
    expect(summaryFor('POST', '/api/posts/')).toBe('Create post');
    expect(summaryFor('GET', '/api/posts/:id/')).toBe('Get post');
    expect(summaryFor('DELETE', '/api/auth/sessions/:id/')).toBe('Delete session');
    expect(summaryFor('POST', '/api/posts/:id/unlock/')).toBe('Unlock post');
    expect(summaryFor('POST', '/api/admin/users/:id/unsuspend/')).toBe('Unsuspend user');
    expect(summaryFor('GET', '/api/posts/user/:idOrUsername/')).toBe('List posts of user');
    expect(summaryFor('GET', '/api/auth/users/:idOrUsername/')).toBe('Get user');
    expect(summaryFor('GET', '/api/auth/profile/')).toBe('Get profile');
    expect(summaryFor('PUT', '/api/auth/profile/')).toBe('Update profile');
    expect(summaryFor('POST', '/api/auth/logout/')).toBe('Logout');
  });
});
