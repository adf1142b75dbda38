import { skipToken, useQuery } from '@tanstack/react-query';
import {
  currentProcessing,
  serverProcessing,
  type VideoProcessing,
  type VideoProcessingFields,
} from './processing';
import { videoProcessingKeys } from '../../lib/query-keys';

/**
 * A video's processing state for its owner, following the live `upload_processing` frames
 * (written to the query cache by the live sync). Undefined once the video is playable.
 */
export function useVideoProcessing(
  uploadId: string | undefined,
  fields: VideoProcessingFields,
): VideoProcessing | undefined {
  const { data: live } = useQuery<VideoProcessing>({
    queryKey: videoProcessingKeys.upload(uploadId ?? ''),
    queryFn: skipToken,
  });
  return currentProcessing(serverProcessing(fields), uploadId ? live : undefined);
}

/** Only the live state of one upload (the composer, which has no server item yet). */
export function useLiveUploadProcessing(uploadId: string | undefined): VideoProcessing | undefined {
  const { data } = useQuery<VideoProcessing>({
    queryKey: videoProcessingKeys.upload(uploadId ?? ''),
    queryFn: skipToken,
  });
  return uploadId ? data : undefined;
}
