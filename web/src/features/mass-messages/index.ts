// The mass-messages feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export { applyMassProgress, massKeys } from './api';
export { ConversationMenu } from './components/ConversationMenu';
export { MassMessageComposer } from './components/MassMessageComposer';
export { MassMessageList } from './components/MassMessageList';
export { WelcomeMessageSection } from './components/WelcomeMessageSection';
