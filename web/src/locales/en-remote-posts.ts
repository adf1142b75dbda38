/** A followed remote account's post in the home feed (issue 36). */
export const remotePostsText = {
  remotePosts: {
    postBy: 'Post by {{handle}}',
    fromServer: 'From {{handle}}',
    boostedBy: 'Boosted by {{handle}}',
    show: 'Show',
    hide: 'Hide',
    attachment: 'Attached file',
    openOriginal: 'Open the original',
    like: 'Like',
    boost: 'Boost',
    reply: 'Reply',
    replyLabel: 'Your reply',
    send: 'Send reply',
    replySent: 'Reply sent.',
    failed: 'That did not work. Try again.',
  },
};
