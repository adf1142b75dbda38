import {
  messages,
  normalizeEntries,
  PROFILE_CATEGORIES,
  PROFILE_PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
  type ProfileUpdateRequest,
} from '@zura/contracts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import type { NotificationRow, SocialLinks, UserRow } from '../../db/schema/index.ts';
import {
  BadRequestError,
  NotFoundError,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
  ValidationError,
  type FieldErrors,
} from '../../lib/errors.ts';
import { hashNewPassword, verifyPassword } from '../../lib/passwords.ts';
import { checkUnlockPassword, type LockedContentPolicies } from '../../lib/guessing.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import type { UploadsService } from '../uploads/index.ts';
import { presentOwnProfile, type MediaUrlResolver, isHiddenFrom } from '../users/index.ts';
import type { Notify } from '../notifications/index.ts';
import { applyPriceChange, findActive as findActiveSubscription } from '../subscriptions/index.ts';
import { followedAmong } from '../follows/index.ts';
import { presentProfile } from './presenter.ts';
import * as repo from './repo.ts';
import type { UserKey } from '../../lib/validation.ts';

export type ProfilesService = ReturnType<typeof createProfilesService>;

const UNLOCK_POLICIES: LockedContentPolicies = {
  perViewer: 'profileUnlockPerViewer',
  perPair: 'profileUnlockPerViewerProfile',
  perTarget: 'profileUnlockPerProfile',
};

const PRICE_CENTS: Record<string, number> = { free: 0, '4.99': 499, '9.99': 999, '19.99': 1999 };

function nonEmptyLinks(links: NonNullable<ProfileUpdateRequest['social_links']>): SocialLinks {
  return Object.fromEntries(Object.entries(links).filter(([, value]) => value)) as SocialLinks;
}

export function createProfilesService(deps: {
  db: Database;
  uploads: UploadsService;
  rateLimits: RateLimits;
  mediaUrl: MediaUrlResolver;
  changes: ChangeNotices;
  notify: Notify;
}) {
  const { db, uploads, rateLimits, mediaUrl, changes, notify } = deps;

  async function requireUser(userId: number): Promise<UserRow> {
    const user = await repo.findUserByIdOrUsername(db, String(userId));
    if (!user) throw new NotFoundError('User not found');
    return user;
  }

  /** Checks an image id sent with the profile: it must be the caller's own upload of that kind. */
  async function imageField(
    userId: number,
    value: string | null | undefined,
    context: 'profile_image' | 'cover_image',
    errors: FieldErrors,
    field: string,
  ): Promise<string | null | undefined> {
    if (value === undefined || value === null) return value;
    const upload = await uploads.findOwnInContexts(userId, value, [context]);
    if (!upload) {
      errors[field] = [
        `This is not one of your uploaded ${context === 'profile_image' ? 'profile' : 'cover'} images.`,
      ];
      return undefined;
    }
    return upload.id;
  }

  /**
   * The user, unless absent, suspended (except to themselves) or in a block with the viewer: all
   * answer the same 404, as if absent.
   */
  async function visibleUser(viewerId: number, idOrUsername: UserKey): Promise<UserRow> {
    const user = await repo.findUserByIdOrUsername(db, idOrUsername);
    if (!user || (await isHiddenFrom(db, viewerId, user.id))) {
      throw new NotFoundError('User not found');
    }
    return user;
  }

  return {
    visibleUser,

    async getProfile(viewerId: number, idOrUsername: UserKey) {
      const user = await visibleUser(viewerId, idOrUsername);
      // A subscriber opens a locked profile as one who entered its password does.
      const unlocked =
        user.id !== viewerId &&
        user.isProfileLocked &&
        (await repo.unlockedAmong(db, viewerId, [user])).has(user.id);
      const profile = presentProfile(user, { id: viewerId, unlocked }, mediaUrl);
      if (user.id === viewerId) return profile;
      const following = (await followedAmong(db, viewerId, [user.id])).has(user.id);
      if (!user.isCreator) return { ...profile, is_following: following };
      const subscription = await findActiveSubscription(db, viewerId, user.id);
      return {
        ...profile,
        is_following: following,
        is_subscribed: subscription !== undefined,
        subscription_id: subscription?.id ?? null,
      };
    },

    async updateProfile(userId: number, input: ProfileUpdateRequest) {
      const user = await requireUser(userId);
      const errors: FieldErrors = {};
      const values: Partial<UserRow> = {};
      let clearUnlocks = false;
      let newPassword: string | undefined;

      if (input.username !== undefined && input.username !== user.username) {
        if (!USERNAME_PATTERN.test(input.username)) errors.username = [messages.usernameInvalid];
        else if (await repo.usernameTakenByOther(db, input.username, userId))
          errors.username = [messages.usernameTaken];
        else values.username = input.username;
      }
      if (input.bio !== undefined) values.bio = input.bio.trim();
      if (input.category !== undefined) {
        if (input.category === null || input.category === '') values.category = null;
        else if (PROFILE_CATEGORIES.some((c) => c.id === input.category))
          values.category = input.category;
        else errors.category = ['Choose a category from the list.'];
      }
      if (input.subcategories) values.subcategories = normalizeEntries(input.subcategories);
      if (input.tags) values.tags = normalizeEntries(input.tags);
      if (input.vibes) values.vibes = normalizeEntries(input.vibes);
      if (input.subscription_price !== undefined) {
        values.subscriptionPriceCents = PRICE_CENTS[input.subscription_price] ?? 0;
      }
      if (input.instagram_url !== undefined) values.instagramUrl = input.instagram_url;
      if (input.x_url !== undefined) values.xUrl = input.x_url;
      if (input.social_links) values.socialLinks = nonEmptyLinks(input.social_links);
      if (input.custom_tag !== undefined) values.customTag = input.custom_tag.trim();
      if (input.custom_vibe !== undefined) values.customVibe = input.custom_vibe.trim();
      if (input.show_subcategories !== undefined)
        values.showSubcategories = input.show_subcategories;
      if (input.show_tags !== undefined) values.showTags = input.show_tags;
      if (input.show_vibes !== undefined) values.showVibes = input.show_vibes;
      if (input.visible_mark_default !== undefined)
        values.visibleMarkDefault = input.visible_mark_default;

      const profileImage = await imageField(
        userId,
        input.profile_image_uuid,
        'profile_image',
        errors,
        'profile_image_uuid',
      );
      if (profileImage !== undefined) values.profileImageId = profileImage;
      const coverImage = await imageField(
        userId,
        input.cover_image_uuid,
        'cover_image',
        errors,
        'cover_image_uuid',
      );
      if (coverImage !== undefined) values.coverImageId = coverImage;

      const password = input.profile_password ?? '';
      const locking = input.is_profile_locked ?? user.isProfileLocked;
      if (!locking) {
        if (user.isProfileLocked) clearUnlocks = true;
        values.isProfileLocked = false;
        values.profilePasswordHash = null;
      } else if (password) {
        if (password.length < PROFILE_PASSWORD_MIN_LENGTH) {
          errors.profile_password = [
            `The profile password must be at least ${PROFILE_PASSWORD_MIN_LENGTH} characters long.`,
          ];
        } else {
          values.isProfileLocked = true;
          newPassword = password;
          clearUnlocks = true;
        }
      } else if (!user.profilePasswordHash) {
        errors.profile_password = ['Set a password to lock your profile.'];
      } else {
        values.isProfileLocked = true;
      }

      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      if (newPassword)
        values.profilePasswordHash = await hashNewPassword(rateLimits, userId, newPassword);
      let updated: UserRow | undefined;
      let priceNotices: NotificationRow[] = [];
      let lockedOut: number[] = [];
      try {
        updated = await db.transaction(async (tx) => {
          if (clearUnlocks) lockedOut = await repo.clearProfileUnlocks(tx, userId);
          const row = await repo.updateUser(tx, userId, values);
          const price = values.subscriptionPriceCents;
          if (row && price !== undefined && price !== user.subscriptionPriceCents) {
            priceNotices = await applyPriceChange(tx, row, user.subscriptionPriceCents, price);
          }
          return row;
        });
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
          throw new ValidationError({ username: [messages.usernameTaken] });
        throw error;
      }
      if (!updated) throw new NotFoundError('User not found');
      changes.announce({ kind: 'feed' });
      // Kept viewer facts on this instance forget the unlocks at once (the database tells the rest).
      for (const viewer of lockedOut) changes.announce({ kind: 'viewer_changed', userId: viewer });
      await notify(priceNotices);
      // Replaced images that nothing else shows are removed with their files.
      for (const old of [user.profileImageId, user.coverImageId]) {
        if (old && old !== updated.profileImageId && old !== updated.coverImageId)
          await uploads.deleteIfUnused(userId, old);
      }
      return presentOwnProfile(updated, mediaUrl);
    },

    async deleteImage(userId: number, which: 'profile' | 'cover') {
      const user = await requireUser(userId);
      const id = which === 'profile' ? user.profileImageId : user.coverImageId;
      if (!id) throw new NotFoundError(`There is no ${which} image to delete.`);
      await repo.updateUser(
        db,
        userId,
        which === 'profile' ? { profileImageId: null } : { coverImageId: null },
      );
      changes.announce({ kind: 'feed' });
      await uploads.deleteIfUnused(userId, id);
      return { message: `${which === 'profile' ? 'Profile' : 'Cover'} image deleted.` };
    },

    async unlockProfile(viewerId: number, idOrUsername: UserKey, password: string | undefined) {
      const profile = await visibleUser(viewerId, idOrUsername);
      if (profile.id === viewerId) throw new BadRequestError('You cannot unlock your own profile.');
      if (!password) throw new BadRequestError('Password is required', {}, 'password_required');
      const alreadyUnlocked = await repo.hasProfileUnlock(db, profile.id, viewerId);
      if (profile.isProfileLocked && profile.profilePasswordHash && !alreadyUnlocked) {
        const hash = profile.profilePasswordHash;
        await checkUnlockPassword(rateLimits, UNLOCK_POLICIES, viewerId, profile.id, () =>
          verifyPassword(hash, password, 'general'),
        );
        await repo.insertProfileUnlock(db, profile.id, viewerId);
        changes.announce({ kind: 'viewer_changed', userId: viewerId });
      }
      return {
        message: 'Profile unlocked.',
        profile: presentProfile(profile, { id: viewerId, unlocked: true }, mediaUrl),
      };
    },
  };
}
