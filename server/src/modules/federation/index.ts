/** What other modules and the composition root may use of federation (issue 36). */
export { withFeedLink } from './atom.ts';
export { registerFederation, startFederation, type FederationHandle } from './start.ts';
export { federationControlRoutes } from './control-routes.ts';
