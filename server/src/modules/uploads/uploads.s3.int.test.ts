import { describeUploads } from './uploads.suite.ts';

// On a bucket, viewers are redirected to presigned URLs; the suite's media reads follow them.
describeUploads('s3');
