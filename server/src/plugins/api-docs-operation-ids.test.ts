import { describe, expect, it } from 'vitest';
import { derivedOperationId, operationIdFor } from './api-docs-operation-ids.ts';

describe('operationIdFor', () => {
  it('names an operation after its method and path, parameters as By<Name>', () => {
    expect(operationIdFor('get', '/api/posts/{id}/comments/')).toBe('getPostsByIdComments');
    expect(operationIdFor('DELETE', '/api/auth/users/{idOrUsername}/block/')).toBe(
      'deleteAuthUsersByIdOrUsernameBlock',
    );
    expect(operationIdFor('post', '/api/messaging/conversations/start_conversation/')).toBe(
      'postMessagingConversationsStartConversation',
    );
  });

  it('tells routes outside /api apart from the API’s own', () => {
    expect(operationIdFor('get', '/media/{id}/{variant}')).toBe('getSiteMediaByIdByVariant');
    expect(operationIdFor('head', '/media/{id}/{variant}')).toBe('headSiteMediaByIdByVariant');
  });

  it('keeps the overrides where the derived name reads poorly', () => {
    expect(operationIdFor('post', '/api/auth/token/')).toBe('signIn');
    expect(operationIdFor('get', '/api/')).toBe('checkHealth');
  });

  it('gives different methods and paths different names', () => {
    const operations = [
      ['get', '/api/posts/'],
      ['post', '/api/posts/'],
      ['get', '/api/posts/{id}/'],
      ['get', '/api/posts/{id}/comments/'],
      ['get', '/api/posts/user/{idOrUsername}/'],
      ['get', '/api/comments/{id}/replies/'],
      ['get', '/media/{id}/hls/master.m3u8'],
      ['get', '/media/{id}/hls/{rung}/{file}'],
    ] as const;
    const ids = operations.map(([method, path]) => derivedOperationId(method, path));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
