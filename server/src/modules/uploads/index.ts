/** What other modules may use of uploads: nothing else of it is theirs to import. */
export { receiveMultipart } from './multipart.ts';
export { findBySha256, findUploadById } from './repo.ts';
export type { ReceivedFile, UploadsService } from './service.ts';
