// The settings feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export { SettingsScreen } from './components/SettingsScreen';
export { keepVisitorLanguage, useSavedLanguage } from './use-saved-language';
export { useSessionTimeout } from './use-session-timeout';
