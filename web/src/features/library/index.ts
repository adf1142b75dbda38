// The library feature's public surface (issue 34): what other features, the pages and the app
// use of it. Everything else in the folder is the feature's own to change.
export { libraryQuery } from './api';
export { MediaLibrary } from './components/MediaLibrary';
export { MediaThumb } from './components/MediaThumb';
export { StorageMeter } from './components/StorageMeter';
export { UploadArea } from './components/UploadArea';
