import { describeUploads } from './uploads.suite.ts';

describeUploads('local');
