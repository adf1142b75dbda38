/**
 * A signed-in visitor for the browser benchmarks (first visit, Lighthouse): an account made
 * through the API, a few posts with a photo so the feed and the profile have real content,
 * and the session as the web app stores it (localStorage `user`, {access, refresh}).
 */
import sharp from 'sharp';

const PASSWORD = 'first-visit-bench-password-0123';
const POSTS = 5;

export type Visitor = { id: number; access: string; refresh: string; session: string };

async function postJson(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

/** A 1600×1000 JPEG: a camera-sized photo, so the image variants matter. */
function photo(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1000,
      channels: 3,
      background: { r: seed * 40, g: 120, b: 200 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function createPost(baseUrl: string, access: string, index: number): Promise<void> {
  const form = new FormData();
  form.append('content', `Benchmark post number ${index}: a morning walk by the river.`);
  form.append('is_locked', 'false');
  const image = await photo(index);
  form.append('media', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'walk.jpg');
  form.append('media_type', 'image');
  const response = await fetch(`${baseUrl}/api/posts/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}`, accept: 'application/json' },
    body: form,
  });
  if (response.status !== 201) {
    throw new Error(`POST /api/posts/ answered ${response.status}: ${await response.text()}`);
  }
}

/** Signs a fresh user up, logs in and gives them a few photo posts. */
export async function makeVisitor(baseUrl: string): Promise<Visitor> {
  const username = `visitor${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const signup = await postJson(`${baseUrl}/api/auth/signup/`, {
    username,
    email,
    password: PASSWORD,
    password_confirm: PASSWORD,
  });
  if (signup.status !== 201) throw new Error(`Sign-up answered ${signup.status}`);
  const token = await postJson(`${baseUrl}/api/auth/token/`, { email, password: PASSWORD });
  if (token.status !== 200) throw new Error(`Login answered ${token.status}`);
  const { access, refresh } = token.json as { access: string; refresh: string };
  const claims = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString());
  for (let index = 1; index <= POSTS; index += 1) await createPost(baseUrl, access, index);
  return {
    id: Number((claims as { user_id: number }).user_id),
    access,
    refresh,
    session: JSON.stringify({ access, refresh }),
  };
}

/** The pages both browser benchmarks load: path, and whether a session is needed. */
export function benchPages(visitor: Visitor): { name: string; path: string; signedIn: boolean }[] {
  return [
    { name: 'landing', path: '/landing', signedIn: false },
    { name: 'login', path: '/login', signedIn: false },
    { name: 'feed', path: '/', signedIn: true },
    { name: 'profile', path: `/profile/${visitor.id}`, signedIn: true },
  ];
}
