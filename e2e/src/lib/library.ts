import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { person, sql, type Person } from './economy.ts';
import { api, baseUrl } from './server.ts';

/** Creators, their media library (GET /library/, POST /uploads/) and files on disk for pickers. */

/**
 * A fresh account made a creator the way no API does (SQL on the run's database; normally an
 * approved application does it), optionally with a bio set through PUT /auth/profile/.
 */
export async function creatorPerson(options: { bio?: string } = {}): Promise<Person> {
  const creator = await person();
  if (options.bio !== undefined) {
    const res = await api('PUT', '/auth/profile/', { bio: options.bio }, creator.tokens.access);
    expect(res.status, `PUT /auth/profile/ answered ${JSON.stringify(res.body)}`).toBe(200);
  }
  const updated = await sql('update users set is_creator = true where id = $1', [creator.id]);
  expect(updated.rowCount).toBe(1);
  return creator;
}

/** A merged library item as GET /library/ answers it (the fields the journeys read). */
export type LibraryItem = {
  id: string;
  file_hash: string;
  mediaType: string;
  mediaUrl: string;
  thumbnail_url: string | null;
  file_name: string;
  size: number;
  created_at: string;
  source: string;
  sources: string[];
  usage_count: number;
  refs: { post_ids: number[]; attachment_ids: string[]; file_ids: string[] };
};

/** GET /library/ (the first page, newest first). */
export async function libraryOf(access: string): Promise<LibraryItem[]> {
  const res = await api<{ results: LibraryItem[] }>('GET', '/library/', undefined, access);
  expect(res.status, `GET /library/ answered ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.results;
}

export type UploadedFile = { id: string; original_filename: string; file_size: number };

/** POST /uploads/ with context media: a file of the library, as My Content uploads it. */
export async function uploadToLibraryViaApi(
  access: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('context', 'media');
  form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const res = await fetch(`${baseUrl()}/api/uploads/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access}`, Accept: 'application/json' },
    body: form,
  });
  const body: unknown = await res.json().catch(() => null);
  expect(res.status, `POST /uploads/ answered ${JSON.stringify(body)}`).toBe(201);
  return body as UploadedFile;
}

/**
 * The size label of My Content (engagement spec §9): 1024-based B, KB, MB, GB, TB with at most
 * 2 decimals, trailing zeros dropped.
 */
export function sizeLabel(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${units[unit]}`;
}

/** The short date My Content shows ("Jan 5, 2026"), in the browser's zone of the journeys. */
export function shortDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

/**
 * Temporary directories for the native file pickers (a folder input needs a real folder);
 * removed after every test. Call at the top level of a test file.
 */
export function useTempDirs() {
  let made: string[] = [];
  afterEach(async () => {
    const dirs = made;
    made = [];
    await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });
  return {
    /** A new folder holding `files` (name → bytes); returns its path. */
    async folder(name: string, files: Record<string, Buffer | string>): Promise<string> {
      const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-e2e-files-'));
      made.push(parent);
      const dir = path.join(parent, name);
      await fs.mkdir(dir);
      for (const [file, content] of Object.entries(files)) {
        await fs.writeFile(path.join(dir, file), content);
      }
      return dir;
    },
  };
}

/**
 * Clicks a button that opens the browser's file picker and answers it with `files` (paths, a
 * folder's path, or in-memory files), as a person choosing them would.
 */
export async function pickFiles(
  page: Page,
  buttonName: string,
  files: string | string[] | { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: buttonName, exact: true }).click(),
  ]);
  await chooser.setFiles(files);
}

/**
 * Holds every POST /api/uploads/ of the page until `release()`, so the journey can see the
 * uploads in progress; the held requests then go on to the server unchanged.
 */
export async function holdUploads(page: Page) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let held = 0;
  const pattern = (url: URL) => url.pathname === '/api/uploads/';
  await page.route(pattern, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    held += 1;
    await gate;
    return route.continue();
  });
  return {
    /** How many uploads are being held. */
    held: () => held,
    /** Lets the held uploads (and any later one) through. */
    release() {
      open();
    },
  };
}
