/** The player (and HLS) and the processing notice, for a post to load when it shows a video. */
export const loadVideoPlayer = () => import('./VideoPlayer').then((module) => module.VideoPlayer);

export const loadVideoProcessingNotice = () =>
  import('./VideoProcessingNotice').then((module) => module.VideoProcessingNotice);
