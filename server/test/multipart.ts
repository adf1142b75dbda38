import { randomBytes } from 'node:crypto';

export type MultipartFile = {
  /** The form field name, e.g. `file` or `media`. */
  name: string;
  filename: string;
  content: Buffer;
  /** The part's declared Content-Type; defaults to application/octet-stream. */
  type?: string;
  /**
   * Send the name as RFC 5987 `filename*=UTF-8''…` (percent-encoded), which carries any
   * character, control characters included, past the parser to the server.
   */
  encodedFilename?: boolean;
};

export type MultipartBody = { payload: Buffer; headers: { 'content-type': string } };

/** Quotes a header parameter the way browsers do: `"`, CR and LF percent-encoded. */
function quote(value: string): string {
  return `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/**
 * A multipart/form-data body for `app.inject`, built by hand so a test controls every byte:
 * text fields first, then files, each with its own filename and type.
 */
export function multipart(
  parts: { fields?: Record<string, string>; files?: MultipartFile[] } = {},
): MultipartBody {
  const boundary = `----zura-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts.fields ?? {})) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name=${quote(name)}\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of parts.files ?? []) {
    const filename = file.encodedFilename
      ? `filename*=UTF-8''${encodeURIComponent(file.filename)}`
      : `filename=${quote(file.filename)}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name=${quote(file.name)}; ${filename}\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
