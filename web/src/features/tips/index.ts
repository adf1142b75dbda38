// The tips feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export { TipButton } from './components/TipButton';
export type { TipTarget } from './components/TipDialog';
export { loadTipDialog } from './load-tip-dialog';
