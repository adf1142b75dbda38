import type { LANGUAGES } from '@zura/contracts';

export type MailLanguage = (typeof LANGUAGES)[number];

/** One mail: its subject, its paragraphs after the greeting, and the link's words. */
type MailText = { subject: string; lines: string[]; action: string };

export type MailTexts = {
  /** `{username}` is replaced. */
  greeting: string;
  verifyEmail: MailText;
  passwordReset: MailText;
  signupAttempt: MailText;
};

/**
 * The mails' texts in every language the settings offer. Mails are the server's only
 * catalogue: the web app's texts never reach a mailbox. Keep the five in step.
 */
export const MAIL_TEXTS: Record<MailLanguage, MailTexts> = {
  en: {
    greeting: 'Hi {username},',
    verifyEmail: {
      subject: 'Verify your email address',
      lines: [
        'Welcome to Zura! Please confirm your email address. The link is valid for 24 hours.',
      ],
      action: 'Verify email',
    },
    passwordReset: {
      subject: 'Reset your password',
      lines: [
        'Someone asked to reset the password of your Zura account. The link is valid for 1 hour and works once.',
        'If it was not you, ignore this mail: your password stays as it is.',
      ],
      action: 'Reset password',
    },
    signupAttempt: {
      subject: 'Someone tried to sign up with your address',
      lines: [
        'Someone tried to sign up for Zura with this address, which already has your account. No new account was made.',
        'If it was you, sign in as usual, or reset your password if you forgot it. If it was not you, ignore this mail: nothing changed.',
      ],
      action: 'Reset password',
    },
  },
  es: {
    greeting: 'Hola {username}:',
    verifyEmail: {
      subject: 'Confirma tu dirección de correo',
      lines: [
        '¡Te damos la bienvenida a Zura! Confirma tu dirección de correo. El enlace es válido durante 24 horas.',
      ],
      action: 'Confirmar correo',
    },
    passwordReset: {
      subject: 'Restablece tu contraseña',
      lines: [
        'Alguien ha pedido restablecer la contraseña de tu cuenta de Zura. El enlace es válido durante 1 hora y funciona una sola vez.',
        'Si no has sido tú, ignora este correo: tu contraseña sigue igual.',
      ],
      action: 'Restablecer contraseña',
    },
    signupAttempt: {
      subject: 'Alguien ha intentado registrarse con tu dirección',
      lines: [
        'Alguien ha intentado registrarse en Zura con esta dirección, que ya tiene tu cuenta. No se ha creado ninguna cuenta nueva.',
        'Si has sido tú, inicia sesión como siempre o restablece tu contraseña si la has olvidado. Si no has sido tú, ignora este correo: no ha cambiado nada.',
      ],
      action: 'Restablecer contraseña',
    },
  },
  fr: {
    greeting: 'Bonjour {username},',
    verifyEmail: {
      subject: 'Confirmez votre adresse e-mail',
      lines: [
        'Bienvenue sur Zura ! Veuillez confirmer votre adresse e-mail. Le lien est valable 24 heures.',
      ],
      action: "Confirmer l'adresse",
    },
    passwordReset: {
      subject: 'Réinitialisez votre mot de passe',
      lines: [
        "Quelqu'un a demandé à réinitialiser le mot de passe de votre compte Zura. Le lien est valable 1 heure et ne sert qu'une fois.",
        "Si ce n'était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.",
      ],
      action: 'Réinitialiser le mot de passe',
    },
    signupAttempt: {
      subject: "Quelqu'un a tenté de s'inscrire avec votre adresse",
      lines: [
        "Quelqu'un a tenté de s'inscrire sur Zura avec cette adresse, qui a déjà votre compte. Aucun nouveau compte n'a été créé.",
        "Si c'était vous, connectez-vous comme d'habitude, ou réinitialisez votre mot de passe si vous l'avez oublié. Sinon, ignorez cet e-mail : rien n'a changé.",
      ],
      action: 'Réinitialiser le mot de passe',
    },
  },
  de: {
    greeting: 'Hallo {username},',
    verifyEmail: {
      subject: 'Bestätige deine E-Mail-Adresse',
      lines: [
        'Willkommen bei Zura! Bitte bestätige deine E-Mail-Adresse. Der Link ist 24 Stunden gültig.',
      ],
      action: 'E-Mail bestätigen',
    },
    passwordReset: {
      subject: 'Setze dein Passwort zurück',
      lines: [
        'Jemand hat das Zurücksetzen des Passworts deines Zura-Kontos angefordert. Der Link ist 1 Stunde gültig und funktioniert einmal.',
        'Wenn du das nicht warst, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
      ],
      action: 'Passwort zurücksetzen',
    },
    signupAttempt: {
      subject: 'Jemand wollte sich mit deiner Adresse registrieren',
      lines: [
        'Jemand wollte sich mit dieser Adresse bei Zura registrieren, zu der bereits dein Konto gehört. Es wurde kein neues Konto angelegt.',
        'Wenn du es warst, melde dich wie gewohnt an oder setze dein Passwort zurück, falls du es vergessen hast. Wenn nicht, ignoriere diese E-Mail: Nichts hat sich geändert.',
      ],
      action: 'Passwort zurücksetzen',
    },
  },
  it: {
    greeting: 'Ciao {username},',
    verifyEmail: {
      subject: 'Conferma il tuo indirizzo email',
      lines: ['Benvenuto su Zura! Conferma il tuo indirizzo email. Il link è valido per 24 ore.'],
      action: 'Conferma email',
    },
    passwordReset: {
      subject: 'Reimposta la tua password',
      lines: [
        'Qualcuno ha chiesto di reimpostare la password del tuo account Zura. Il link è valido per 1 ora e funziona una sola volta.',
        'Se non sei stato tu, ignora questa email: la tua password resta invariata.',
      ],
      action: 'Reimposta password',
    },
    signupAttempt: {
      subject: 'Qualcuno ha provato a registrarsi con il tuo indirizzo',
      lines: [
        'Qualcuno ha provato a registrarsi su Zura con questo indirizzo, che ha già il tuo account. Non è stato creato nessun nuovo account.',
        'Se sei stato tu, accedi come sempre, oppure reimposta la password se l’hai dimenticata. Se non sei stato tu, ignora questa email: non è cambiato nulla.',
      ],
      action: 'Reimposta password',
    },
  },
};
