/** What other modules may use of notifications: nothing else of it is theirs to import. */
export { noticeOf, type Happening } from './notices.ts';
export { presentNotification } from './presenter.ts';
export { recordNotice, recordNotices } from './record.ts';
export { markConversationNotificationsRead } from './repo.ts';
export type { Notify } from './service.ts';
