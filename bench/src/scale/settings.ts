/**
 * Sizes of the scale benchmarks. The defaults are the issues' figures; scale/run.ts overrides
 * them from its options (bench/src/run.ts uses the defaults).
 */
export const scaleSettings = {
  /** autocannon connections for the feed and library loads. */
  connections: 64,
  feedUsers: 10_000,
  feedPostsSmall: 10_000,
  feedPostsLarge: 1_000_000,
  uploadBytes: 2 * 1024 ** 3,
  ledgerRounds: 1_000,
  /** Unlock rounds stop after this many seconds even if fewer than ledgerRounds ran. */
  ledgerMaxSeconds: 240,
  unlockConcurrency: 50,
  tipConcurrency: 32,
  sockets: 20_000,
  messagesPerSecond: 500,
  libraryItems: 10_000,
  inboxConversations: 10_000,
  inboxUnreadNotifications: 100_000,
};

export type ScaleSettings = typeof scaleSettings;
