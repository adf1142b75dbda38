import { describe, expect, it } from 'vitest';
import { action } from './lib/app.ts';
import { PHONE, readSession, useBrowser } from './lib/browser.ts';
import { expectPath, expectVisible } from './lib/expect.ts';
import { expectFitsNow } from './lib/fit.ts';

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

  it('keeps the Features and Why Zura anchors in the nav on a phone', async () => {
    const { page } = t;
    await page.setViewportSize(PHONE);
    await page.goto('/landing');
    const nav = page.getByRole('navigation').first();
    for (const [name, section] of [
      ['Features', 'features-title'],
      ['Why Zura', 'why-title'],
    ] as const) {
      const link = nav.getByRole('link', { name, exact: true });
      await expectVisible(link);
      const hash = new URL((await link.getAttribute('href')) ?? '', page.url()).hash;
      await link.click();
      // The anchor leads to its section, which comes into view.
      await expect.poll(() => new URL(page.url()).hash).toBe(hash);
      await expect.poll(() => page.locator(`[id="${section}"]`).isVisible()).toBe(true);
      const top = await page
        .locator(`[id="${section}"]`)
        .evaluate((el) => el.getBoundingClientRect().top);
      expect(top).toBeLessThan(PHONE.height);
    }
    await expectVisible(action(nav, 'Sign Up'));
    await expectFitsNow(page, 'the landing page on a phone');
  });

  it('redirects a signed-out visitor of / to /login', async () => {
    const { page } = t;
    await page.goto('/');
    await expectPath(page, '/login');
  });
});
