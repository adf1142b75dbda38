import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { formatMoney } from './money-format.ts';
import { NOTICE_KINDS } from './notice-kinds.ts';
import { NOTICE_TEXTS, renderNotice } from './notice-render.ts';
import type { NoticeTexts } from './notice-texts.ts';

/** Intl separates amount and sign with a no-break space; the tests write it as `~`. */
const nbsp = (text: string) => text.replaceAll('~', '\u00a0');

const tip = { sender_username: 'fanb', amount_cents: 500, creator_cents: 450, currency: 'USD' };

describe('formatMoney', () => {
  it('writes cents in the reader’s language, always with the cents, the currency of the data', () => {
    expect(formatMoney(300, 'en')).toBe('$3.00');
    expect(formatMoney(300, 'de')).toBe(nbsp('3,00~$'));
    expect(formatMoney(499, 'fr')).toBe(nbsp('4,99~$US'));
    expect(formatMoney(499, 'es')).toBe(nbsp('4,99~US$'));
    expect(formatMoney(499, 'it')).toBe(nbsp('4,99~USD'));
    expect(formatMoney(123450, 'en')).toBe('$1234.50');
    expect(formatMoney(1234500, 'en')).toBe('$12,345.00');
    expect(formatMoney(-500, 'en')).toBe('-$5.00');
    expect(formatMoney(500, 'de', 'EUR')).toBe(nbsp('5,00~€'));
  });
});

describe('renderNotice', () => {
  it('writes a tip in each language, amounts by the shared formatter', () => {
    const expected: Record<(typeof LANGUAGES)[number], [string, string]> = {
      en: ['New tip', 'fanb tipped you $5.00 (you receive $4.50).'],
      es: ['Nueva propina', 'fanb te dio una propina de 5,00~US$ (recibes 4,50~US$).'],
      fr: [
        'Nouveau pourboire',
        'fanb vous a donné un pourboire de 5,00~$US (vous recevez 4,50~$US).',
      ],
      de: ['Neues Trinkgeld', 'fanb hat dir 5,00~$ Trinkgeld gegeben (du erhältst 4,50~$).'],
      it: ['Nuova mancia', 'fanb ti ha dato una mancia di 5,00~USD (ricevi 4,50~USD).'],
    };
    for (const language of LANGUAGES) {
      const [title, message] = expected[language];
      expect(renderNotice('tipped', tip, language), language).toEqual({
        title,
        message: nbsp(message),
      });
    }
  });

  it('writes a new subscriber in each language, by the period of the price', () => {
    const facts = {
      subscriber_username: 'fanb',
      price_cents: 499,
      period_months: 1,
      currency: 'USD',
    };
    expect(renderNotice('subscribed', facts, 'en').message).toBe(
      'fanb subscribed to you for $4.99/month.',
    );
    expect(renderNotice('subscribed', facts, 'de')).toEqual({
      title: 'Neuer Abonnent',
      message: nbsp('fanb hat dich für 4,99~$/Monat abonniert.'),
    });
    expect(renderNotice('subscribed', { ...facts, period_months: 3 }, 'fr').message).toBe(
      nbsp('fanb s’est abonné à vous pour 4,99~$US, 3 mois.'),
    );
    expect(renderNotice('subscribed', { ...facts, price_cents: 0 }, 'es').message).toBe(
      'fanb se suscribió a ti.',
    );
    expect(renderNotice('subscribed', facts, 'it').title).toBe('Nuovo abbonato');
  });

  it('counts the other likers by the language’s plural rules', () => {
    const liked = (likers: number) => ({ sender_username: 'bea', likers });
    expect(renderNotice('liked', liked(1), 'en').message).toBe('bea liked your post');
    expect(renderNotice('liked', liked(2), 'en').message).toBe('bea and 1 other liked your post');
    expect(renderNotice('liked', liked(13), 'en').message).toBe(
      'bea and 12 others liked your post',
    );
    expect(renderNotice('liked', liked(2), 'de').message).toBe(
      'bea und 1 weiterer Person gefällt dein Beitrag',
    );
    expect(renderNotice('liked', liked(13), 'it').message).toBe(
      'A bea e ad altre 12 persone piace il tuo post',
    );
  });

  it('names a deleted account, the removed content and the report outcome in the language', () => {
    expect(renderNotice('followed', { sender_username: null }, 'fr').message).toBe(
      'Quelqu’un a commencé à vous suivre.',
    );
    expect(
      renderNotice('content_removed', { target_type: 'comment', note: 'Spam.' }, 'es').message,
    ).toBe('Un moderador eliminó tu comentario: Spam.');
    expect(renderNotice('report_reviewed', { outcome: 'dismissed' }, 'de').message).toBe(
      'Danke für deine Meldung. Ein Moderator hat sie geprüft und keinen Regelverstoß festgestellt.',
    );
    expect(
      renderNotice('message_received', { sender_username: 'mia', price_cents: 500 }, 'de'),
    ).toEqual({ title: 'Neue Nachricht von mia', message: nbsp('Gesperrte Nachricht · 5,00~$') });
    expect(
      renderNotice('message_received', { sender_username: 'mia', preview: null }, 'it'),
    ).toEqual({ title: 'Nuovo messaggio da mia', message: 'Ha inviato un allegato' });
    expect(renderNotice('text', { title: 'Hello', message: 'From the operator' }, 'de')).toEqual({
      title: 'Hello',
      message: 'From the operator',
    });
  });

  it('renders every kind in every language with no placeholder left', () => {
    const facts = {
      ...tip,
      subscriber_username: 'fanb',
      creator_username: 'mia',
      price_cents: 499,
      new_price_cents: 999,
      period_months: 1,
      trial_days: 7,
      likers: 1,
      excerpt: 'hi',
      reason: 'Blurry.',
      target_type: 'post',
      note: 'Spam.',
      outcome: 'actioned',
      title: 't',
      message: 'm',
    };
    for (const language of LANGUAGES) {
      for (const kind of NOTICE_KINDS) {
        const { title, message } = renderNotice(kind, facts, language);
        expect(`${title} ${message}`, `${language} ${kind}`).not.toMatch(/[{}]|undefined/);
        expect(title, `${language} ${kind}`).not.toBe('');
      }
    }
  });

  it('has the English placeholders in every language’s texts', () => {
    const placeholders = (texts: NoticeTexts) =>
      JSON.stringify(texts)
        .replace(/"(?:[^"\\]|\\.)*"/g, (value) =>
          [...value.matchAll(/\{\w+\}/g)]
            .map((match) => match[0])
            .sort()
            .join(''),
        )
        .replace(/\s/g, '');
    for (const language of LANGUAGES) {
      expect(placeholders(NOTICE_TEXTS[language]), language).toBe(placeholders(NOTICE_TEXTS.en));
    }
  });
});
