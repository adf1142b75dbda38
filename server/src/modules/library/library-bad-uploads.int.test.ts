import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { quickUser } from '../../../test/economy.ts';
import { type TestUser } from '../../../test/factories.ts';
import { tempFiles, uploadFile } from '../../../test/media.ts';
import { multipart } from '../../../test/multipart.ts';
import { buildSecondInstance } from '../../../test/second-instance.ts';
import { sha256, uniquePng, type Page, libraryKit } from './library-test-kit.ts';

/**
 * My Content: the creator's post media, the chat attachments they sent and their library files,
 * merged into one list by content hash, with usage counts, sources and the ids to delete by.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const { libraryPage, wholeLibrary, itemOf, postWith, upload, sendAttachment, del } = libraryKit(
  () => t,
);

describe('bad uploads', () => {
  it.each(['media', 'user_media', 'message_attachment'])(
    'answers 400 for a zero-byte file in %s, and stores nothing',
    async (context) => {
      const creator = await quickUser(t, true);
      const res = await uploadFile(t, creator, {
        content: Buffer.alloc(0),
        context,
        filename: 'empty.png',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ file: ['The submitted file is empty.'] });
      const { rows } = await t.pool.query('SELECT 1 FROM uploads WHERE owner_id = $1', [
        creator.id,
      ]);
      expect(rows).toEqual([]);
      expect(await wholeLibrary(creator)).toEqual([]);
    },
  );

  it.each([
    ['../../etc/\u0001pass\u007fwd.png', 'passwd.png'],
    ['C:\\Users\\me\\Desktop\\holiday.png', 'holiday.png'],
    ['folder/sub folder/\tphoto\u000b.png', 'photo.png'],
    ['..\\..\\', 'file'],
    ['\u0000\u001f', 'file'],
  ])('cleans the name %j to %j in file_name', async (filename, cleaned) => {
    const creator = await quickUser(t, true);
    const bytes = await uniquePng();
    const res = await t.request({
      method: 'POST',
      url: '/api/uploads/',
      ...multipart({
        fields: { context: 'media' },
        files: [
          { name: 'file', filename, content: bytes, type: 'image/png', encodedFilename: true },
        ],
      }),
      token: creator.access,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().original_filename).toBe(cleaned);
    const item = await itemOf(creator, bytes);
    expect(item!.file_name).toBe(cleaned);
  });

  it('never answers a 5xx for CR or LF in a name', async () => {
    const creator = await quickUser(t, true);
    // As browsers send it: CR and LF percent-encoded inside the quoted name, kept as text.
    const quoted = await uploadFile(t, creator, {
      content: await uniquePng(),
      context: 'media',
      filename: 'a\r\nb.png',
    });
    expect(quoted.statusCode).toBe(201);
    expect(quoted.json().original_filename).toBe('a%0D%0Ab.png');
    // Raw in an RFC 5987 name, the parser drops the name and the part is no file at all.
    const raw = await t.request({
      method: 'POST',
      url: '/api/uploads/',
      ...multipart({
        fields: { context: 'media' },
        files: [
          {
            name: 'file',
            filename: 'a\r\nb.png',
            content: await uniquePng(),
            type: 'image/png',
            encodedFilename: true,
          },
        ],
      }),
      token: creator.access,
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ file: ['No file was submitted.'] });
    expect(await wholeLibrary(creator)).toHaveLength(1);
  });

  it('answers a clear 413, never a 5xx, for a folder of thousands of files in one request', async () => {
    const creator = await quickUser(t, true);
    const before = (await tempFiles(t)).length;
    const files = await Promise.all(
      Array.from({ length: 2000 }, async (_, i) => ({
        name: 'file',
        filename: `holiday/photo-${i}.png`,
        content: Buffer.from(`not really a png ${i}`),
        type: 'image/png',
      })),
    );
    const res = await t.request({
      method: 'POST',
      url: '/api/uploads/',
      ...multipart({ fields: { context: 'media' }, files }),
      token: creator.access,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ file: ['Too many or too large form fields.'] });
    const { rows } = await t.pool.query('SELECT 1 FROM uploads WHERE owner_id = $1', [creator.id]);
    expect(rows).toEqual([]);
    expect((await tempFiles(t)).length).toBeLessThanOrEqual(before);
  });

  it('takes a folder of files one request each, and lists each of them', async () => {
    const creator = await quickUser(t, true);
    const made: string[] = [];
    for (let i = 0; i < 30; i++) {
      made.push(
        await upload(creator, await uniquePng(), 'media', `holiday/day-${i}/photo-${i}.png`),
      );
    }
    const items = await wholeLibrary(creator, 7);
    expect(items.map((item) => item.id).sort()).toEqual(made.sort());
    expect(new Set(items.map((item) => item.file_name))).toEqual(
      new Set(Array.from({ length: 30 }, (_, i) => `photo-${i}.png`)),
    );
  });
});

describe('the first page, kept per owner', () => {
  const firstPage = async (user: TestUser, on: Pick<TestApp, 'request'> = t) => {
    const res = await on.request({ method: 'GET', url: '/api/library/', token: user.access });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>().results.map((item) => item.file_hash);
  };

  it('shows every change on the very next request, as the unkept walk does', async () => {
    const owner = await quickUser(t);
    const fan = await quickUser(t);
    expect(await firstPage(owner)).toEqual([]);

    const file = await uniquePng();
    const fileId = await upload(owner, file, 'user_media');
    expect(await firstPage(owner)).toEqual([sha256(file)]);
    const posted = await uniquePng();
    const post = await postWith(owner, posted);
    expect(await firstPage(owner)).toEqual([sha256(posted), sha256(file)]);
    const sent = await uniquePng();
    await sendAttachment(owner, fan, sent);
    expect(await firstPage(owner)).toEqual([sha256(sent), sha256(posted), sha256(file)]);
    // A page larger than what is kept is walked each time: the same answer.
    const walked = await libraryPage(owner, '?limit=150');
    expect(walked.json<Page>().results.map((item) => item.file_hash)).toEqual(
      await firstPage(owner),
    );

    expect((await del(owner, `/api/posts/${post.id}/`)).statusCode).toBe(204);
    expect(await firstPage(owner)).toEqual([sha256(sent), sha256(file)]);
    expect((await del(owner, `/api/uploads/${fileId}/`)).statusCode).toBe(204);
    expect(await firstPage(owner)).toEqual([sha256(sent)]);
    // Another user's library is their own.
    expect(await firstPage(fan)).toEqual([]);
  });

  it('is dropped on a second instance when the first changes the library', async () => {
    const second = await buildSecondInstance(t);
    try {
      const owner = await quickUser(t);
      expect(await firstPage(owner, second)).toEqual([]);
      const file = await uniquePng();
      await upload(owner, file, 'user_media');
      await expect
        .poll(() => firstPage(owner, second), { timeout: 2_000, interval: 20 })
        .toEqual([sha256(file)]);
    } finally {
      await second.close();
    }
  });
});
