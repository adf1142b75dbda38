import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Tabs } from '../../../ui/Tabs';
import { userPostsQuery } from '../../posts';
import { useProcessingVideoPoll } from '../../posts';
import { PostStream } from '../../posts';
import { isVideoPost } from '../../posts';
import type { ViewedProfile } from '../api';
import { postKeys } from '../../../lib/query-keys';

type ProfileTab = 'posts' | 'videos';

export interface ProfilePostsProps {
  profile: ViewedProfile;
}

/** Spec §2.8: tabs Posts and Videos over the user's posts, newest first, page by page. */
export function ProfilePosts({ profile }: ProfilePostsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<ProfileTab>('posts');
  const query = useInfiniteQuery({
    ...userPostsQuery(profile.id),
    refetchInterval: useProcessingVideoPoll(),
  });
  // Spec §4 "Post lock": after an unlock on the profile page the user's posts are reloaded.
  const reloadPosts = () =>
    void queryClient.invalidateQueries({ queryKey: postKeys.user(profile.id) });

  return (
    <Tabs
      label={t('profile.tabsLabel')}
      items={[
        { value: 'posts', label: t('profile.tabs.posts') },
        { value: 'videos', label: t('profile.tabs.videos') },
      ]}
      value={tab}
      onValueChange={setTab}
    >
      <PostStream
        query={query}
        variant="profile"
        filter={tab === 'videos' ? isVideoPost : undefined}
        emptyText={t(`profile.empty.${tab}`)}
        onUnlocked={reloadPosts}
        label={t(`profile.tabs.${tab}`)}
        authorIsCreator={profile.is_creator}
      />
    </Tabs>
  );
}
