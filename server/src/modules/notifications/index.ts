/** What other modules may use of notifications: nothing else of it is theirs to import. */
export { presentNotification } from './presenter.ts';
export {
  insertNotification,
  insertNotifications,
  markConversationNotificationsRead,
  type NewNotification,
} from './repo.ts';
export type { Notify } from './service.ts';
