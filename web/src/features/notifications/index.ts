// The notifications feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export {
  markedRead,
  mergeNotifications,
  newestNotificationId,
  parseNotification,
  type AppNotification,
} from './api';
export { NotificationsScreen } from './components/NotificationsScreen';
export {
  setUnreadCountsFromFrame,
  unreadCountsQuery,
  ZERO_COUNTS,
  type UnreadCounts,
} from './unread-counts';
