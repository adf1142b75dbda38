// The creator feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export type { CreatorSocialKey } from './application-form';
export { CreatorApplicationScreen } from './components/CreatorApplicationScreen';
export { CreatorLanding } from './CreatorLanding';
