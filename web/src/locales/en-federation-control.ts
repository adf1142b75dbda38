/** The creator's remote audience (settings) and the admins' domain blocks (issue 36). */
export const federationControlText = {
  federationControl: {
    title: 'Followers on other servers',
    text: 'People following you from Mastodon and the rest of the fediverse.',
    loadFailed: 'Failed to load the list.',
    failed: 'That did not work. Try again.',
    since: 'Since {{date}}',
    requests: {
      title: 'Follow requests',
      empty: 'No follow requests.',
    },
    followers: {
      title: 'Remote followers',
      empty: 'No remote followers yet.',
    },
    blocked: {
      title: 'Blocked',
      empty: 'You have blocked nobody from other servers.',
    },
    actions: {
      approve: 'Approve',
      decline: 'Decline',
      remove: 'Remove',
      block: 'Block',
      unblock: 'Unblock',
    },
    actionLabels: {
      approve: 'Approve the follow request of {{handle}}',
      decline: 'Decline the follow request of {{handle}}',
      remove: 'Remove the follower {{handle}}',
      block: 'Block {{handle}}',
      unblock: 'Unblock {{handle}}',
    },
    domainBlocks: {
      tab: 'Federation',
      title: 'Blocked domains',
      text: 'A blocked server and its subdomains cannot deliver anything here, are sent nothing, and lose their followers here.',
      domain: 'Domain',
      reason: 'Reason (for the audit log)',
      block: 'Block domain',
      blocked_one: '{{domain}} is blocked; {{count}} follower removed.',
      blocked_other: '{{domain}} is blocked; {{count}} followers removed.',
      failed: 'The domain could not be blocked.',
      empty: 'No blocked domains.',
      since: 'Blocked {{date}}',
      sinceWithReason: 'Blocked {{date}}: {{reason}}',
      unblock: 'Unblock',
      unblockLabel: 'Unblock {{domain}}',
    },
  },
};
