import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/index.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { securityRoutes } from './modules/auth/security-routes.ts';
import { moderationRoutes } from './modules/moderation/routes.ts';
import { creatorRoutes } from './modules/creator/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { messagingRoutes } from './modules/messaging/routes.ts';
import { massMessagesRoutes } from './modules/mass-messages/routes.ts';
import { registerLiveSocket } from './modules/live/routes.ts';
import { blocksRoutes } from './modules/blocks/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { commentsRoutes } from './modules/comments/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { callsRoutes } from './modules/calls/routes.ts';
import { followsRoutes } from './modules/follows/routes.ts';
import { likesRoutes } from './modules/likes/routes.ts';
import { exploreRoutes } from './modules/explore/routes.ts';
import { libraryRoutes } from './modules/library/routes.ts';
import { registerPeerServer } from './modules/calls/peer-server.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { postsRoutes } from './modules/posts/routes.ts';
import { postPageRoutes } from './modules/posts/post-page-routes.ts';
import { ogImageRoutes } from './modules/posts/og-image-routes.ts';
import { ogCardRoutes } from './modules/profiles/og-card-routes.ts';
import { postPurchaseRoutes } from './modules/posts/purchase-routes.ts';
import { profilesRoutes } from './modules/profiles/routes.ts';
import { profilePreviewHead } from './modules/profiles/share-preview.ts';
import {
  type FederationHandle,
  deadLetterRoutes,
  federationControlRoutes,
  federationFollowingRoutes,
  registerFederation,
  withFeedLink,
} from './modules/federation/index.ts';
import { subscriptionContentsRoutes } from './modules/subscription-contents/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { leakTraceRoutes } from './modules/leak-trace/routes.ts';
import { audienceRoutes } from './modules/audience/routes.ts';
import { subscriptionsRoutes } from './modules/subscriptions/routes.ts';
import { offersRoutes } from './modules/offers/routes.ts';
import { tipsRoutes } from './modules/tips/routes.ts';
import { uploadsRoutes } from './modules/uploads/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { registerApiDocs, registerApiDocsViewer } from './plugins/api-docs.ts';
import { guardRoutes } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerRateLimitHeaders } from './plugins/rate-limit-headers.ts';
import { registerReusedCompression } from './plugins/reused-compression.ts';
import { registerRequestDeadlines, serverTimeouts } from './plugins/request-deadlines.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web.ts';
import { sharePreviewHead } from './modules/posts/share-preview.ts';
import { directUrlOrigin } from './storage/storage.ts';
import type { Services } from './services.ts';

export type AppDeps = {
  config: Config;
  services: Services;
  /** Pino options or false; tests pass false. */
  logger?: boolean | object;
  /** Fedify and its queue (issue 36); absent with `FEDERATION=false`. */
  federation?: FederationHandle | undefined;
};

/** Builds the Fastify instance without listening; tests drive it with `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, services } = deps;
  const { requireUser, requireAdmin, db, storage, signer } = services;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    // Only the listed proxies may name the client; everyone else's X-Forwarded-For is ignored.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreDuplicateSlashes: true },
    ...serverTimeouts(config.requestDeadlines),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  registerRequestDeadlines(app, config.requestDeadlines);
  registerRateLimitHeaders(app);

  // Set as the request starts (a callback hook: no promise per request); errors keep it.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });

  registerSecurityHeaders(app, { mediaOrigin: await directUrlOrigin(storage) });
  registerReusedCompression(app);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyMultipart);
  // Before the routes: it collects them as they are registered.
  await registerApiDocs(app);

  await app.register(
    async (api) => {
      guardRoutes(api, { requireUser, requireAdmin });
      await api.register(healthRoutes({ db }));
      await api.register(authRoutes({ auth: services.auth }));
      await api.register(
        securityRoutes({
          auth: services.auth,
          sessions: services.sessions,
          twoFactor: services.twoFactor,
        }),
      );
      await api.register(
        moderationRoutes({ moderation: services.moderation, audit: services.audit }),
      );
      await api.register(usersRoutes({ users: services.users }));
      await api.register(uploadsRoutes({ uploads: services.uploads }));
      await api.register(
        profilesRoutes({ profiles: services.profiles, uploads: services.uploads }),
      );
      await api.register(subscriptionContentsRoutes({ db, profiles: services.profiles }));
      await api.register(audienceRoutes({ audience: services.audience }));
      await api.register(analyticsRoutes({ analytics: services.analytics }));
      await api.register(leakTraceRoutes({ tracer: services.leakTracer }));
      await api.register(postsRoutes({ posts: services.posts, uploads: services.uploads }));
      await api.register(
        postPageRoutes({
          posts: services.posts,
          drafts: services.postDrafts,
          schedule: services.postSchedule,
        }),
      );
      await api.register(commentsRoutes({ comments: services.comments }));
      await api.register(notificationsRoutes({ notifications: services.notifications }));
      await api.register(walletRoutes({ wallet: services.wallet }));
      await api.register(subscriptionsRoutes({ subscriptions: services.subscriptions }));
      await api.register(offersRoutes({ offers: services.offers }));
      await api.register(tipsRoutes({ tips: services.tips }));
      await api.register(postPurchaseRoutes({ purchases: services.postPurchases }));
      await api.register(creatorRoutes({ creator: services.creator, uploads: services.uploads }));
      await api.register(accountRoutes({ account: services.account }));
      await api.register(messagingRoutes({ messaging: services.messaging }));
      await api.register(massMessagesRoutes({ massMessages: services.massMessages }));
      await api.register(callsRoutes({ calls: services.calls }));
      await api.register(blocksRoutes({ blocks: services.blocks }));
      await api.register(pushRoutes({ push: services.push }));
      await api.register(reportsRoutes({ reports: services.reports }));
      await api.register(followsRoutes({ follows: services.follows }));
      await api.register(likesRoutes({ likes: services.likes }));
      await api.register(exploreRoutes({ explore: services.explore }));
      await api.register(libraryRoutes({ library: services.library, uploads: services.uploads }));
      await api.register(
        federationControlRoutes({ control: deps.federation?.control, db, audit: services.audit }),
      );
      await api.register(deadLetterRoutes({ deliveries: deps.federation?.deliveries }));
      await api.register(
        federationFollowingRoutes({
          federation: deps.federation?.federation,
          db,
          rateLimits: services.rateLimits,
          publicUrl: config.publicUrl,
          allowPrivateAddresses: config.federation.allowPrivateAddresses,
        }),
      );
    },
    { prefix: '/api' },
  );
  await app.register(
    mediaRoutes({
      db,
      storage,
      signer,
      marking: services.marking,
      videoMarking: services.videoMarking,
      markedMp4s: services.markedMp4s,
      remakeImageSizes: services.remakeImageSizes,
    }),
  );
  await app.register(
    ogImageRoutes({
      db,
      storage,
      previews: services.sharePreviews,
      rateLimits: services.rateLimits,
      cards: services.shareCards,
    }),
  );
  await app.register(
    ogCardRoutes({
      db,
      storage,
      previews: services.profilePreviews,
      rateLimits: services.rateLimits,
      cards: services.shareCards,
    }),
  );
  registerFederation(app, {
    handle: deps.federation,
    db,
    signer,
    publicUrl: config.publicUrl,
    rateLimits: services.rateLimits,
  });
  await registerApiDocsViewer(app);
  await registerLiveSocket(app, services, config.publicUrl);
  await registerPeerServer(app, services);

  await registerWebApp(app, config.webDistDir, {
    // A post's card, or a profile's: at most one of them knows the path.
    headFor: async (pathname) =>
      (await sharePreviewHead(services.sharePreviews, pathname)) ??
      withFeedLink(await profilePreviewHead(services.profilePreviews, pathname), pathname),
  });
  return app;
}
