// The leak tracer's public surface (issue 35): what other features, the pages and the app use
// of it. Everything else in the folder is the feature's own to change.
export type { FoundTrace } from './api';
export { CreatorLeakTracer } from './components/CreatorLeakTracer';
export { LeakTracer } from './components/LeakTracer';
export { TraceAbout } from './components/TraceAbout';
