import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config/index.ts';

export type Mail = { to: string; subject: string; text: string; html: string; link?: string };

export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

type Log = { info: (obj: object, msg: string) => void };

/**
 * Real SMTP when SMTP_URL is set; otherwise every mail becomes an `.eml` file in
 * DATA_DIR/outbox/ and its link is logged, so sign-up and reset work with no mail server.
 */
export function createMailer(config: Config, log: Log): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outbox, name);
      await fs.writeFile(file, info.message as Buffer);
      log.info(
        { to: mail.to, subject: mail.subject, file, link: mail.link },
        'mail written to outbox',
      );
    },
    close: () => transport.close(),
  };
}
