import { describeMultiFilePosts } from './multi-file.suite.ts';

describeMultiFilePosts('local');
