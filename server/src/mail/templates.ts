import type { Mail } from './mailer.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(paragraphs: string[], link: string, action: string): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html><html><body style="font-family:sans-serif">${body}
<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>
<p style="color:#666">${escapeHtml(link)}</p></body></html>`;
}

export function verifyEmailMail(to: string, username: string, link: string): Mail {
  const lines = [
    `Hi ${username},`,
    'Welcome to Zura! Please confirm your email address. The link is valid for 24 hours.',
  ];
  return {
    to,
    subject: 'Verify your email address',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: layout(lines, link, 'Verify email'),
    link,
  };
}

export function passwordResetMail(to: string, username: string, link: string): Mail {
  const lines = [
    `Hi ${username},`,
    'Someone asked to reset the password of your Zura account. The link is valid for 1 hour and works once.',
    'If it was not you, ignore this mail: your password stays as it is.',
  ];
  return {
    to,
    subject: 'Reset your password',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: layout(lines, link, 'Reset password'),
    link,
  };
}

export function signupAttemptMail(to: string, username: string, resetLink: string): Mail {
  const lines = [
    `Hi ${username},`,
    'Someone tried to sign up for Zura with this address, which already has your account. No new account was made.',
    'If it was you, sign in as usual, or reset your password if you forgot it. If it was not you, ignore this mail: nothing changed.',
  ];
  return {
    to,
    subject: 'Someone tried to sign up with your address',
    text: `${lines.join('\n\n')}\n\n${resetLink}\n`,
    html: layout(lines, resetLink, 'Reset password'),
    link: resetLink,
  };
}
