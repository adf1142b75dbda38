/** The tip dialog, for a post list to load when a tip is first asked for. */
export const loadTipDialog = () =>
  import('./components/TipDialog').then((module) => module.TipDialog);
