/** English texts of the installable app: push notifications on this device (the later part, en-later.ts). */
export const push = {
  push: {
    title: 'Notifications on this device',
    text: 'Get messages, calls, new subscribers and payments on this device when Zura is closed.',
    on: 'On for this device',
    off: 'Off for this device',
    enable: 'Turn on',
    disable: 'Turn off',
    test: 'Send a test notification',
    testSent: 'Test notification sent. It should appear in a few seconds.',
    unsupported:
      'This browser cannot show notifications from Zura. On iPhone and iPad, add Zura to the Home Screen first, then open it from there.',
    unavailable:
      'Notifications are not available here: the app was not loaded with its service worker. Reload the page and try again.',
    denied:
      "Notifications are blocked for this site. Allow them in your browser's site settings, then reload this page.",
    refused: 'Notifications were not allowed, so they stay off.',
    failed: 'Could not change notifications for this device. Please try again.',
    noService:
      'This browser cannot receive push notifications: it has no push service to deliver them. Use another browser (such as Chrome, Edge, Firefox or Safari) to get them when Zura is closed.',
    loadFailed: 'Failed to load the notification state of this device.',
  },
};
