// The video feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export { loadVideoPlayer, loadVideoProcessingNotice } from './load-video-components';
export {
  clampProgress,
  currentProcessing,
  serverProcessing,
  videoUploadId,
  type VideoProcessing,
} from './processing';
export { useLiveUploadProcessing, useVideoProcessing } from './use-video-processing';
export { VideoPlayer } from './VideoPlayer';
export { VideoProcessingNotice } from './VideoProcessingNotice';
export { MARKED_VIDEO_PROPS, MarkedVideoBox } from './MarkedVideoBox';
