// The messaging feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export {
  parseMessage,
  startConversation,
  storeActiveConversationId,
  type ChatMessage,
  type Conversation,
} from './api';
export { MessagesScreen } from './components/MessagesScreen';
export {
  conversationsOf,
  conversationsQuery,
  holdsConversation,
  unreadMessagesOf,
  updateConversations,
  type ConversationPages,
} from './conversation-pages';
export { upsertMessages, withConversationRead, withNewMessage, type MessageThread } from './thread';
