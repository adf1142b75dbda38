import { describe, expect, it } from 'vitest';
import { PHONE, storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi } from './lib/content.ts';
import { paidCreator } from './lib/economy.ts';
import { expectVisible } from './lib/expect.ts';
import { api } from './lib/server.ts';

/**
 * The owner of a locked profile is told so on their own profile, where they look first: on a
 * phone the notice is on the first screen, above a creator's "What you get" panel.
 */
const t = useBrowser({ viewport: PHONE });

describe('a locked profile seen by its owner', () => {
  it('tells a creator on a phone without scrolling', async () => {
    const { page } = t;
    const creator = await paidCreator();
    await createPostViaApi(creator.tokens.access, { content: 'Only for those with the word.' });
    const locked = await api(
      'PUT',
      '/auth/profile/',
      {
        bio: 'A creator with a locked profile.',
        is_profile_locked: true,
        profile_password: 'tide',
      },
      creator.tokens.access,
    );
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);

    await storeSession(page, creator.tokens);
    await page.goto('/profile');
    const notice = page.getByRole('status').filter({ hasText: 'Your profile is locked' });
    await expectVisible(notice);
    await expectVisible(page.getByRole('heading', { name: 'What you get' }));
    const box = await notice.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    const panel = await page.getByRole('heading', { name: 'What you get' }).boundingBox();
    expect(box!.y).toBeLessThan(panel!.y);
  });
});
