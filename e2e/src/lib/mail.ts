import fs from 'node:fs/promises';
import path from 'node:path';
import { baseUrl, dataDir } from './server.ts';

/** Reads the mails the server writes into `DATA_DIR/outbox/` as .eml files. */

export type Mail = {
  file: string;
  to: string;
  subject: string;
  /** The decoded text of every part (headers excluded), quoted-printable undone. */
  text: string;
};

/** Undoes quoted-printable: soft line breaks and =XX escapes (bytes, decoded as UTF-8). */
function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i] ?? '';
    const hex = joined.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function header(head: string, name: string): string {
  // Folded header lines continue with whitespace.
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? '';
}

function parseMail(file: string, raw: string): Mail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split);
  const quoted = /quoted-printable/i.test(raw);
  return {
    file,
    to: header(head, 'To'),
    subject: header(head, 'Subject'),
    text: quoted ? decodeQuotedPrintable(body) : body,
  };
}

async function readOutbox(): Promise<Mail[]> {
  const dir = path.join(dataDir(), 'outbox');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  // File names start with an ISO timestamp, so the name order is the sending order.
  const emls = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    emls.map(async (name) => parseMail(name, await fs.readFile(path.join(dir, name), 'utf8'))),
  );
}

function addressedTo(mail: Mail, address: string): boolean {
  const to = mail.to.toLowerCase();
  const wanted = address.toLowerCase();
  return to === wanted || to.includes(`<${wanted}>`);
}

/**
 * The newest mail to `address` (optionally whose subject contains `subject` and whose text
 * contains `containing`), waiting for it
 * to arrive: mails are sent by a background job.
 */
export async function newestMail(
  address: string,
  options: { subject?: string; containing?: string; timeoutMs?: number } = {},
): Promise<Mail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const mails = (await readOutbox()).filter(
      (mail) =>
        addressedTo(mail, address) &&
        (options.subject === undefined ||
          mail.subject.toLowerCase().includes(options.subject.toLowerCase())) &&
        (options.containing === undefined || mail.text.includes(options.containing)),
    );
    const newest = mails.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${address} matching ${JSON.stringify(options)} in the outbox`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in the mail to `<PUBLIC_URL><pathname>?token=...`. */
export function linkIn(mail: Mail, pathname: string): string {
  const prefix = `${baseUrl()}${pathname}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${prefix}\\?token=[A-Za-z0-9_.~%-]+`).exec(mail.text);
  if (!match) {
    throw new Error(`No ${pathname} link in the mail "${mail.subject}":\n${mail.text}`);
  }
  return match[0];
}
