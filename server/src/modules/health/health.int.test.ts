import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/', () => {
  it('answers ok after checking the database', async () => {
    const res = await t.request({ method: 'GET', url: '/api/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('names the request on refusals and errors too, the one it was given when well formed', async () => {
    for (const url of ['/api/posts/', '/api/no-such-route/']) {
      const res = await t.request({
        method: 'GET',
        url,
        headers: { 'x-request-id': 'trace-1234' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['x-request-id']).toBe('trace-1234');
    }
  });

  it('answers 503 when the database is gone', async () => {
    const other = await buildTestApp();
    await other.pool.end();
    const res = await other.request({ method: 'GET', url: '/api/' });
    expect(res.statusCode).toBe(503);
    await other.close();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/does-not-exist/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'No API route for GET /api/does-not-exist/.' });
  });
});
