/** English: page titles (spread into the catalogue in en-first-visit.ts). */
export const pagesText = {
  pages: {
    home: { title: 'Home' },
    profile: { title: 'Profile' },
    profileEdit: { title: 'Edit Profile' },
    explore: {
      title: 'Explore',
      subtitle: 'Discover new content and connections.',
    },
    notifications: { title: 'Notifications' },
    messages: { title: 'Messages' },
    subscriptions: { title: 'My Subscriptions' },
    wallet: {
      title: 'Wallet',
      subtitle: 'Manage your funds and transactions.',
    },
    settings: { title: 'Settings' },
    admin: {
      title: 'Admin',
      subtitle: 'Review reports, creator applications and payouts',
    },
    creatorApplication: {
      title: 'Become a Creator',
      subtitle: 'Complete your creator profile to start sharing content',
    },
    myContent: {
      title: 'My Content',
      subtitle: 'Your media from posts, chats and uploads in one place.',
    },
  },
};
