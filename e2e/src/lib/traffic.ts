import type { Page, Response } from 'playwright-core';

/** What a page fetched (each hop of a redirect on its own), and what its CSP refused. */

export type Exchange = {
  url: URL;
  method: string;
  status: number;
  /** Request headers as sent on the wire (lower-case names). */
  requestHeaders: Record<string, string>;
  /** Response headers (lower-case names). */
  headers: Record<string, string>;
  /** The URL of the hop that redirected here, if any. */
  redirectedFrom: string | undefined;
  /** The body of a JSON answer, as text (undefined for other answers or when unreadable). */
  json: string | undefined;
};

/**
 * Records every response the page receives from now on, redirects included. Call before the
 * page navigates. `settled()` waits for the headers and bodies still being read.
 */
export function recordTraffic(page: Page) {
  const pending: Promise<Exchange>[] = [];
  const read = async (response: Response): Promise<Exchange> => {
    const request = response.request();
    const headers = await response.allHeaders();
    const json = (headers['content-type'] ?? '').includes('json')
      ? await response.text().catch(() => undefined)
      : undefined;
    return {
      url: new URL(response.url()),
      method: request.method(),
      status: response.status(),
      requestHeaders: await request.allHeaders().catch(() => request.headers()),
      headers,
      redirectedFrom: request.redirectedFrom()?.url(),
      json,
    };
  };
  page.on('response', (response) => {
    pending.push(read(response));
  });
  return {
    /** Every exchange so far, oldest first. */
    async settled(): Promise<Exchange[]> {
      return Promise.all(pending);
    },
  };
}

/**
 * Collects Content-Security-Policy violations of the page: the `securitypolicyviolation` events
 * of every document it shows, and the console's "Refused to ..." reports. Call before the page
 * navigates.
 */
export async function watchCspViolations(page: Page) {
  const reports: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|connect|execute|frame)/i.test(text)) {
      reports.push(`console: ${text}`);
    }
  });
  await page.exposeFunction('__zuraE2eCspViolation', (text: string) => {
    reports.push(`event: ${text}`);
  });
  await page.addInitScript(() => {
    // The e2e project has no DOM typings: the few members used here.
    type Violation = {
      violatedDirective: string;
      blockedURI: string;
      sourceFile: string;
      lineNumber: number;
      columnNumber: number;
    };
    const scope = globalThis as unknown as {
      document: { addEventListener(type: string, listener: (event: Violation) => void): void };
      __zuraE2eCspViolation(text: string): void;
    };
    scope.document.addEventListener('securitypolicyviolation', (event) => {
      scope.__zuraE2eCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
      );
    });
  });
  return {
    /** Every violation reported so far. */
    get reports(): readonly string[] {
      return reports;
    },
  };
}
