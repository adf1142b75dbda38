import { describe, expect, it } from 'vitest';
import { action } from './lib/app.ts';
import { readSession, useBrowser } from './lib/browser.ts';
import { expectPath, expectVisible } from './lib/expect.ts';

const t = useBrowser();

describe('/health', () => {
  it("renders 'healthy' for a signed-out visitor", async () => {
    const { page } = t;
    const response = await page.goto('/health');
    expect(response?.status()).toBe(200);
    await expectVisible(page.getByText('healthy', { exact: true }));
    await expectPath(page, '/health');
    expect(await readSession(page)).toBeNull();
  });
});

describe('marketing landing page', () => {
  it('shows the hero and leads to /signup from its Sign Up button', async () => {
    const { page } = t;
    await page.goto('/landing');
    await expectPath(page, '/landing');
    await expectVisible(
      page.getByRole('heading', { name: 'Welcome to your next gen Creator Platform' }),
    );
    await expectVisible(page.getByText('Limited spots available'));

    const nav = page.getByRole('navigation').first();
    await expectVisible(nav.getByRole('link', { name: 'Features' }));
    await expectVisible(nav.getByRole('link', { name: 'Why Zura' }));
    // The anchors lead to sections of the page.
    for (const name of ['Features', 'Why Zura']) {
      const href = await nav.getByRole('link', { name }).getAttribute('href');
      expect(href).toMatch(/^(\/landing)?#[\w-]+$/);
      const id = href?.slice(href.indexOf('#') + 1) ?? '';
      expect(await page.locator(`[id="${id}"]`).count(), `section #${id}`).toBe(1);
    }
    await nav.getByRole('link', { name: 'Features' }).click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#[\w-]+$/);
    await expectPath(page, '/landing');

    const signUp = action(nav, 'Sign Up');
    await expectVisible(signUp);
    await signUp.first().click();
    await expectPath(page, '/signup');
    await expectVisible(page.getByText('Create your account'));
  });

  it('redirects a signed-out visitor of / to /login', async () => {
    const { page } = t;
    await page.goto('/');
    await expectPath(page, '/login');
  });
});
