/**
 * The calls' layer (the incoming-call and call overlays), for the shell to load lazily: its
 * code stays out of the first visit's chunks.
 */
export const loadCallLayer = () => import('./CallLayer').then((module) => module.CallLayer);
