import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig defaults', () => {
  const config = loadConfig({});

  it('listens on port 8080 on every interface', () => {
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
  });

  it('keeps data in ./data, resolved to an absolute path', () => {
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('applies the rate limits unscaled', () => {
    expect(config.rateLimitScale).toBe(1);
  });

  it('gives a request 30 seconds to arrive and an upload an hour', () => {
    expect(config.requestDeadlines).toEqual({ requestMs: 30_000, uploadMs: 3_600_000 });
  });

  it('derives the public URL from the port, shown as localhost', () => {
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('uses the embedded database, the outbox and info logs', () => {
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.trustProxy).toEqual([]);
  });
});

describe('loadConfig values', () => {
  it('reads numbers from their text', () => {
    const config = loadConfig({ PORT: '3000', RATE_LIMIT_SCALE: '0.5' });
    expect(config.port).toBe(3000);
    expect(config.rateLimitScale).toBe(0.5);
  });

  it('resolves a relative DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: 'var/zura' }).dataDir).toBe(path.resolve('var/zura'));
  });

  it('derives the public URL from a non-wildcard host and the port', () => {
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '9000' }).publicUrl).toBe('http://127.0.0.1:9000');
  });

  it('removes trailing slashes from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://zura.example/' }).publicUrl).toBe(
      'https://zura.example',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://zura.example/app//' }).publicUrl).toBe(
      'https://zura.example/app',
    );
  });

  it('treats an empty variable as unset, as `PORT=` in an env file means', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: '', RATE_LIMIT_SCALE: '', LOG_LEVEL: '' });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.rateLimitScale).toBe(1);
    expect(config.logLevel).toBe('info');
  });

  it('reads TRUST_PROXY as false or a list of proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
  });
});

describe('loadConfig refuses wrong values and names the variable', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['RATE_LIMIT_SCALE', '-1'],
    ['RATE_LIMIT_SCALE', '0'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'not a url'],
    ['DATABASE_URL', 'nope'],
    ['SECRET_KEY', 'too-short'],
    ['HTTP_REQUEST_TIMEOUT', '0'],
    ['HTTP_UPLOAD_TIMEOUT', '1.5'],
    ['MEDIA_URL_LIFETIME', '7200'],
    ['MEDIA_URL_LIFETIME', '10'],
    ['TRUST_PROXY', '1'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,proxy.example.com'],
    ['TRUST_PROXY', '10.0.0.1,'],
  ])('%s=%s', (name, value) => {
    const error = configError({ [name]: value });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain(`${name}:`);
    expect(error.message).toContain(JSON.stringify(value));
  });

  it('refuses TRUST_PROXY=true, which would trust every client, and says what to set', () => {
    const error = configError({ TRUST_PROXY: 'true' });
    expect(error.message).toContain('TRUST_PROXY: true would let any client set its own address');
    expect(error.message).toContain('e.g. 127.0.0.1 or 10.0.0.0/8');
  });

  it('lists every wrong variable at once', () => {
    const error = configError({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(error.message).toContain('PORT:');
    expect(error.message).toContain('LOG_LEVEL:');
  });
});

describe('loadConfig S3 media storage', () => {
  it('keeps media on local disk when S3_BUCKET is unset', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('selects S3 with S3_BUCKET alone: AWS, us-east-1, the default credential chain', () => {
    expect(loadConfig({ S3_BUCKET: 'zura-media' }).s3).toEqual({
      bucket: 'zura-media',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      proxy: false,
    });
  });

  it('reads every S3 variable', () => {
    const config = loadConfig({
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/with+chars',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PROXY: 'true',
    });
    expect(config.s3).toEqual({
      bucket: 'media',
      endpoint: 'http://minio:9000',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret/with+chars' },
      forcePathStyle: true,
      proxy: true,
    });
  });

  it('treats empty S3 variables as unset, as compose leaves them', () => {
    expect(loadConfig({ S3_BUCKET: '', S3_ENDPOINT: '', S3_PROXY: '' }).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: '' }).s3?.endpoint).toBeUndefined();
  });

  it.each([
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_ENDPOINT', 'ftp://minio:9000'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
    ['S3_PROXY', '1'],
    ['S3_BUCKET', 'media/uploads'],
  ])('refuses %s=%s and names it', (name, value) => {
    const error = configError({ S3_BUCKET: 'media', [name]: value });
    expect(error.message).toContain(`${name}:`);
    expect(error.message).toContain(JSON.stringify(value));
  });

  it('refuses an S3 variable without S3_BUCKET, and says so', () => {
    const error = configError({ S3_ENDPOINT: 'http://minio:9000', S3_PROXY: 'true' });
    expect(error.message).toContain('S3_BUCKET: must be set when S3_ENDPOINT, S3_PROXY are');
  });

  it('refuses one S3 key without the other', () => {
    const halves: Record<string, string>[] = [
      { S3_ACCESS_KEY_ID: 'AKIA' },
      { S3_SECRET_ACCESS_KEY: 'secret' },
    ];
    for (const half of halves) {
      const error = configError({ S3_BUCKET: 'media', ...half });
      expect(error.message).toContain(
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      );
    }
  });
});

describe('push settings', () => {
  it('signs as the https public URL, else as the mail sender', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://fans.example.com/' }).push.subject).toBe(
      'https://fans.example.com',
    );
    expect(loadConfig({ MAIL_FROM: 'Zura <hello@example.com>' }).push.subject).toBe(
      'mailto:hello@example.com',
    );
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.com' }).push.subject).toBe(
      'mailto:ops@example.com',
    );
  });

  it('takes VAPID keys only as a pair, and http push endpoints only when asked', () => {
    expect(configError({ VAPID_PUBLIC_KEY: 'abc' }).message).toContain(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
    expect(configError({ VAPID_SUBJECT: 'ops@example.com' }).message).toContain(
      'VAPID_SUBJECT: must be a mailto: or https:// URL',
    );
    expect(loadConfig({}).push).toMatchObject({ vapidKeys: undefined, allowLoopbackHttp: false });
    expect(loadConfig({ PUSH_LOOPBACK_HTTP: 'true' }).push.allowLoopbackHttp).toBe(true);
  });
});
