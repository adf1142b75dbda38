import {
  CREATOR_SOCIAL_KEYS,
  creatorApplicationMessages as m,
  creatorSocialLinksSchema,
  messages,
  normalizeEntries,
  PROFILE_CATEGORIES,
  USERNAME_PATTERN,
  validateCreatorApplication,
  type CreatorSocialLinks,
} from '@zura/contracts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { type Notify, recordNotice } from '../notifications/index.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { updateUser, usernameTakenByOther } from '../profiles/index.ts';
import type { ReceivedFile, UploadsService } from '../uploads/index.ts';
import { type MediaUrlResolver, findUserById } from '../users/index.ts';
import type { AuditLog } from '../audit/index.ts';
import { presentApplication } from './presenter.ts';
import * as repo from './repo.ts';

export type CreatorService = ReturnType<typeof createCreatorService>;

export type ApplicationInput = {
  username: string;
  bio: string;
  /** The main category's id; empty for none. */
  category: string;
  socialLinks: CreatorSocialLinks;
  subcategories: string[];
  tags: string[];
  vibes: string[];
  profileImage: ReceivedFile | undefined;
  coverImage: ReceivedFile | undefined;
};

export function createCreatorService(deps: {
  db: Database;
  audit: AuditLog;
  uploads: UploadsService;
  mediaUrl: MediaUrlResolver;
  notify: Notify;
  changes: ChangeNotices;
}) {
  const { db, audit, uploads, mediaUrl, notify, changes } = deps;

  return {
    async status(userId: number) {
      const [user, latest] = await Promise.all([
        findUserById(db, userId),
        repo.latestApplicationOf(db, userId),
      ]);
      if (!user) throw new NotFoundError('User not found');
      const status = user.isCreator ? ('approved' as const) : (latest?.status ?? ('none' as const));
      return {
        status,
        is_creator: user.isCreator,
        application: latest ? presentApplication(latest, mediaUrl) : null,
      };
    },

    /** Every rule of the spec's section 5, enforced here too; images are the caller's own. */
    async apply(userId: number, input: ApplicationInput) {
      const user = await findUserById(db, userId);
      if (!user) throw new NotFoundError('User not found');
      const discardAll = () =>
        Promise.all([uploads.discard(input.profileImage), uploads.discard(input.coverImage)]);
      if (user.isCreator) {
        await discardAll();
        throw new BadRequestError(m.alreadyCreator, {}, 'already_creator');
      }
      if ((await repo.latestApplicationOf(db, userId))?.status === 'pending') {
        await discardAll();
        throw new BadRequestError(m.pending, {}, 'application_pending');
      }
      const subcategories = normalizeEntries(input.subcategories);
      const tags = normalizeEntries(input.tags);
      const vibes = normalizeEntries(input.vibes);
      // Only the form's six links count; blank ones are dropped, the others trimmed.
      const socialLinks = Object.fromEntries(
        CREATOR_SOCIAL_KEYS.map((key) => [key, input.socialLinks[key]?.trim() ?? '']).filter(
          ([, v]) => v,
        ),
      ) as CreatorSocialLinks;
      const problems = validateCreatorApplication({
        username: input.username,
        bio: input.bio,
        socialLinks,
        subcategories,
        tags,
        vibes,
        hasProfileImage: Boolean(input.profileImage) || user.profileImageId !== null,
        hasCoverImage: Boolean(input.coverImage) || user.coverImageId !== null,
      });
      // The links are URL inputs: web addresses, as the profile requires of them too.
      const links = creatorSocialLinksSchema.safeParse(socialLinks);
      if (!problems.social_links && !links.success) {
        problems.social_links = links.error.issues[0]?.message ?? 'Enter valid URLs.';
      }
      const category = input.category.trim() || null;
      if (category !== null && !PROFILE_CATEGORIES.some((c) => c.id === category)) {
        problems.category = 'Choose a category from the list.';
      }
      const username = input.username.trim();
      if (!problems.username && (await usernameTakenByOther(db, username, userId))) {
        problems.username = messages.usernameTaken;
      }
      if (Object.keys(problems).length > 0) {
        await discardAll();
        throw new ValidationError(
          Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]])),
        );
      }
      // Both files are checked before either is kept: a refused cover leaves no stray avatar.
      if (input.profileImage) {
        await uploads.checkUploadAs(input.profileImage, 'profile_image', 'profile_image');
      }
      if (input.coverImage) {
        await uploads.checkUploadAs(input.coverImage, 'cover_image', 'cover_image');
      }
      const profileImage = input.profileImage
        ? (
            await uploads.finishUploadAs(
              userId,
              input.profileImage,
              'profile_image',
              'profile_image',
            )
          ).id
        : user.profileImageId;
      const coverImage = input.coverImage
        ? (await uploads.finishUploadAs(userId, input.coverImage, 'cover_image', 'cover_image')).id
        : user.coverImageId;
      const row = await repo.insertApplication(db, {
        userId,
        username,
        bio: input.bio.trim(),
        category,
        profileImageId: profileImage,
        coverImageId: coverImage,
        socialLinks,
        subcategories,
        tags,
        vibes,
      });
      return {
        message: m.submitted,
        status: row.status,
        application: presentApplication(row, mediaUrl),
      };
    },

    async listForReview(status: 'pending' | 'approved' | 'rejected') {
      const rows = await repo.listByStatus(db, status);
      return rows.map((row) => ({
        ...presentApplication(row.application, mediaUrl),
        user: { id: row.application.userId, username: row.currentUsername, email: row.email },
      }));
    },

    /** Approval makes the applicant a creator with the profile they applied with. */
    async approve(adminId: number, applicationId: number) {
      const { presented, notification } = await db.transaction(async (tx) => {
        const row = await repo.decide(tx, applicationId, {
          status: 'approved',
          reviewedBy: adminId,
        });
        if (!row) throw new NotFoundError('No pending application with this id.');
        await audit.record(tx, {
          actorId: adminId,
          action: 'application_approved',
          targetType: 'application',
          targetId: row.id,
          details: { user_id: row.userId, username: row.username },
        });
        const links = row.socialLinks;
        // An application from before the username rule applied to it may hold a name no account
        // may have (all digits would shadow an id in profile paths): the account keeps its own.
        const usernameUsable =
          USERNAME_PATTERN.test(row.username) &&
          !(await usernameTakenByOther(tx, row.username, row.userId));
        await updateUser(tx, row.userId, {
          isCreator: true,
          ...(usernameUsable ? { username: row.username } : {}),
          bio: row.bio,
          // An application without a category leaves the profile's own.
          ...(row.category ? { category: row.category } : {}),
          profileImageId: row.profileImageId,
          coverImageId: row.coverImageId,
          subcategories: row.subcategories,
          tags: row.tags,
          vibes: row.vibes,
          instagramUrl: links.instagram ?? '',
          xUrl: links.twitter ?? '',
          socialLinks: {
            ...(links.youtube ? { youtube: links.youtube } : {}),
            ...(links.tiktok ? { tiktok: links.tiktok } : {}),
            ...(links.reddit ? { reddit: links.reddit } : {}),
            ...(links.website ? { website: links.website } : {}),
          },
        });
        const notification = await recordNotice(tx, {
          to: row.userId,
          kind: 'application_approved',
          applicationId: row.id,
        });
        return { presented: presentApplication(row, mediaUrl), notification };
      });
      changes.announce({ kind: 'feed' });
      await notify([notification]);
      return presented;
    },

    async reject(adminId: number, applicationId: number, reason: string) {
      const { presented, notification } = await db.transaction(async (tx) => {
        const row = await repo.decide(tx, applicationId, {
          status: 'rejected',
          reviewedBy: adminId,
          rejectionReason: reason,
        });
        if (!row) throw new NotFoundError('No pending application with this id.');
        await audit.record(tx, {
          actorId: adminId,
          action: 'application_rejected',
          targetType: 'application',
          targetId: row.id,
          reason,
          details: { user_id: row.userId, username: row.username },
        });
        const notification = await recordNotice(tx, {
          to: row.userId,
          kind: 'application_rejected',
          applicationId: row.id,
          reason,
        });
        return { presented: presentApplication(row, mediaUrl), notification };
      });
      await notify([notification]);
      return presented;
    },
  };
}
