// The reports feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export {
  reportQueueQuery,
  resolveReport,
  submitReport,
  type ReportedMedia,
  type ReportEntry,
  type ReportStatus,
} from './api';
export { openReportId, refusalText } from './helpers';
export { ReportDialog } from './ReportDialog';
export { menuContentClasses, ReportMenu } from './ReportMenu';
export { ReportMenuItem } from './ReportMenuDropdown';
