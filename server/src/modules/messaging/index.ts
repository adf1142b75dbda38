/** What other modules may use of messaging: nothing else of it is theirs to import. */
export { presentMessage } from './presenter.ts';
export { attachmentsOf, findConversationByPair, findMessageInConversationOf } from './repo.ts';
