/**
 * Keys the web app builds at run time (`t(`settings.tabs.${tab}`)`), by prefix: every English
 * key under one of these counts as used by `npm run check:i18n`. Add a prefix here when code
 * builds a key from a value; prefer a static `t('a.b')` where the set of keys is small.
 */
export const DYNAMIC_KEY_PREFIXES: readonly string[] = [
  'admin.applications.empty.',
  'admin.applications.listLabel.',
  'admin.applications.status.',
  'admin.audit.actions.',
  'admin.payouts.empty.',
  'admin.payouts.listLabel.',
  'admin.payouts.status.',
  'admin.reports.empty.',
  'admin.reports.listLabel.',
  'admin.reports.resolution.',
  'admin.reports.status.',
  'admin.reports.target.',
  'analytics.presets.',
  'analytics.sources.',
  'auth.strength.labels.',
  'auth.strength.tips.',
  'calls.',
  'creatorApplication.',
  'creatorApplication.add.',
  'creatorApplication.custom.',
  'creatorApplication.links.',
  'creatorApplication.messages.',
  'creatorApplication.toggle.',
  'creatorLanding.benefits.items.',
  'creatorLanding.stats.',
  'creatorLanding.steps.items.',
  'creatorLanding.testimonials.items.',
  'discover.topics.',
  'explore.sorts.',
  'landing.faq.items.',
  'landing.features.items.',
  'landing.why.items.',
  'library.sources.',
  'library.types.',
  'taxonomy.categories.',
  'taxonomy.tags.',
  'taxonomy.vibes.',
  'massMessages.segment.',
  'massMessages.stats.',
  'massMessages.status.',
  'notifications.empty.',
  'offers.audience.',
  'offers.landing.unavailable.',
  'offers.list.status.',
  // Server texts, looked up by their English text (web/src/lib/server-texts.ts).
  'serverMessages.',
  // CreateOfferForm: `${prefix}.title` with prefix 'offers.trial' or 'offers.discount'.
  'offers.trial.',
  'offers.discount.',
  'payPerView.composer.',
  'profile.empty.',
  'profile.social.',
  'profile.tabs.',
  'profileEdit.images.',
  'profileEdit.links.',
  'reports.reasons.',
  'reports.title.',
  'settings.fields.',
  'languages.names.',
  'settings.tabs.',
  'settings.timezones.',
  'settings.visibility.',
  'subscriptionContents.counts.',
  'subscriptions.empty.',
  'subscriptions.listLabel.',
  'wallet.payout.status.',
  'wallet.returned.',
  'wallet.transactions.kinds.',
];

/**
 * English keys no code uses any more, found when the check was introduced. They stay because
 * the translations were being made from the same key set at the time; remove each here and
 * from every catalogue together. The check fails on any other unused key, and on a key listed
 * here that the code uses again.
 */
export const KNOWN_UNUSED_KEYS: readonly string[] = [
  'messaging.message.you',
  'messaging.composer.lockHint',
  'offers.loading',
  'offers.bundles.months',
  'offers.landing.loading',
  'offers.landing.started',
  'feed.label',
  'profileEdit.sections.visibility',
  'pages.notifications.title',
  'subscriptions.gate.title',
];
