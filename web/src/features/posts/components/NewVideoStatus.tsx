import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { VideoProcessingNotice } from '../../video';
import { serverProcessing, currentProcessing } from '../../video';
import { useLiveUploadProcessing } from '../../video';
import { feedQuery, flattenPages, type Post } from '../api';
import { postVideoUploadId } from '../content';

/**
 * After the upload bar: "Processing… N%" from the live frames, then that the video is ready
 * (it plays in the feed below), or why it failed.
 */
export function NewVideoStatus({ post: created }: { post: Post }) {
  const { t } = useTranslation();
  // The answer names the video's upload, so the live frames move the percentage; the feed's
  // copy, read again when the video is done, says where it stands should a frame be missed.
  const { data: listed } = useInfiniteQuery({
    ...feedQuery(),
    select: (data) => flattenPages(data).find((item) => item.id === created.id),
  });
  const post = listed ?? created;
  const live = useLiveUploadProcessing(postVideoUploadId(post));
  if (live?.state === 'ready' || post.video_state === 'ready') {
    return <Alert tone="success">{t('video.ready')}</Alert>;
  }
  const processing = currentProcessing(serverProcessing(post), live);
  if (!processing) return null;
  return <VideoProcessingNotice processing={processing} layout="inline" />;
}
