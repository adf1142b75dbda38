import { screen } from '@testing-library/react';
import { leakTraceResult, type LeakTraceResult } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { TraceResultCard, type TraceResultCardProps } from './TraceResultCard';

/** A video's trace as the server answers it: segments for the evidence, no hash distance. */
function videoTrace(overrides: Partial<LeakTraceResult> = {}): LeakTraceResult {
  return leakTraceResult.parse({
    id: 6,
    found: true,
    outcome: 'recipient_found',
    upload_id: '7f8e4c2a-1b3d-4e5f-9a0b-1c2d3e4f5a6b',
    post_id: 101,
    message_id: null,
    recipient: { id: 42, username: 'fan_one' },
    confidence: 1 - 3.7e-6,
    evidence: {
      bits_agreeing: 27,
      bits_total: 30,
      false_match_probability: 3.7e-6,
      hash_distance: null,
      variant: '720p',
    },
    created_at: '2026-03-01T10:00:00Z',
    ...overrides,
  });
}

function renderCard(props: Partial<TraceResultCardProps> & Pick<TraceResultCardProps, 'result'>) {
  fakeApi();
  signIn(7);
  return renderWithApp(
    <TraceResultCard scope="creator" recipientActions={() => null} {...props} />,
  );
}

describe('the result of a video trace', () => {
  it('counts the segments that carry the code of the account named', () => {
    renderCard({ result: videoTrace() });
    expect(screen.getByRole('heading', { name: 'This copy was served to @fan_one' })).toBeVisible();
    expect(
      screen.getByText(
        '27 of 30 segments carry the code of @fan_one; chance of a false match 4e-6',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/code bits/)).toBeNull();
    expect(screen.getByText('Confidence: 99.99963%')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the post' })).toHaveAttribute(
      'href',
      '/posts/101',
    );
  });

  it('counts the segments of an account deleted since', () => {
    renderCard({ result: videoTrace({ outcome: 'recipient_deleted', recipient: null }) });
    expect(
      screen.getByText(
        '27 of 30 segments carry the code of the account it was served to; chance of a false match 4e-6',
      ),
    ).toBeVisible();
  });

  it('says a video, not an image, was sent in a message', () => {
    renderCard({ result: videoTrace({ post_id: null, message_id: 88 }) });
    expect(screen.getByText('The video was sent in a message.')).toBeVisible();
  });

  it('says a short video may carry too few segments when its best reading names nobody', () => {
    renderCard({
      result: videoTrace({
        found: false,
        outcome: 'no_mark_found',
        recipient: null,
        confidence: 0,
        evidence: {
          bits_agreeing: 9,
          bits_total: 12,
          false_match_probability: 0.07,
          hash_distance: null,
          variant: '720p',
        },
      }),
      scope: 'admin',
    });
    expect(
      screen.getByRole('heading', {
        name: 'This looks like an image or a video on Zura, but no mark could be read. It may be a copy of the unmarked original, or too degraded.',
      }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'A video shorter than about a minute and a half may carry too few segments to name anyone.',
      ),
    ).toBeVisible();
  });

  it('keeps an image’s evidence in code bits and says nothing of segments', () => {
    renderCard({
      result: videoTrace({
        evidence: {
          bits_agreeing: 40,
          bits_total: 40,
          false_match_probability: 8.2e-57,
          hash_distance: 3,
          variant: 'feed',
        },
      }),
    });
    expect(
      screen.getByText('40 of 40 code bits read clearly; chance of a false match 8e-57'),
    ).toBeVisible();
    expect(screen.queryByText(/segments/)).toBeNull();
  });
});
