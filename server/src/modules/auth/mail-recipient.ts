import { LANGUAGES } from '@zura/contracts';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { MailLanguage } from '../../mail/texts.ts';
import { findSavedLanguage } from './repo.ts';

export type MailRecipient = { email: string; username: string; language: MailLanguage };

/** Mails go out in the recipient's saved language (English until one is saved). */
export async function mailRecipient(db: Executor, user: UserRow): Promise<MailRecipient> {
  const saved = await findSavedLanguage(db, user.id);
  const language = LANGUAGES.find((code) => code === saved) ?? 'en';
  return { email: user.email, username: user.username, language };
}
