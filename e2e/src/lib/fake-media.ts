import { chromium, type Browser, type Locator } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { CHROMIUM_PATH, type BrowserHarness } from './browser.ts';

/**
 * Chromium with a fake camera and microphone, for video calls: every getUserMedia() gets a
 * generated test pattern and tone, granted without a prompt.
 */

/** The flags `launchBrowser()` of browser.ts uses (kept in step with it). */
const STANDARD_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const FAKE_MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
] as const;

function launchBrowserWithFakeMedia(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...STANDARD_ARGS, ...FAKE_MEDIA_ARGS],
  });
}

/**
 * One fake-media browser per test file, as a harness for `useOtherVisitors()`: every person
 * of a test then opens a page with `visitors.open()` (own context, failure reports). The
 * harness has no page or context of its own.
 */
export function useFakeMediaBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowserWithFakeMedia();
  });
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });
  return {
    get browser() {
      if (!browser) throw new Error('No browser: use the harness inside a test');
      return browser;
    },
    get context(): never {
      throw new Error('The fake-media harness has no context of its own: use visitors.open()');
    },
    get page(): never {
      throw new Error('The fake-media harness has no page of its own: use visitors.open()');
    },
  };
}

export type VideoState = {
  /** The decoded frame size (0 until a frame arrived). */
  width: number;
  height: number;
  /** The size on screen. */
  clientWidth: number;
  clientHeight: number;
  paused: boolean;
  /** Tracks of the shown MediaStream (srcObject), by kind. */
  tracks: { kind: string; enabled: boolean; readyState: string }[];
};

/** What a <video> shows: frame size and the tracks of its MediaStream. */
export function videoState(video: Locator): Promise<VideoState> {
  return video.evaluate((element) => {
    // The e2e project has no DOM typings: the members of a <video> and MediaStream used here.
    type Track = { kind: string; enabled: boolean; readyState: string };
    const media = element as unknown as {
      videoWidth: number;
      videoHeight: number;
      clientWidth: number;
      clientHeight: number;
      paused: boolean;
      srcObject: { getTracks(): Track[] } | null;
    };
    return {
      width: media.videoWidth,
      height: media.videoHeight,
      clientWidth: media.clientWidth,
      clientHeight: media.clientHeight,
      paused: media.paused,
      tracks: (media.srcObject?.getTracks() ?? []).map((track) => ({
        kind: track.kind,
        enabled: track.enabled,
        readyState: track.readyState,
      })),
    };
  });
}

/** Waits until the <video> has decoded a frame (videoWidth > 0) and has a size on screen. */
export async function expectVideoPlaying(video: Locator, timeout = 20_000): Promise<VideoState> {
  await expect
    .poll(
      async () => {
        const state = await videoState(video).catch(() => undefined);
        return state !== undefined && state.width > 0 && state.height > 0 && state.clientWidth > 0;
      },
      { timeout, interval: 250, message: `${String(video)} should show video (videoWidth > 0)` },
    )
    .toBe(true);
  return videoState(video);
}

/** The `enabled` flags of the <video>'s stream's tracks of one kind. */
export async function trackFlags(video: Locator, kind: 'audio' | 'video'): Promise<boolean[]> {
  const state = await videoState(video);
  return state.tracks.filter((track) => track.kind === kind).map((track) => track.enabled);
}
