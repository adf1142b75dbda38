import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { gaveFreshUrls, holdsUpload } from './expiry-recovery';
import { uploadIdOfMediaUrl } from './processing';

/**
 * Reads again every shown item that holds the video of `staleUrl` (a post list, a
 * conversation, the library), so the server signs fresh URLs for it; resolves once they are in
 * the cache, with whether the URLs changed (false: the URL did not expire, or the video went).
 */
export function useRefreshSignedUrls(): (staleUrl: string) => Promise<boolean> {
  const queryClient = useQueryClient();
  return useCallback(
    async (staleUrl: string) => {
      const uploadId = uploadIdOfMediaUrl(staleUrl);
      if (!uploadId) return false;
      const filters = {
        type: 'active' as const,
        predicate: (query: { state: { data: unknown } }) => holdsUpload(query.state.data, uploadId),
      };
      await queryClient.refetchQueries(filters);
      const datas = queryClient.getQueriesData(filters).map(([, data]) => data);
      return gaveFreshUrls(datas, uploadId, staleUrl);
    },
    [queryClient],
  );
}
