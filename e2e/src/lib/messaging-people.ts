import type { Page } from 'playwright-core';
import { storeSession, useBrowser } from './browser.ts';
import type { Person } from './economy.ts';
import { signedInPage } from './messaging.ts';
import { useOtherVisitors } from './visitors.ts';

/**
 * Two or more people messaging, each in a browser context of their own: the first person uses
 * the harness's page, everyone else a visitor's page. Call once at the top of a test file.
 */
export function useMessagingPeople() {
  const t = useBrowser();
  const visitors = useOtherVisitors(t);
  return {
    async harnessPageOf(who: Person): Promise<Page> {
      await storeSession(t.page, who.tokens);
      return t.page;
    },
    otherPageOf(who: Person): Promise<Page> {
      return signedInPage(() => visitors.open(), who);
    },
  };
}
