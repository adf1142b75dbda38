/**
 * An s3rver (a real S3 HTTP server storing into a directory) in a process of its own, so that
 * neither its memory nor its CPU is counted as the platform's. Started by `startS3Process`:
 *
 *   node bench/src/lib/s3rver-main.ts <directory> <bucket>
 *
 * Prints one JSON line `{"port": <n>}` once it listens on 127.0.0.1, and closes on SIGTERM.
 */
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) {
  console.error('Usage: node bench/src/lib/s3rver-main.ts <directory> <bucket>');
  process.exit(2);
}

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  vhostBuckets: false,
  configureBuckets: [{ name: bucket }],
});
const address = await server.run();
console.log(JSON.stringify({ port: address.port }));

process.once('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
