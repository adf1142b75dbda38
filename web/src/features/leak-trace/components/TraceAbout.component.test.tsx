import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../test/render';
import { TraceAbout } from './TraceAbout';

describe('how the leak tracer works', () => {
  it('tells how a video is marked and what leaves too few segments', () => {
    renderWithApp(<TraceAbout scope="creator" />);
    expect(
      screen.getByText(
        "Every copy of a subscriber-only, locked or paid video is its viewer's own sequence of marked and unmarked segments. The mark survives re-encoding and resizing of the whole video; cutting the video short or editing it can leave too few segments to name anyone.",
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Public images and videos are not marked, so their copies cannot be traced.',
      ),
    ).toBeVisible();
  });
});
