/** English: the 404 page, the landing and creator landing pages (spread into the catalogue in en.ts). */
export const landingText = {
  notFound: {
    title: 'Page not found',
    text: "The page you are looking for doesn't exist or has been moved.",
    goHome: 'Go to Home',
    goBack: 'Go Back',
    quickLinks: 'Quick links',
    explore: 'Explore',
    messages: 'Messages',
    notifications: 'Notifications',
    profile: 'Profile',
  },
  landing: {
    documentTitle: 'The next gen creator platform',
    nav: {
      label: 'Landing',
      features: 'Features',
      whyZura: 'Why Zura',
      login: 'Log in',
      signUp: 'Sign Up',
    },
    hero: {
      eyebrow: 'Built for creators',
      title: 'Welcome to your next gen Creator Platform',
      text: 'Keep 90% of what you earn, get discovered without self promotion and connect with your fans through chat, calls and exclusive content.',
      cta: 'Get Started',
      secondary: 'See the features',
      note: 'Limited spots available',
    },
    features: {
      title: 'Everything you need to grow',
      subtitle: 'Tools that put creators first, from discovery to payout.',
      items: {
        noSelfPromotion: {
          title: 'No Self Promotion',
          text: 'Swipe-style discovery brings fans to you, with rewards and challenges that keep them coming back.',
        },
        lowestFees: {
          title: 'Lowest Fees',
          text: 'A 10% platform fee, half of what competitors charge. You keep 90% of your earnings.',
        },
        noChargebacks: {
          title: 'No Chargebacks',
          text: 'Once a fan pays, the money is yours, with instant payouts.',
        },
        antiPiracy: {
          title: 'Anti-Piracy Watermarks',
          text: 'Dynamic watermarks on your content discourage leaks and trace them back.',
        },
        calls: {
          title: 'Phone & Video Calls',
          text: 'Talk to your fans one-on-one with built-in phone and video calls.',
        },
        automation: {
          title: 'Smart Automation',
          text: 'Schedule posts and repost your best content automatically.',
        },
      },
    },
    why: {
      title: 'Why Zura',
      subtitle: 'More of your money, less of the busywork.',
      items: {
        earnings: {
          title: 'Keep 90% of your earnings',
          text: 'Our 10% fee is half of what other platforms take.',
        },
        payouts: {
          title: 'Get paid instantly',
          text: 'No waiting weeks for your money, and no chargebacks taking it back.',
        },
        fans: {
          title: 'Fans find you',
          text: 'Discovery, rewards and challenges grow your audience while you create.',
        },
      },
    },
    cta: {
      title: 'Ready to grow with Zura?',
      text: 'Create your account in a minute and start sharing with your fans.',
      button: 'Create your account',
    },
    faq: {
      title: 'Frequently Asked Questions',
      items: {
        selfPromotion: {
          question: 'Do I need to promote myself to find fans?',
          answer:
            'No. Zura brings fans to you with swipe-style discovery, rewards and challenges, so you can focus on creating instead of self promotion.',
        },
        fees: {
          question: 'How much does Zura charge?',
          answer:
            'Zura takes a 10% platform fee, half of what competitors charge. You keep 90% of everything you earn.',
        },
        chargebacks: {
          question: 'What happens with chargebacks?',
          answer:
            'There are no chargebacks on Zura. Once a fan has paid, the money is yours to keep.',
        },
      },
    },
    footer: {
      tagline: 'The next gen creator platform.',
      rights: '© {{year}} Zura. All rights reserved.',
      linksLabel: 'Footer',
      login: 'Log in',
      signUp: 'Sign Up',
    },
  },
  creatorLanding: {
    backToHome: 'Back to Home',
    hero: {
      eyebrow: 'Zura for creators',
      title: 'Become a Creator',
      text: 'Turn your passion into income. Share exclusive content, connect with your fans and keep 90% of what you earn.',
      cta: 'Start Your Creator Journey',
    },
    stats: {
      label: 'Zura in numbers',
      creators: { value: '10K+', label: 'Active Creators' },
      paid: { value: '$50M+', label: 'Paid to Creators' },
      fans: { value: '5M+', label: 'Fans' },
      satisfaction: { value: '95%', label: 'Creator Satisfaction' },
    },
    benefits: {
      title: 'Why creators choose Zura',
      items: {
        earnings: {
          title: 'Keep 90% of Your Earnings',
          text: 'Our 10% platform fee is half of what competitors charge.',
        },
        payouts: {
          title: 'Instant Payouts',
          text: 'Your money reaches you right away, not weeks later.',
        },
        chargebacks: {
          title: 'No Chargebacks',
          text: 'Once a fan pays, the money stays yours.',
        },
        watermarks: {
          title: 'Dynamic Watermarks',
          text: 'Every view carries a watermark that discourages piracy.',
        },
        calls: {
          title: 'Phone & Video Calls',
          text: 'Offer one-on-one calls with your fans, right in the app.',
        },
        discovery: {
          title: 'Get Discovered',
          text: 'Swipe-style discovery with rewards and challenges brings new fans to you.',
        },
      },
    },
    watermarkNote: {
      title: 'How the marks hold up',
      scope:
        'Every copy of a subscriber-only, locked or paid image or video carries an invisible mark naming the account it was served to. Public posts are not marked.',
      images:
        'Images: in our tests (synthetic photos), the viewer was named from 100% of copies after JPEG recompression down to quality 50, resizing to half, cropping a tenth off each edge, screenshots and mild colour or contrast changes; no mark was ever read from an unmarked image. The mark costs about 42 dB PSNR, invisible to the eye.',
      videos:
        "Videos: each viewer's stream is their own mix of marked and unmarked 4-second segments. A re-encode of the whole video at a third of its bitrate still names the viewer when every segment reads and the video is long enough (about 90 seconds or more for 100 subscribers).",
      limits:
        'The marks do not survive mirroring, rotation, heavy filters, redrawing or cutting a video short. The optional visible mark (per post) can be cropped; the invisible one is what traces.',
      tracer: 'As a creator, you trace a leaked copy yourself in the Leak tracer.',
      tracerLink: 'Open the Leak tracer',
    },
    steps: {
      title: 'How It Works',
      step: 'Step {{number}}',
      items: {
        profile: {
          title: 'Create Your Profile',
          text: 'Apply in minutes: add your photos, bio, niche and social links.',
        },
        create: {
          title: 'Start Creating',
          text: 'Share posts, photos and videos, lock premium content and schedule ahead.',
        },
        earn: {
          title: 'Earn Money',
          text: 'Get paid through subscriptions and unlocks, with instant payouts.',
        },
      },
    },
    testimonials: {
      title: 'Success Stories',
      items: {
        first: {
          quote:
            'I moved my community to Zura and kept more of every subscription from day one. The discovery feed brought me fans I never would have reached.',
          name: 'Maya R.',
          role: 'Fitness creator',
        },
        second: {
          quote:
            'Video calls with my supporters changed everything. Payouts arrive instantly and I never worry about chargebacks.',
          name: 'Jordan K.',
          role: 'Digital artist',
        },
      },
    },
    closing: {
      title: 'Ready to start earning?',
      text: 'Join thousands of creators who turned their passion into income.',
      cta: 'Apply Now',
    },
  },
};
