// The wallet feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export type { WalletSummary } from './api';
export { WalletBalance } from './components/WalletBalance';
export { WalletScreen } from './components/WalletScreen';
