import { describeUploadDeletes } from './uploads-delete.suite.ts';
import { describeUploadPosts } from './uploads-post.suite.ts';
import { describeUploadReads } from './uploads-reads.suite.ts';
import { uploadsAppOn } from './uploads-suite-helpers.ts';

// On a bucket, viewers are redirected to presigned URLs; the suite's media reads follow them.
const app = uploadsAppOn('s3');
describeUploadReads(app);
describeUploadPosts(app);
describeUploadDeletes(app);
