import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownProfileBody } from '../../../test/fixtures';
import { fakeApi, signIn } from '../../../test/network';
import { renderWithApp } from '../../../test/render';
import { profileKeys } from '../../lib/query-keys';
import { CreatorLanding } from './CreatorLanding';

const OWN_PROFILE = 'GET /auth/profile/';

function renderPage(isCreator: boolean) {
  signIn(7);
  fakeApi({ [OWN_PROFILE]: { body: ownProfileBody({ is_creator: isCreator }) } });
  return renderWithApp(<CreatorLanding />, { route: '/creator-landing' });
}

/** The note's card: the element holding its heading and its list. */
function watermarkNote(): HTMLElement {
  const heading = screen.getByRole('heading', { level: 3, name: 'How the marks hold up' });
  const card = heading.parentElement;
  if (!card) throw new Error('the note has no card');
  return card;
}

describe('CreatorLanding: the watermarks (issue 35)', () => {
  it("keeps the spec's watermark feature word for word", () => {
    renderPage(false);
    const feature = screen.getByRole('heading', { level: 3, name: 'Dynamic Watermarks' });
    expect(feature.nextElementSibling).toHaveTextContent(
      /^Every view carries a watermark that discourages piracy\.$/,
    );
  });

  it('says beneath the features what the marks survive and what they do not', () => {
    renderPage(false);
    const benefits = screen.getByRole('region', { name: 'Why creators choose Zura' });
    const note = watermarkNote();
    expect(benefits).toContainElement(note);
    const lines = within(note)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/subscriber-only, locked or paid image or video.*invisible mark/);
    expect(lines[0]).toMatch(/Public posts are not marked\./);
    expect(lines[1]).toMatch(/100% of copies.*quality 50.*42 dB PSNR/);
    expect(lines[2]).toMatch(/4-second segments.*a third of its bitrate.*90 seconds/);
    expect(lines[3]).toMatch(/do not survive mirroring, rotation/);
    expect(lines[4]).toBe('As a creator, you trace a leaked copy yourself in the Leak tracer.');
  });

  it('links a creator to the Leak tracer, and no one else', async () => {
    renderPage(true);
    const link = await screen.findByRole('link', { name: 'Open the Leak tracer' });
    expect(link).toHaveAttribute('href', '/creator/leak-tracer');
    expect(watermarkNote()).toContainElement(link);
  });

  it('names the Leak tracer without a link for a fan', async () => {
    const { queryClient } = renderPage(false);
    await screen.findByText('As a creator, you trace a leaked copy yourself in the Leak tracer.');
    // The own profile has answered (not a creator): still no link.
    await expect.poll(() => queryClient.getQueryState(profileKeys.own())?.status).toBe('success');
    expect(screen.queryByRole('link', { name: 'Open the Leak tracer' })).not.toBeInTheDocument();
  });
});
