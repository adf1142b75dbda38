import { describeMediaServing } from './media.suite.ts';

describeMediaServing('local');
