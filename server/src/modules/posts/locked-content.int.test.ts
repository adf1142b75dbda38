import { describeLockedContent } from './locked-content.suite.ts';

describeLockedContent('local');
