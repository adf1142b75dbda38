import type { LANGUAGES } from './languages.ts';
import { formatMoney } from './money-format.ts';
import type { NoticeKind } from './notice-kinds.ts';
import { ENGLISH_NOTICES, type NoticeTexts } from './notice-texts.ts';
import { NOTICE_TRANSLATIONS } from './notice-translations.ts';

type Language = (typeof LANGUAGES)[number];

/** Every notification sentence in every language the settings offer. */
export const NOTICE_TEXTS: Record<Language, NoticeTexts> = {
  en: ENGLISH_NOTICES,
  ...NOTICE_TRANSLATIONS,
};
type Facts = Record<string, unknown>;
export type RenderedNotice = { title: string; message: string };

const pluralRules = new Map<Language, Intl.PluralRules>();

/** Made once per language, as the money formatters are. */
function pluralRulesOf(language: Language): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules;
}

/** `{name}` replaced by the value; a name without a value stays as written. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** A fact read only if it has the right type: `data` is a free record. */
function text(facts: Facts, key: string): string | undefined {
  const value = facts[key];
  return typeof value === 'string' ? value : undefined;
}

function cents(facts: Facts, key: string): number {
  const value = facts[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function render(kind: NoticeKind, facts: Facts, texts: NoticeTexts, language: Language) {
  const money = (key: string) => formatMoney(cents(facts, key), language, text(facts, 'currency'));
  const sender = text(facts, 'sender_username') || texts.someone;
  const fan = text(facts, 'sender_username') || texts.aFan;
  const subscriber = text(facts, 'subscriber_username') || texts.someone;
  const creator = text(facts, 'creator_username') || texts.someone;
  const excerpt = text(facts, 'excerpt') ?? '';
  switch (kind) {
    case 'followed':
      return {
        title: texts.followed.title,
        message: fill(texts.followed.message, { user: sender }),
      };
    case 'liked': {
      const others = Math.max(0, cents(facts, 'likers') - 1);
      const category = pluralRulesOf(language).select(others) === 'one' ? 'one' : 'other';
      const template = others === 0 ? texts.liked.alone : texts.liked.others[category];
      return { title: texts.liked.title, message: fill(template, { user: sender, count: others }) };
    }
    case 'subscribed': {
      const months = cents(facts, 'period_months');
      const { free, monthly, months: several } = texts.subscribed;
      const template = cents(facts, 'price_cents') === 0 ? free : months > 1 ? several : monthly;
      const values = { user: subscriber, price: money('price_cents'), months };
      return { title: texts.subscribed.title, message: fill(template, values) };
    }
    case 'trial_started':
      return {
        title: texts.trialStarted.title,
        message: fill(texts.trialStarted.message, {
          user: subscriber,
          days: cents(facts, 'trial_days'),
        }),
      };
    case 'subscription_expired':
      return {
        title: texts.subscriptionExpired.title,
        message: fill(texts.subscriptionExpired.message, { creator, price: money('price_cents') }),
      };
    case 'price_raised':
      return {
        title: texts.priceRaised.title,
        message: fill(texts.priceRaised.message, {
          creator,
          price: money('price_cents'),
          newPrice: money('new_price_cents'),
        }),
      };
    case 'tipped':
    case 'post_unlocked':
    case 'message_unlocked': {
      const which = {
        tipped: texts.tipped,
        post_unlocked: texts.postUnlocked,
        message_unlocked: texts.messageUnlocked,
      }[kind];
      const values = { user: fan, amount: money('amount_cents'), share: money('creator_cents') };
      return { title: which.title, message: fill(which.message, values) };
    }
    case 'commented':
    case 'replied':
    case 'mentioned': {
      const which = {
        commented: texts.commented,
        replied: texts.replied,
        mentioned: texts.mentioned,
      }[kind];
      return { title: which.title, message: fill(which.message, { user: sender, excerpt }) };
    }
    case 'application_approved':
      return texts.applicationApproved;
    case 'application_rejected':
      return {
        title: texts.applicationRejected.title,
        message: fill(texts.applicationRejected.message, { reason: text(facts, 'reason') ?? '' }),
      };
    case 'content_removed': {
      const { targets } = texts.contentRemoved;
      const type = text(facts, 'target_type') ?? '';
      const target = type in targets ? targets[type as keyof typeof targets] : type;
      return {
        title: texts.contentRemoved.title,
        message: fill(texts.contentRemoved.message, { target, note: text(facts, 'note') ?? '' }),
      };
    }
    case 'report_reviewed': {
      const { title, dismissed, actioned } = texts.reportReviewed;
      return { title, message: text(facts, 'outcome') === 'dismissed' ? dismissed : actioned };
    }
    case 'message_received': {
      const { title, locked, attachment } = texts.messageReceived;
      const preview = text(facts, 'preview');
      const message =
        facts.price_cents !== undefined
          ? fill(locked, { price: money('price_cents') })
          : preview || attachment;
      return { title: fill(title, { user: sender }), message };
    }
    case 'call_started':
      return {
        title: fill(texts.callStarted.title, { user: sender }),
        message: fill(texts.callStarted.message, { user: sender }),
      };
    case 'text':
      return { title: text(facts, 'title') ?? '', message: text(facts, 'message') ?? '' };
  }
}

/**
 * A notification's title and sentence in `language`, from its kind and facts, amounts by the
 * shared money formatter. The web renders every notification it shows with this, in the
 * reader's language; the server renders English for the API's `title`/`message` and the
 * recipient's language for a Web Push.
 */
export function renderNotice(kind: NoticeKind, facts: Facts, language: Language): RenderedNotice {
  return render(kind, facts, NOTICE_TEXTS[language], language);
}
