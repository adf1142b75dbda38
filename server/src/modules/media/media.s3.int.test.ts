import { describeMediaServing } from './media.suite.ts';

describeMediaServing('s3-proxy');
describeMediaServing('s3');
