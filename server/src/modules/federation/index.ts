/** What other modules and the composition root may use of federation (issue 36). */
export { withFeedLink } from './atom.ts';
export { registerFederation, startFederation, type FederationHandle } from './start.ts';
export { federationControlRoutes } from './control-routes.ts';
export { deadLetterRoutes } from './dead-letter-routes.ts';
export { federationFollowingRoutes } from './following-routes.ts';
export { createRemoteFeed } from './remote-feed.ts';
