import { describeUploadDeletes } from './uploads-delete.suite.ts';
import { describeUploadPosts } from './uploads-post.suite.ts';
import { describeUploadReads } from './uploads-reads.suite.ts';
import { uploadsAppOn } from './uploads-suite-helpers.ts';

const app = uploadsAppOn('local');
describeUploadReads(app);
describeUploadPosts(app);
describeUploadDeletes(app);
