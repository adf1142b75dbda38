/** What other modules may use of media: nothing else of it is theirs to import. */
export type { MediaSigner, MediaVariant } from './signing.ts';
export { visibleMarkText } from './visible-mark.ts';
export { isVideoPublished, type PresentedVideoFields, presentVideoFields } from './video-fields.ts';
export { recipientFolder } from './marked-segments.ts';
