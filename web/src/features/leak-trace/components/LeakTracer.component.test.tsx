import { screen, within } from '@testing-library/react';
import { leakTraceResult, type LeakTraceResult } from '@zura/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ownProfileBody } from '../../../../test/fixtures';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { CreatorLeakTracer } from './CreatorLeakTracer';
import { LeakTracer } from './LeakTracer';
import { ReportAccountButton } from './ReportAccountButton';

/** A trace as the server answers it, parsed by the contract's schema. */
function traceBody(overrides: Partial<LeakTraceResult> = {}): LeakTraceResult {
  return leakTraceResult.parse({
    id: 5,
    found: true,
    outcome: 'recipient_found',
    upload_id: '7f8e4c2a-1b3d-4e5f-9a0b-1c2d3e4f5a6b',
    post_id: 101,
    message_id: null,
    recipient: { id: 42, username: 'fan_one' },
    confidence: 1,
    evidence: {
      bits_agreeing: 40,
      bits_total: 40,
      false_match_probability: 8.2e-57,
      hash_distance: 3,
      variant: 'feed',
    },
    created_at: '2026-03-01T10:00:00Z',
    ...overrides,
  });
}

const NOTHING_READ = { found: false, recipient: null, confidence: 0, evidence: null } as const;

const copy = () => new File(['jpeg bytes'], 'found.jpg', { type: 'image/jpeg' });
const clip = () => new File(['mp4 bytes'], 'found.mp4', { type: 'video/mp4' });

/** A video's evidence: segments that carry the account's code, no hash distance, the rung. */
const VIDEO_EVIDENCE = {
  bits_agreeing: 27,
  bits_total: 30,
  false_match_probability: 3.7e-6,
  hash_distance: null,
  variant: '720p',
} as const;

/** The creator's tracer, as their page shows it: reporting the account named. */
function renderTracer(options: Parameters<typeof renderWithApp>[1] = {}) {
  signIn(7);
  return renderWithApp(
    <LeakTracer
      scope="creator"
      recipientActions={(found) => <ReportAccountButton trace={found} />}
    />,
    options,
  );
}

/** A file (an image unless told) chosen and Trace pressed, with `answer` for the trace. */
async function trace(answer: { status?: number; body: unknown }, file = copy()) {
  const api = fakeApi({ 'POST /creator/leak-trace/': answer });
  const view = renderTracer();
  await view.user.upload(screen.getByLabelText('File to trace'), file);
  const name = `The file to trace: ${file.name}`;
  // An image previews as an image; a video as a video (which has no role), named the same.
  expect(
    file.type.startsWith('video/')
      ? screen.getByLabelText(name)
      : screen.getByRole('img', { name }),
  ).toBeVisible();
  await view.user.click(screen.getByRole('button', { name: 'Trace' }));
  return { ...view, api };
}

describe('the leak tracer', () => {
  it('names the account a copy was served to, with the confidence, the evidence and the post', async () => {
    const { api } = await trace({ body: traceBody() });
    const card = (
      await screen.findByRole('heading', { name: 'This copy was served to @fan_one' })
    ).closest('section') as HTMLElement;
    expect(
      within(card).getByRole('link', { name: 'Open the profile of @fan_one' }),
    ).toHaveAttribute('href', '/profile/42');
    expect(within(card).getByText('Confidence: 99.9999999%')).toBeVisible();
    expect(
      within(card).getByText('40 of 40 code bits read clearly; chance of a false match 8e-57'),
    ).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Open the post' })).toHaveAttribute(
      'href',
      '/posts/101',
    );
    expect(within(card).getByText('Trace #5')).toBeVisible();
    const sent = api.callsTo('POST /creator/leak-trace/')[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect(((sent as FormData).get('file') as File).name).toBe('found.jpg');
  });

  it('reports the account for copyright, naming the trace, and says Reported', async () => {
    const { api, user } = await trace({ body: traceBody() });
    api.on('POST /reports/', { status: 201, body: { id: 9, status: 'open' } });
    await user.click(await screen.findByRole('button', { name: 'Report this account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Reported');
    expect(screen.queryByRole('button', { name: 'Report this account' })).toBeNull();
    expect(api.callsTo('POST /reports/')[0]?.body).toEqual({
      target_type: 'profile',
      target_id: 42,
      reason: 'copyright',
      details: 'Leak tracer, trace #5: a copy of my content served to this account was found.',
    });
  });

  it("shows the server's refusal when the report fails", async () => {
    const { api, user } = await trace({ body: traceBody() });
    api.on('POST /reports/', {
      status: 429,
      body: { code: 'rate_limited', detail: 'Too many reports. Try again later.' },
    });
    await user.click(await screen.findByRole('button', { name: 'Report this account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many reports. Try again later.',
    );
    expect(screen.getByRole('button', { name: 'Report this account' })).toBeEnabled();
  });

  it('downloads the takedown notice as a text file', async () => {
    const { api, user } = await trace({ body: traceBody() });
    api.on('GET /creator/leak-trace/5/takedown/', { body: 'NOTICE OF INFRINGEMENT\n...' });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:notice';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await user.click(await screen.findByRole('button', { name: 'Download takedown notice' }));
    await vi.waitFor(() => expect(names).toEqual(['takedown-notice-5.txt']));
    expect(await blobs.at(-1)?.text()).toBe('NOTICE OF INFRINGEMENT\n...');
    expect(blobs.at(-1)?.type).toBe('text/plain;charset=utf-8');
  });

  it('says when the account the copy was served to is deleted', async () => {
    await trace({ body: traceBody({ outcome: 'recipient_deleted', recipient: null }) });
    expect(
      await screen.findByRole('heading', {
        name: 'This copy carries a mark, but the account it was served to has been deleted.',
      }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Report this account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download takedown notice' })).toBeVisible();
  });

  it('says when an image looks like one of the creator’s but carries no readable mark', async () => {
    await trace({ body: traceBody({ ...NOTHING_READ, outcome: 'no_mark_found' }) });
    expect(
      await screen.findByRole('heading', {
        name: 'This looks like one of your images or videos, but no mark could be read. It may be a copy of the unmarked original, or too degraded.',
      }),
    ).toBeVisible();
    expect(screen.queryByText(/Confidence/)).toBeNull();
    expect(screen.queryByText(/too few segments/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download takedown notice' })).toBeNull();
  });

  it('says when none of the creator’s marked images looks like the file', async () => {
    await trace({
      body: traceBody({
        ...NOTHING_READ,
        outcome: 'no_matching_upload',
        upload_id: null,
        post_id: null,
      }),
    });
    expect(
      await screen.findByRole('heading', {
        name: 'None of your marked images or videos looks like this file.',
      }),
    ).toBeVisible();
  });

  it.each([
    [
      415,
      {
        code: 'unsupported_media_type',
        detail:
          'The leak tracer reads images and videos: choose a JPEG, PNG, WebP or GIF image, or an MP4, MOV or WebM video.',
      },
      'The leak tracer reads images and videos: choose a JPEG, PNG, WebP or GIF image, or an MP4, MOV, WebM or MKV video.',
    ],
    [
      413,
      {
        code: 'payload_too_large',
        detail: 'The image is too large to trace. Maximum size: 25MB.',
      },
      'The image is too large to trace. Maximum size: 25 MB.',
    ],
    [
      429,
      { code: 'rate_limited', detail: 'Too many requests.' },
      'You have traced many files in the last hour. Please try again later.',
    ],
    [
      403,
      { code: 'forbidden', detail: 'Only creators can trace leaks of their content.' },
      'Only creators can trace leaks of their content.',
    ],
    [
      400,
      {
        code: 'validation_failed',
        detail: 'file: Choose the file to trace.',
        fields: { file: ['Choose the file to trace.'] },
      },
      'Choose the file to trace.',
    ],
    [
      500,
      { code: 'internal_error', detail: 'Internal server error.', request_id: 'r1' },
      'The file could not be traced. Please try again.',
    ],
  ])('shows a %i refusal in its own words', async (status, body, text) => {
    await trace({ status, body });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('heading', { level: 2, name: /served to/ })).toBeNull();
    // The file stays chosen for another try.
    expect(screen.getByRole('button', { name: 'Trace' })).toBeEnabled();
  });

  it('shows the upload under way, then the result', async () => {
    let answer: (body: { body: unknown }) => void = () => undefined;
    const api = fakeApi({
      'POST /creator/leak-trace/': () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = renderTracer();
    await user.upload(screen.getByLabelText('File to trace'), copy());
    await user.click(screen.getByRole('button', { name: 'Trace' }));
    expect(await screen.findByRole('progressbar', { name: 'Sending the file' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tracing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeDisabled();
    await vi.waitFor(() => expect(api.callsTo('POST /creator/leak-trace/')).toHaveLength(1));
    answer({ body: traceBody() });
    expect(
      await screen.findByRole('heading', { name: 'This copy was served to @fan_one' }),
    ).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says a video is too large in its own limit', async () => {
    await trace(
      {
        status: 413,
        body: {
          code: 'payload_too_large',
          detail: 'The file is too large to trace. Maximum size: 1GB.',
        },
      },
      clip(),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The video is too large to trace. Maximum size: 1 GB.',
    );
  });

  it('refuses a file that is not an image or a video before sending it', async () => {
    const api = fakeApi();
    const { user } = renderTracer({ userOptions: { applyAccept: false } });
    await user.upload(
      screen.getByLabelText('File to trace'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The leak tracer reads images and videos: choose a JPEG, PNG, WebP or GIF image, or an MP4, MOV, WebM or MKV video.',
    );
    expect(screen.getByRole('button', { name: 'Trace' })).toBeDisabled();
    expect(api.callsTo('POST /creator/leak-trace/')).toHaveLength(0);
  });

  it.each([
    [
      'an image over 25 MB',
      'big.png',
      'image/png',
      25 * 1024 ** 2 + 1,
      'The image is too large to trace. Maximum size: 25 MB.',
    ],
    [
      'a video over 1 GB',
      'big.mov',
      'video/quicktime',
      1024 ** 3 + 1,
      'The video is too large to trace. Maximum size: 1 GB.',
    ],
  ])('refuses %s before sending it', async (_what, name, type, size, text) => {
    const api = fakeApi();
    const { user } = renderTracer();
    const file = new File(['x'], name, { type });
    Object.defineProperty(file, 'size', { value: size });
    await user.upload(screen.getByLabelText('File to trace'), file);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Trace' })).toBeDisabled();
    expect(api.callsTo('POST /creator/leak-trace/')).toHaveLength(0);
  });

  it('names both limits, and previews a chosen video as a muted video with controls', async () => {
    fakeApi();
    const { user } = renderTracer();
    expect(
      screen.getByText(
        'Images (JPEG, PNG, WebP or GIF) up to 25 MB, videos (MP4, MOV, WebM or MKV) up to 1 GB',
      ),
    ).toBeVisible();
    await user.upload(screen.getByLabelText('File to trace'), clip());
    const preview = screen.getByLabelText('The file to trace: found.mp4');
    expect(preview).toBeInstanceOf(HTMLVideoElement);
    expect((preview as HTMLVideoElement).muted).toBe(true);
    expect(preview).toHaveAttribute('controls');
    expect(preview).toHaveAttribute('playsinline');
    expect(preview).toHaveClass('max-h-64');
    expect(screen.queryByRole('img', { name: /The file to trace/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Trace' })).toBeEnabled();
  });

  it('tells a video’s evidence in segments that carry the account’s code', async () => {
    const { api } = await trace(
      {
        body: traceBody({
          post_id: null,
          message_id: 88,
          confidence: 1 - 3.7e-6,
          evidence: VIDEO_EVIDENCE,
        }),
      },
      clip(),
    );
    const card = (
      await screen.findByRole('heading', { name: 'This copy was served to @fan_one' })
    ).closest('section') as HTMLElement;
    expect(
      within(card).getByText(
        '27 of 30 segments carry the code of @fan_one; chance of a false match 4e-6',
      ),
    ).toBeVisible();
    expect(within(card).getByText('The video was sent in a message.')).toBeVisible();
    const sent = api.callsTo('POST /creator/leak-trace/')[0]?.body as FormData;
    expect((sent.get('file') as File).type).toBe('video/mp4');
  });

  it('says a short video may carry too few segments when no mark is read', async () => {
    await trace({ body: traceBody({ ...NOTHING_READ, outcome: 'no_mark_found' }) }, clip());
    expect(
      await screen.findByRole('heading', {
        name: /^This looks like one of your images or videos, but no mark could be read/,
      }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'A video shorter than about a minute and a half may carry too few segments to name anyone.',
      ),
    ).toBeVisible();
  });

  it('takes a screenshot pasted on the page', async () => {
    fakeApi();
    renderTracer();
    const shot = new File(['png bytes'], 'image.png', { type: 'image/png' });
    const event = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'clipboardData', { value: { files: [shot] } });
    document.body.dispatchEvent(event);
    expect(await screen.findByRole('img', { name: 'The file to trace: image.png' })).toBeVisible();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('button', { name: 'Trace' })).toBeEnabled();
  });

  it('tells a fan the tracer is for creators', async () => {
    fakeApi({ 'GET /auth/profile/': { body: ownProfileBody({ id: 7, is_creator: false }) } });
    signIn(7);
    renderWithApp(<CreatorLeakTracer />);
    expect(
      await screen.findByText('Only creators can trace leaks of their content.'),
    ).toBeVisible();
    expect(screen.queryByLabelText('File to trace')).toBeNull();
  });
});
