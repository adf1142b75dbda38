/**
 * A real S3 HTTP server (s3rver) in the test process with one empty bucket: the one the
 * integration tests use. Its `env` points a server at the bucket; its `requests` show what
 * reached the bucket (from the server and from the browser).
 */
export { startS3, type TestS3 } from '../../../server/test/s3.ts';
