/** English: the offline banner (spread into the catalogue in en-first-visit.ts). */
export const offlineText = {
  offline: {
    banner: 'You are offline. What you see may be out of date.',
  },
};
