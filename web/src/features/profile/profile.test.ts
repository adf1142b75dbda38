import type { OwnProfile } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-errors';
import { catalogueT as t } from '../../lib/test-helpers';
import { buildProfileUpdate, formValuesFrom, profileEditSchema } from './edit-form';
import {
  describeSaveError,
  profileKeyFor,
  profileLoadFailure,
  socialLinksOf,
  stripUsername,
  subcategoryLabel,
  unlockProfileErrorMessage,
} from './helpers';

const own: OwnProfile = {
  id: 7,
  email: 'maya@example.com',
  username: 'maya',
  bio: 'Hi',
  followers: 1200,
  profile_image: null,
  cover_image: null,
  category: 'fitness',
  subcategories: ['yoga'],
  tags: ['Daily Posts'],
  vibes: ['Playful'],
  social_links: { youtube: 'https://youtube.com/@maya' },
  instagram_url: 'https://instagram.com/maya',
  x_url: '',
  subscription_price: '9.99',
  custom_tag: '',
  custom_vibe: '',
  show_subcategories: true,
  show_tags: true,
  show_vibes: false,
  is_profile_locked: false,
  visible_mark_default: false,
  is_creator: false,
  is_admin: false,
  email_verified: true,
  created_at: '2025-01-01T00:00:00Z',
};

describe('profile route', () => {
  it('shows the own profile without a userId or with the own id', () => {
    expect(profileKeyFor(undefined, 7)).toBe('7');
    expect(profileKeyFor('7', 7)).toBe('7');
    expect(profileKeyFor('', 7)).toBe('7');
  });

  it('loads anyone else by id or username', () => {
    expect(profileKeyFor('8', 7)).toBe('8');
    expect(profileKeyFor('maya', 7)).toBe('maya');
  });
});

describe('profile errors', () => {
  it('tells a missing profile from a failed load', () => {
    expect(profileLoadFailure(new ApiError(404, { detail: 'User not found' }))).toBe('not-found');
    expect(profileLoadFailure(new ApiError(500, null))).toBe('failed');
    expect(profileLoadFailure(new Error('offline'))).toBe('failed');
  });

  it('maps unlock answers as the spec says', () => {
    const answer = (status: number, body: unknown) =>
      unlockProfileErrorMessage(new ApiError(status, body), t);
    // Told by its code, whatever the wording (or the language it was put in).
    expect(answer(400, { code: 'incorrect_password', error: 'Le mot de passe est faux.' })).toBe(
      'Incorrect password. Please try again.',
    );
    expect(answer(400, { code: 'password_required', error: 'Mot de passe requis' })).toBe(
      'Please enter a password.',
    );
    expect(answer(400, { error: 'You cannot unlock your own profile.' })).toBe(
      'You cannot unlock your own profile.',
    );
    expect(answer(429, { detail: 'Too many attempts. Try again later.' })).toBe(
      'Too many attempts. Try again later.',
    );
    expect(answer(500, { detail: 'Something went wrong on our side.' })).toBe(
      'Failed to unlock profile. Please try again.',
    );
    expect(unlockProfileErrorMessage(new Error('offline'), t)).toBe(
      'Failed to unlock profile. Please try again.',
    );
  });

  it('explains a refused save', () => {
    expect(
      describeSaveError(
        new ApiError(400, {
          username: ['A user with that username already exists.'],
          x_url: ['Enter a valid URL starting with http:// or https://.'],
        }),
      ),
    ).toEqual({
      kind: 'validation',
      lines: [
        'username: A user with that username already exists.',
        'x_url: Enter a valid URL starting with http:// or https://.',
      ],
    });
    expect(describeSaveError(new ApiError(502, 'Bad Gateway'))).toEqual({
      kind: 'server',
      text: 'Bad Gateway',
    });
    expect(describeSaveError(new ApiError(500, { detail: 'x' }))).toEqual({ kind: 'generic' });
    expect(describeSaveError(new Error('offline'))).toEqual({ kind: 'generic' });
  });
});

describe('profile display helpers', () => {
  it('lists only non-empty web links, in order', () => {
    expect(
      socialLinksOf({
        instagram_url: '',
        x_url: 'https://x.com/maya',
        social_links: {
          website: 'https://maya.test',
          reddit: 'javascript:alert(1)',
          tiktok: '  ',
        },
      }),
    ).toEqual([
      { kind: 'x', url: 'https://x.com/maya' },
      { kind: 'website', url: 'https://maya.test' },
    ]);
    expect(socialLinksOf({})).toEqual([]);
  });

  it('names known subcategories and keeps custom ones', () => {
    expect(subcategoryLabel('adult_content')).toBe('Adult Content');
    expect(subcategoryLabel('Street Food')).toBe('Street Food');
  });

  it('strips usernames to letters, digits, underscores and hyphens', () => {
    expect(stripUsername('Maya Rose!_-9')).toBe('MayaRose_-9');
    expect(stripUsername('ümlaut.name')).toBe('mlautname');
  });
});

describe('profile edit form', () => {
  it('starts from the own profile', () => {
    const values = formValuesFrom(own);
    expect(values).toMatchObject({
      username: 'maya',
      youtube: 'https://youtube.com/@maya',
      tiktok: '',
      category: 'fitness',
      subscription_price: '9.99',
      profile_password: '',
    });
  });

  it('builds the update, leaving out empty links and an invalid username', () => {
    const values = {
      ...formValuesFrom(own),
      username: 'ab',
      tags: [' Daily Posts ', 'daily posts', 'Custom'],
      youtube: '',
      website: ' https://maya.test ',
    };
    const body = buildProfileUpdate(values, own, { profile: 'uuid-1' });
    expect(body).toEqual({
      bio: 'Hi',
      category: 'fitness',
      subcategories: ['yoga'],
      tags: ['Daily Posts', 'Custom'],
      vibes: ['Playful'],
      show_subcategories: true,
      show_tags: true,
      show_vibes: false,
      is_profile_locked: false,
      visible_mark_default: false,
      subscription_price: '9.99',
      instagram_url: 'https://instagram.com/maya',
      social_links: { website: 'https://maya.test' },
      profile_image_uuid: 'uuid-1',
    });
  });

  it('sends a valid username, clears a removed single link and sends the lock password', () => {
    const values = {
      ...formValuesFrom(own),
      username: 'maya_2',
      instagram_url: '',
      category: '',
      is_profile_locked: true,
      profile_password: 'secret',
    };
    const body = buildProfileUpdate(values, own);
    expect(body).toMatchObject({
      username: 'maya_2',
      instagram_url: '',
      category: null,
      is_profile_locked: true,
      profile_password: 'secret',
    });
    expect(body).not.toHaveProperty('x_url');
  });

  it('asks for a lock password only when the lock is new', () => {
    const check = (wasLocked: boolean, password: string) => {
      const values = {
        ...formValuesFrom(own),
        is_profile_locked: true,
        profile_password: password,
      };
      const result = profileEditSchema(t, wasLocked).safeParse(values);
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    expect(check(false, '')).toBe('Set a password to lock your profile.');
    expect(check(true, '')).toBeUndefined();
    expect(check(true, 'abc')).toBe('The profile password must be at least 4 characters long.');
    expect(check(false, 'abcd')).toBeUndefined();
  });
});
