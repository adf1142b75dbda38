/**
 * Runs before every component test file (vitest `component` project, happy-dom): zod set up as
 * in main.tsx, jest-dom matchers, English i18n, and a clean DOM, storage and fetch after each
 * test, which fails if it made a request no canned answer covered.
 */
import '../src/lib/zod-config';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initTestI18n } from './i18n';
import { endFakeApi } from './network';

initTestI18n();

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  endFakeApi();
});
