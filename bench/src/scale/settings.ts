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
  /** Likes added after the large feed measurements, spread evenly over every post. */
  feedLikes: 10_000_000,
  uploadBytes: 2 * 1024 ** 3,
  /** Where the upload benchmark stores media, one run each, in this order. */
  uploadStorages: ['local', 's3'] as UploadStorage[],
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
  /** Active subscribers a mass message goes to. */
  massRecipients: 10_000,
  /** Remote followers of the creator whose post is delivered (issue 36), and their servers. */
  federationFollowers: 10_000,
  federationInboxes: 100,
  /** Ledger transactions the analytics benchmark writes through the roll-up triggers. */
  analyticsTransactions: 1_000_000,
};

/** local: DATA_DIR on disk; s3: a bucket in s3rver, a child process on the same machine. */
export type UploadStorage = 'local' | 's3';
