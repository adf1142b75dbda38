import type { Mail } from './mailer.ts';
import { MAIL_TEXTS, type MailLanguage } from './texts.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(language: MailLanguage, paragraphs: string[], link: string, action: string) {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html><html lang="${language}"><body style="font-family:sans-serif">${body}
<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>
<p style="color:#666">${escapeHtml(link)}</p></body></html>`;
}

type MailKind = 'verifyEmail' | 'passwordReset' | 'signupAttempt';

/** A mail of `kind` to `to` in the recipient's language, greeting them by username. */
function composeMail(
  kind: MailKind,
  language: MailLanguage,
  to: string,
  username: string,
  link: string,
): Mail {
  const texts = MAIL_TEXTS[language];
  const { subject, lines, action } = texts[kind];
  const paragraphs = [texts.greeting.replace('{username}', username), ...lines];
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${link}\n`,
    html: layout(language, paragraphs, link, action),
    link,
  };
}

/** Who gets a mail: the address, the name to greet, the language of their settings. */
type Recipient = { email: string; username: string; language: MailLanguage };

export function verifyEmailMail(recipient: Recipient, link: string): Mail {
  return composeMail('verifyEmail', recipient.language, recipient.email, recipient.username, link);
}

export function passwordResetMail(recipient: Recipient, link: string): Mail {
  return composeMail(
    'passwordReset',
    recipient.language,
    recipient.email,
    recipient.username,
    link,
  );
}

export function signupAttemptMail(recipient: Recipient, resetLink: string): Mail {
  return composeMail(
    'signupAttempt',
    recipient.language,
    recipient.email,
    recipient.username,
    resetLink,
  );
}
