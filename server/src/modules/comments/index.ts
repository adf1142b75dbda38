/** What other modules may use of comments: nothing else of it is theirs to import. */
export { deleteCommentsOfAuthor } from './author-removal.ts';
export type { CommentsService } from './service.ts';
export {
  addRemoteComment,
  editRemoteComment,
  findRemoteComment,
  removeRemoteComment,
} from './remote-comments.ts';
