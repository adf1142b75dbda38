import { describeLockedContent } from './locked-content.suite.ts';

// Redirecting to presigned URLs: the store that could hand out a way around our gate.
describeLockedContent('s3');
