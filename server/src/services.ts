import path from 'node:path';
import { createMessagingService } from './modules/messaging/service.ts';
import { createMassMessagesService } from './modules/mass-messages/service.ts';
import { createMassSender } from './modules/mass-messages/sender.ts';
import type { JobHandlers } from './jobs/queue.ts';
import { createShareCards } from './lib/share-card.ts';
import { createAnalyticsService } from './modules/analytics/service.ts';
import { createAudienceService } from './modules/audience/service.ts';
import { createRateLimits } from './lib/rate-limits.ts';
import { createMarking } from './marking.ts';
import { createAccessTokens } from './modules/auth/access-tokens.ts';
import { createAccountService } from './modules/account/service.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createTwoFactor } from './modules/auth/two-factor.ts';
import { createAuditLog } from './modules/audit/service.ts';
import { createLeakTracer } from './modules/leak-trace/service.ts';
import { createModeration } from './modules/moderation/service.ts';
import { createKnownDevices } from './modules/auth/known-devices.ts';
import { createSessions } from './modules/auth/sessions.ts';
import { createFollowsService } from './modules/follows/service.ts';
import { createLikesService } from './modules/likes/service.ts';
import { createExploreService } from './modules/explore/service.ts';
import { createLibraryService } from './modules/library/service.ts';
import { createCallsService } from './modules/calls/service.ts';
import { createTicketSigner } from './modules/calls/tickets.ts';
import { createLocalPeerNetwork, createRedisPeerNetwork } from './modules/calls/peer-network.ts';
import { deploymentTag } from './lib/deployment.ts';
import { createBlocksService } from './modules/blocks/service.ts';
import { createCommentsService } from './modules/comments/service.ts';
import { createReportsService } from './modules/reports/service.ts';
import { createCreatorService } from './modules/creator/service.ts';
import { createMediaSigner, type MediaVariant } from './modules/media/signing.ts';
import { createNotificationsService } from './modules/notifications/service.ts';
import { createRemoteFeed } from './modules/federation/index.ts';
import { createPostsService } from './modules/posts/service.ts';
import { createPostDrafts } from './modules/posts/drafts.ts';
import { createPostSchedule } from './modules/posts/schedule.ts';
import { createSharePreviews } from './modules/posts/share-preview.ts';
import { createPostPurchases } from './modules/posts/purchases.ts';
import { createProfilePreviews } from './modules/profiles/share-preview.ts';
import { createProfilesService } from './modules/profiles/service.ts';
import { createSubscriptionsService } from './modules/subscriptions/service.ts';
import { createOffersService } from './modules/offers/service.ts';
import { createTipsService } from './modules/tips/service.ts';
import { createMediaVariantsHandler } from './modules/uploads/jobs/media-variants.ts';
import { createVideoTranscodeHandler } from './modules/uploads/jobs/video-transcode.ts';
import { createVideoMarkHandler } from './modules/uploads/jobs/video-mark.ts';
import { createUploadsService } from './modules/uploads/service.ts';
import { foldUnreadCounts } from './modules/notifications/unread-counts.ts';
import { expireIdempotencyKeys } from './modules/wallet/idempotency.ts';
import { findUserById } from './modules/users/repo.ts';
import { createUsersService } from './modules/users/service.ts';
import { createStripeProvider } from './modules/wallet/providers/stripe.ts';
import { createTestModeProvider } from './modules/wallet/providers/test-mode.ts';
import { createWalletService } from './modules/wallet/service.ts';
import { createRequireAdmin, createRequireUser } from './plugins/auth.ts';
import { createPresence } from './modules/push/presence.ts';
import { createPushSender } from './modules/push/sender.ts';
import { busWithPush, createPushService } from './modules/push/service.ts';
import { ffmpegBinaries } from './video/ffmpeg-binary.ts';
import { createTranscodeShutdown, startBackgroundWork } from './work.ts';
import type { ServiceDeps } from './service-deps.ts';

export type { ServiceDeps };

export type Services = ReturnType<typeof createServices>;

/**
 * The composition root: every service, kept cache, job handler and timer of the process, wired
 * once, for routes and jobs alike. What holds a connection (pool, storage, bus, queue, mailer)
 * is opened by `startRuntime` and passed in.
 */
export function createServices(deps: ServiceDeps) {
  const { config, db, jobs, secrets, storage, changes } = deps;
  // Services log problems they survive as warnings; the process logs them as errors.
  const log = { warn: (obj: object, msg: string) => deps.log.error(obj, msg) };
  const deployment = deploymentTag(secrets.jwtKey);
  const rateLimits = createRateLimits(config.rateLimitScale, deps.redis, `zura:${deployment}:rl`);
  const presence = createPresence();
  const push = createPushService({
    db,
    jobs,
    presence,
    rateLimits,
    publicKey: deps.vapid.publicKey,
    policy: { allowLoopback: config.push.allowLoopbackHttp },
    send: createPushSender(deps.vapid, config.push.subject, {
      allowLoopback: config.push.allowLoopbackHttp,
    }),
  });
  const bus = busWithPush(
    deps.bus,
    (notificationIds) => jobs.send('push-notify', { notificationIds }),
    log,
  );
  const accessTokens = createAccessTokens(secrets.jwtKey);
  const signer = createMediaSigner(secrets.urlSigningKey, config.mediaUrlLifetimeSeconds);
  const binaries = () =>
    ffmpegBinaries({
      ffmpegPath: config.video.ffmpegPath,
      allowOutdated: config.video.allowOutdatedFfmpeg,
    });
  // Gated media go to each viewer marked for them (issue 35).
  const { markingEngine, marking, videoMarking, markedMp4s } = createMarking({
    config,
    db,
    secrets,
    jobs,
    storage,
    binaries,
    log: deps.log,
  });
  const mediaUrl = (uploadId: string | null, variant?: MediaVariant) =>
    uploadId ? signer.url(uploadId, variant) : null;
  const sessions = createSessions({ db, changes });
  const requireUser = createRequireUser(accessTokens, sessions);
  const twoFactor = createTwoFactor({ db, signingKey: secrets.jwtKey, rateLimits, sessions });
  const requireAdmin = createRequireAdmin(
    requireUser,
    async (userId) => (await findUserById(db, userId))?.isAdmin === true,
    async (userId) => config.requireAdminTwoFactor && !(await twoFactor.isEnabled(userId)),
  );
  const provider = config.stripe
    ? createStripeProvider({ ...config.stripe, publicUrl: config.publicUrl })
    : createTestModeProvider();

  const uploads = createUploadsService({
    db,
    storage,
    signer,
    // Videos go to the transcode (which makes their poster too); images to their variants.
    onStored: (upload) =>
      jobs.send(upload.videoState ? 'video-transcode' : 'media-variants', { uploadId: upload.id }),
    changes,
    rateLimits,
    limits: config.uploads,
  });
  const notifications = createNotificationsService({ db, bus, changes });
  const tickets = createTicketSigner(secrets.urlSigningKey);
  const calls = createCallsService({ db, tickets, ice: config.ice, bus });
  const audit = createAuditLog({ db });
  const blocks = createBlocksService({ db, mediaUrl, changes });
  const moderation = createModeration({ db, sessions, audit, twoFactor });
  const remote = config.federation.enabled ? createRemoteFeed(db, changes) : undefined;
  const posts = createPostsService({ db, uploads, rateLimits, signer, changes, marking, remote });
  const likes = createLikesService({
    db,
    changes,
    bus,
    rateLimits,
    signer,
    posts,
    notify: notifications.publishCreated,
  });
  const comments = createCommentsService({
    db,
    posts,
    rateLimits,
    signer,
    changes,
    notify: notifications.publishCreated,
    // Open feeds watching the post get its new comment count, as they do for likes.
    onCountsChanged: (postId) => {
      likes.postCountsChanged(postId).catch((error: unknown) => {
        log.warn({ err: error, postId }, 'live post counts: could not publish');
      });
    },
  });
  const profiles = createProfilesService({
    db,
    uploads,
    rateLimits,
    mediaUrl,
    changes,
    notify: notifications.publishCreated,
  });
  const massMessages = createMassMessagesService({ db, uploads, jobs });
  // After a new subscription or trial commits; a welcome message that cannot be queued never
  // fails the subscription.
  const sendWelcome = (creatorId: number, fanId: number) =>
    massMessages.queueWelcome(creatorId, fanId).catch((error: unknown) => {
      log.warn({ err: error, creatorId, fanId }, 'welcome message: enqueue failed');
    });
  const auth = createAuthService({
    db,
    accessTokens,
    sessions,
    twoFactor,
    rateLimits,
    devices: createKnownDevices(secrets.jwtKey, { secure: config.publicUrl.startsWith('https:') }),
    jobs,
    publicUrl: config.publicUrl,
  });
  const postSchedule = createPostSchedule({ db, signer, changes, posts });
  const subscriptions = createSubscriptionsService({
    db,
    mediaUrl,
    notify: notifications.publishCreated,
    changes,
    onSubscribed: sendWelcome,
  });
  const massSender = createMassSender({ db, bus, signer });
  // Post and profile cards for link unfurlers, kept on disk and shared by both routes.
  const shareCards = createShareCards(path.join(config.dataDir, 'og-cards'));

  const leakTracer = createLeakTracer({
    db,
    storage,
    engine: markingEngine,
    key: marking.key,
    audit,
    rateLimits,
    publicUrl: config.publicUrl,
    binaries,
    ffmpegMemoryBytes: config.video.ffmpegMemoryBytes,
  });
  const transcodeShutdown = createTranscodeShutdown();
  const transcodeDeps = {
    db,
    pool: deps.pool,
    storage,
    bus: deps.bus,
    changes,
    jobs,
    config: config.video,
    binaries,
    log: deps.log,
    signal: transcodeShutdown.signal,
    queueStopped: transcodeShutdown.queueStopped,
    // A video turning playable or failing changes its posts in every kept feed and page.
    onVideoChanged: (ownerId: number) => {
      changes.announce({ kind: 'posts_changed', userId: ownerId });
      changes.announce({ kind: 'feed' });
    },
  };
  const jobHandlers: JobHandlers = {
    'send-mail': deps.mailer.send,
    'password-reset-request': ({ email }) => auth.mailPasswordReset(email),
    'media-variants': createMediaVariantsHandler({ db, storage }),
    'video-transcode': createVideoTranscodeHandler(transcodeDeps, 'video-transcode'),
    'video-transcode-long': createVideoTranscodeHandler(transcodeDeps, 'video-transcode-long'),
    'video-mark': createVideoMarkHandler({
      db,
      storage,
      config: config.video,
      binaries,
      key: marking.key,
      log: deps.log,
      signal: transcodeShutdown.signal,
      queueStopped: transcodeShutdown.queueStopped,
    }),
    'subscriptions-renew': () => subscriptions.renewDue(),
    'idempotency-expire': () => expireIdempotencyKeys(db),
    'unread-counts-fold': () => foldUnreadCounts(db),
    'sessions-expire': () => sessions.deleteOld(),
    'posts-publish-due': () => postSchedule.publishDue(),
    'mass-message-send': ({ massMessageId }, run) => massSender.send(massMessageId, run),
    'welcome-message-send': ({ creatorId, fanId, subscribedAt }) =>
      massSender.welcome(creatorId, fanId, new Date(subscribedAt)),
    'push-notify': ({ notificationIds }) => push.fanOut(notificationIds),
    'push-deliver': (delivery) => push.deliver(delivery),
  };
  return {
    marking,
    videoMarking,
    markedMp4s,
    markingEngine,
    leakTracer,
    /** Starts the queue's workers over `jobHandlers` and the timers; once, by `startRuntime`. */
    startWork: () =>
      startBackgroundWork({
        jobs,
        handlers: jobHandlers,
        longRunningWorkers: config.video.workers,
        binaries,
        shutdown: transcodeShutdown,
        log: deps.log,
      }),
    db,
    bus,
    /** Makes an image's sizes again: one made before a size existed gets it (media routes). */
    remakeImageSizes: (uploadId: string) => jobs.send('media-variants', { uploadId }),
    presence,
    push,
    changes,
    storage,
    signer,
    accessTokens,
    sessions,
    twoFactor,
    requireUser,
    requireAdmin,
    auth,
    users: createUsersService({ db, mediaUrl }),
    uploads,
    profiles,
    posts,
    postDrafts: createPostDrafts({ db, signer, changes, posts }),
    postSchedule,
    sharePreviews: createSharePreviews({ db, signer, publicUrl: config.publicUrl }),
    profilePreviews: createProfilePreviews({ db, signer, publicUrl: config.publicUrl }),
    comments,
    notifications,
    messaging: createMessagingService({
      db,
      uploads,
      signer,
      bus,
      unreadBadges: notifications.unreadBadges,
      changes,
      calls,
      markHost: marking.host,
    }),
    wallet: createWalletService({ db, provider, audit, log }),
    subscriptions,
    massMessages,
    massSender,
    offers: createOffersService({
      db,
      mediaUrl,
      notify: notifications.publishCreated,
      changes,
      onSubscribed: sendWelcome,
    }),
    tips: createTipsService({ db, notify: notifications.publishCreated }),
    postPurchases: createPostPurchases({
      db,
      posts,
      signer,
      notify: notifications.publishCreated,
    }),
    creator: createCreatorService({
      db,
      audit,
      uploads,
      mediaUrl,
      notify: notifications.publishCreated,
      changes,
    }),
    tickets,
    shareCards,
    audience: createAudienceService({ db }),
    analytics: createAnalyticsService({ db }),
    peerNetwork: deps.redis
      ? createRedisPeerNetwork(deps.redis, `zura:${deployment}:peer`, (error) =>
          log.warn({ err: error }, 'call signalling: redis error'),
        )
      : createLocalPeerNetwork(),
    follows: createFollowsService({ db, notify: notifications.publishCreated, changes }),
    likes,
    explore: createExploreService({ db, mediaUrl }),
    library: createLibraryService({ db, signer, changes }),
    calls,
    blocks,
    account: createAccountService({
      db,
      storage,
      rateLimits,
      changes,
      sessions,
      beforeDelete: deps.beforeAccountDeleted,
    }),
    audit,
    moderation,
    rateLimits,
    reports: createReportsService({
      db,
      rateLimits,
      signer,
      audit,
      moderation,
      posts,
      comments,
      profiles,
      uploads,
      changes,
      notify: notifications.publishCreated,
    }),
  };
}
