// s3rver ships no types; this is the part of its API the tests and benchmarks use.
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    /** Set once `run()` resolved. */
    httpServer: Server;
    close(): Promise<void>;
    /** Where the objects live: files in folders under `directory`. */
    store: {
      getResourcePath(bucket: string, key: string, type: string): string;
      deleteObject(bucket: string, key: string): Promise<void>;
    };
  }
}
