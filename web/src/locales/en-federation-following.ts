/** Following accounts on other servers: the Explore search's account card (issue 36). */
export const federationFollowingText = {
  federationFollowing: {
    looking: 'Looking for the account on its server…',
    notFound: 'No account was found at that address.',
    failed: 'That did not work. Try again.',
    follow: 'Follow',
    requested: 'Requested',
    unfollow: 'Unfollow',
    openProfile: 'Open the profile on its server',
  },
};
