import sharp from 'sharp';

/** The demo creators `npm run seed:demo` adds; nothing here is used by the application. */
export type DemoCreator = {
  username: string;
  email: string;
  bio: string;
  category: string;
  subcategories: string[];
  tags: string[];
  vibes: string[];
  price: 'free' | '4.99' | '9.99' | '19.99';
  colors: [string, string];
  profilePassword?: string;
  /** Oldest first, so the last one is the newest in the feed. */
  posts: {
    /** A name the demo fan's likes and comments refer to. */
    key?: string;
    content: string;
    /** How many generated pictures the post holds (several make a carousel). */
    images?: number;
    video?: boolean;
    lockedWith?: string;
    /** Pay-per-view: the price in cents, and what subscribers pay instead. */
    sale?: { priceCents: number; subscriberPriceCents?: number };
  }[];
};

/** The demo fan: follows every creator but one, subscribes to one, tips and messages her. */
export const DEMO_FAN = {
  username: 'sam_fan',
  email: 'sam_fan@demo.zura.local',
  /** The one creator the fan does not follow yet, so their suggestions are not empty. */
  notFollowing: 'kai_travels',
  /** Who the fan subscribes to, tips and talks with. */
  favourite: 'luna_art',
  topUpDollars: '50',
  tipDollars: '5',
  /** Posts the fan likes, by key. */
  likes: ['palettes', 'harbour', 'brushes', 'deadlift'],
  /** A comment by the fan, and the creator's reply. */
  comment: {
    on: 'harbour',
    text: 'The reflections on the water are unreal. What brush is that?',
    reply: 'Thank you! A soft round at 30% flow, more in the brushes post.',
  },
  conversation: [
    { from: 'fan', text: 'Your harbour sketch is my new wallpaper. Any chance of a print?' },
    { from: 'creator', text: 'Thank you! Prints are coming next month, subscribers hear first 🌙' },
    { from: 'fan', text: 'Perfect, count me in.' },
  ],
} as const;

export const DEMO_PASSWORD = 'demo-password-2026';

export const DEMO_CREATORS: DemoCreator[] = [
  {
    username: 'luna_art',
    email: 'luna_art@demo.zura.local',
    bio: 'Digital painter. Moons, tides and quiet cities. New pieces every week.',
    category: 'art',
    subcategories: ['art', 'photography'],
    tags: ['Behind the Scenes', 'Tutorials', 'Exclusive'],
    vibes: ['Dreamy', 'Elegant'],
    price: '4.99',
    colors: ['#312e81', '#f472b6'],
    posts: [
      { content: 'Welcome to my corner of Zura! Work-in-progress shots every Monday.' },
      {
        key: 'palettes',
        content: 'Colour study: three palettes for the same moonrise.',
        images: 3,
      },
      { key: 'harbour', content: 'Tonight’s sketch: the harbour at low tide.', images: 1 },
      {
        content: 'Full-resolution study for subscribers who know the word.',
        images: 1,
        lockedWith: 'moonlight',
      },
      {
        content: 'The complete moonrise series in full resolution.',
        images: 2,
        sale: { priceCents: 800, subscriberPriceCents: 400 },
      },
      {
        key: 'brushes',
        content: 'Brushes I use for water, free to download for subscribers next week.',
      },
    ],
  },
  {
    username: 'max_fitness',
    email: 'max_fitness@demo.zura.local',
    bio: 'Coach. Strength, mobility and honest nutrition. Form checks on request.',
    category: 'fitness',
    subcategories: ['fitness', 'yoga'],
    tags: ['Daily Posts', 'Tutorials'],
    vibes: ['Confident', 'Intense'],
    price: 'free',
    colors: ['#064e3b', '#facc15'],
    posts: [
      { content: 'Five-minute morning mobility routine: hips, thoracic spine, ankles.' },
      { key: 'deadlift', content: 'Deadlift set-up in three cues.', images: 1 },
      { content: 'Warm-up flow, follow along.', video: true },
      { content: 'Meal prep Sunday: 1 hour, 5 lunches, 40 g of protein each.', images: 1 },
    ],
  },
  {
    username: 'nova_music',
    email: 'nova_music@demo.zura.local',
    bio: 'Synths, late nights and unreleased demos. This profile is password-protected.',
    category: 'music',
    subcategories: ['music'],
    tags: ['Exclusive', 'Live Streams'],
    vibes: ['Playful', 'Sultry'],
    price: '9.99',
    colors: ['#0f172a', '#22d3ee'],
    profilePassword: 'novapass',
    posts: [
      { content: 'Demo #12 is up. Headphones recommended.' },
      { content: 'Studio tonight.', images: 1 },
      { content: 'Which synth patch should open the live set? Tell me below.' },
    ],
  },
  {
    username: 'kai_travels',
    email: 'kai_travels@demo.zura.local',
    bio: 'Slow travel on trains and ferries. Maps, routes and where to eat.',
    category: 'travel',
    subcategories: ['travel', 'photography'],
    tags: ['Daily Posts', 'Behind the Scenes'],
    vibes: ['Adventurous'],
    price: 'free',
    colors: ['#7c2d12', '#38bdf8'],
    posts: [
      { content: 'Ten days, four countries, zero flights. The route is in the next post.' },
      { content: 'Night ferry to the islands: worth every minute.', images: 2 },
      { content: 'Morning light at the harbour market.', images: 1 },
    ],
  },
];

/** A generated picture: a two-colour gradient with soft circles, made locally with sharp. */
export function demoImage(
  colors: [string, string],
  width: number,
  height: number,
  seed: number,
): Promise<Buffer> {
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = ((seed * 97 + i * 211) % 100) / 100;
    const y = ((seed * 53 + i * 137) % 100) / 100;
    const r = 0.08 + (((seed + i) * 31) % 20) / 100;
    return `<circle cx="${x * width}" cy="${y * height}" r="${r * Math.min(width, height)}" fill="white" fill-opacity="0.15"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
