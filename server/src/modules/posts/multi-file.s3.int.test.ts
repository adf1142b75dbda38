import { describeMultiFilePosts } from './multi-file.suite.ts';

// Presigned redirects for the files served, and deletion from the bucket.
describeMultiFilePosts('s3');
