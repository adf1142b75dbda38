import { creatorApplicationMessages, type OwnProfile } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-errors';
import { catalogueT as t } from '../../lib/test-helpers';
import { formDataOf } from '@zura/contracts/form-data';
import type { ApplicationState, CreatorApplication } from './api';
import {
  applicationGate,
  buildApplicationBody,
  describeSubmitFailure,
  initialApplicationValues,
  validateApplicationForm,
  type ApplicationFormValues,
} from './application-form';

const application: CreatorApplication = {
  id: 3,
  status: 'rejected',
  username: 'maya_fit',
  bio: 'b'.repeat(60),
  category: 'art',
  profile_image: '/media/p.jpg',
  cover_image: '/media/c.jpg',
  social_links: { instagram: 'https://instagram.com/maya', website: 'https://maya.example' },
  subcategories: ['fitness', 'My niche'],
  tags: ['Daily Posts'],
  vibes: ['Playful'],
  rejection_reason: 'Blurry cover image.',
  created_at: '2025-01-01T00:00:00Z',
  reviewed_at: '2025-01-02T00:00:00Z',
};

const state = (patch: Partial<ApplicationState>): ApplicationState => ({
  status: 'none',
  is_creator: false,
  application: null,
  ...patch,
});

const profile: OwnProfile = {
  id: 7,
  email: 'maya@example.com',
  username: 'maya',
  bio: 'Hi',
  followers: 0,
  profile_image: null,
  cover_image: null,
  category: 'fitness',
  subcategories: ['yoga'],
  tags: [],
  vibes: ['Chill'],
  social_links: { youtube: 'https://youtube.com/@maya' },
  instagram_url: 'https://instagram.com/maya',
  x_url: 'https://x.com/maya',
  subscription_price: 'free',
  custom_tag: '',
  custom_vibe: '',
  show_subcategories: true,
  show_tags: true,
  show_vibes: true,
  is_profile_locked: false,
  visible_mark_default: false,
  is_creator: false,
  is_admin: false,
  email_verified: true,
  created_at: '2025-01-01T00:00:00Z',
};

const valid: ApplicationFormValues = {
  username: 'maya_fit',
  bio: 'I post daily workouts, meal ideas and honest progress updates for everyone.',
  category: 'fitness',
  links: {
    instagram: 'https://instagram.com/maya',
    twitter: '',
    youtube: '',
    tiktok: '',
    reddit: '',
    website: '',
  },
  subcategories: ['fitness'],
  tags: ['Daily Posts'],
  vibes: ['Playful'],
};
const images = { hasProfileImage: true, hasCoverImage: true };

describe('applicationGate', () => {
  it('sends a pending applicant home with the pending message', () => {
    expect(applicationGate(state({ status: 'pending', application }))).toEqual({
      kind: 'redirect',
      message: 'pending',
    });
  });

  it('tells an approved creator that they already are one, however they became one', () => {
    const approved = { ...application, status: 'approved' as const };
    expect(
      applicationGate(state({ status: 'approved', is_creator: true, application: approved })),
    ).toEqual({ kind: 'redirect', message: 'alreadyCreator' });
    expect(applicationGate(state({ status: 'approved', is_creator: true }))).toEqual({
      kind: 'redirect',
      message: 'alreadyCreator',
    });
  });

  it('tells an applicant approved but not yet a creator that the application was approved', () => {
    const approved = { ...application, status: 'approved' as const };
    expect(applicationGate(state({ status: 'approved', application: approved }))).toEqual({
      kind: 'redirect',
      message: 'approved',
    });
  });

  it('shows the form to a newcomer, and with the reason after a rejection', () => {
    expect(applicationGate(state({}))).toEqual({ kind: 'form', rejectionReason: null });
    expect(applicationGate(state({ status: 'rejected', application }))).toEqual({
      kind: 'form',
      rejectionReason: 'Blurry cover image.',
    });
  });

  it('maps the gate messages to the spec texts', () => {
    for (const key of ['pending', 'approved', 'alreadyCreator'] as const) {
      expect(t(`creatorApplication.messages.${key}`)).toBe(creatorApplicationMessages[key]);
    }
  });
});

describe('initialApplicationValues', () => {
  it('starts a rejected applicant from the last application', () => {
    const values = initialApplicationValues(profile, application);
    expect(values.username).toBe('maya_fit');
    expect(values.links).toEqual({
      instagram: 'https://instagram.com/maya',
      twitter: '',
      youtube: '',
      tiktok: '',
      reddit: '',
      website: 'https://maya.example',
    });
    expect(values.subcategories).toEqual(['fitness', 'My niche']);
    expect(values.category).toBe('art');
  });

  it('starts anyone else from the profile, Instagram and X included', () => {
    const values = initialApplicationValues(profile, null);
    expect(values.username).toBe('maya');
    expect(values.links.instagram).toBe('https://instagram.com/maya');
    expect(values.links.twitter).toBe('https://x.com/maya');
    expect(values.links.youtube).toBe('https://youtube.com/@maya');
    expect(values.vibes).toEqual(['Chill']);
    // The main category the profile has is asked for again, starting from the profile's.
    expect(values.category).toBe('fitness');
  });

  it('starts empty without a profile', () => {
    expect(initialApplicationValues(undefined, null).username).toBe('');
  });
});

describe('validateApplicationForm', () => {
  it('accepts a complete application', () => {
    expect(validateApplicationForm(valid, images)).toEqual({});
  });

  it('answers the catalogue keys of the spec messages, field by field', () => {
    const empty: ApplicationFormValues = {
      username: '',
      bio: '',
      category: '',
      links: { instagram: ' ', twitter: '', youtube: '', tiktok: '', reddit: '', website: '' },
      subcategories: [],
      tags: [],
      vibes: [],
    };
    expect(
      validateApplicationForm(empty, { hasProfileImage: false, hasCoverImage: false }),
    ).toEqual({
      profile_image: 'profileImageRequired',
      cover_image: 'coverImageRequired',
      username: 'usernameRequired',
      bio: 'bioRequired',
      social_links: 'socialLinkRequired',
      subcategories: 'categoryRequired',
      tags: 'tagRequired',
      vibes: 'vibeRequired',
    });
  });

  it('checks username length and characters, and the bio minimum', () => {
    expect(validateApplicationForm({ ...valid, username: 'ab' }, images).username).toBe(
      'usernameTooShort',
    );
    for (const username of ['maya fit', '039', '12345', 'm'.repeat(31)]) {
      expect(validateApplicationForm({ ...valid, username }, images).username, username).toBe(
        'usernameInvalid',
      );
    }
    expect(
      validateApplicationForm({ ...valid, username: 'maya-fit' }, images).username,
    ).toBeUndefined();
    expect(validateApplicationForm({ ...valid, bio: 'x'.repeat(49) }, images).bio).toBe(
      'bioTooShort',
    );
    expect(validateApplicationForm({ ...valid, bio: 'x'.repeat(50) }, images).bio).toBeUndefined();
  });

  it('wants web addresses in the link fields', () => {
    const links = { ...valid.links, website: 'maya.example' };
    expect(validateApplicationForm({ ...valid, links }, images).social_links).toBe('linksInvalid');
  });

  it('every key has a catalogue text', () => {
    const keys = Object.keys(
      creatorApplicationMessages,
    ) as (keyof typeof creatorApplicationMessages)[];
    for (const key of keys) {
      expect(t(`creatorApplication.messages.${key}`)).toBe(creatorApplicationMessages[key]);
    }
    expect(t('creatorApplication.messages.linksInvalid')).toMatch(/^Enter valid URLs/);
  });
});

describe('buildApplicationBody', () => {
  it('sends trimmed text, filled links and clean lists as JSON, and the chosen files', () => {
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    const form = formDataOf(
      buildApplicationBody(
        {
          ...valid,
          username: ' maya_fit ',
          links: { ...valid.links, youtube: '  ' },
          tags: [' Daily Posts', 'daily posts', ''],
        },
        { profile: file },
      ),
    );
    expect(form.get('username')).toBe('maya_fit');
    expect(form.get('profile_image')).toBeInstanceOf(File);
    expect(form.has('cover_image')).toBe(false);
    expect(JSON.parse(String(form.get('social_links')))).toEqual({
      instagram: 'https://instagram.com/maya',
    });
    expect(JSON.parse(String(form.get('tags')))).toEqual(['Daily Posts']);
    expect(JSON.parse(String(form.get('subcategories')))).toEqual(['fitness']);
    expect(form.get('category')).toBe('fitness');
  });
});

describe('describeSubmitFailure', () => {
  it("says 'Error: {error}' for an error field", () => {
    const error = new ApiError(400, { error: creatorApplicationMessages.pending });
    expect(describeSubmitFailure(error, t)).toEqual({
      lines: [`Error: ${creatorApplicationMessages.pending}`],
      fields: {},
    });
  });

  it('lists field messages joined by commas and keeps them for the fields', () => {
    const error = new ApiError(400, {
      username: ['This username is already taken.'],
      bio: ['Too short', 'Too dull'],
    });
    expect(describeSubmitFailure(error, t)).toEqual({
      lines: [
        'Error submitting application:',
        'username: This username is already taken.',
        'bio: Too short, Too dull',
      ],
      fields: { username: 'This username is already taken.', bio: 'Too short Too dull' },
    });
  });

  it('falls back to the check-your-input line when no field says anything', () => {
    expect(describeSubmitFailure(new ApiError(400, {}), t).lines).toEqual([
      'Error submitting application:',
      'Please check your input and try again.',
    ]);
  });

  it('reads a lone detail like an error', () => {
    expect(describeSubmitFailure(new ApiError(429, { detail: 'Slow down.' }), t).lines).toEqual([
      'Error: Slow down.',
    ]);
  });

  it('gives the generic text for network failures and server errors', () => {
    const generic = ['Error submitting application. Please try again.'];
    expect(describeSubmitFailure(new NetworkError(), t).lines).toEqual(generic);
    expect(describeSubmitFailure(new ApiError(500, { detail: 'boom' }), t).lines).toEqual(generic);
    expect(describeSubmitFailure(new ApiError(413, 'Too large'), t).lines).toEqual(generic);
  });
});
