import { PROFILE_CATEGORIES, type ProfileCategoryIcon } from '@zura/contracts';
import { categoryLabel } from '../../../lib/taxonomy-labels';
import Cpu from 'lucide-react/icons/cpu';
import Dumbbell from 'lucide-react/icons/dumbbell';
import Flame from 'lucide-react/icons/flame';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Globe from 'lucide-react/icons/globe';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import Laugh from 'lucide-react/icons/laugh';
import Music from 'lucide-react/icons/music';
import Palette from 'lucide-react/icons/palette';
import Plane from 'lucide-react/icons/plane';
import Shirt from 'lucide-react/icons/shirt';
import Sparkles from 'lucide-react/icons/sparkles';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';
import type { LucideIcon, LucideProps } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import type { SocialKind } from '../helpers';
import type { ChipOption } from './ChipPicker';

/**
 * The profile-page categories name their lucide icon; importing just these twelve keeps the
 * bundle free of the whole icon set. The record type makes a new category fail to compile
 * until its icon is mapped here.
 */
export const CATEGORY_ICONS: Record<ProfileCategoryIcon, LucideIcon> = {
  Palette,
  Dumbbell,
  Cpu,
  Flame,
  Sparkles,
  Gamepad2,
  Music,
  Laugh,
  GraduationCap,
  Plane,
  Shirt,
  UtensilsCrossed,
};

type IconProps = Pick<LucideProps, 'className'>;

/** Line drawings in lucide's style; lucide itself ships no brand marks. */
function BrandIcon({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      className={className}
    >
      {children}
    </svg>
  );
}

function InstagramIcon(props: IconProps) {
  return (
    <BrandIcon {...props}>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </BrandIcon>
  );
}

function XIcon(props: IconProps) {
  return (
    <BrandIcon {...props}>
      <path d="M4 4l11.733 16h4.267l-11.733-16z" />
      <path d="M4 20l6.768-6.768" />
      <path d="M13.232 10.768l6.768-6.768" />
    </BrandIcon>
  );
}

function YouTubeIcon(props: IconProps) {
  return (
    <BrandIcon {...props}>
      <path d="M2.5 17a24 24 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24 24 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="m10 15 5-3-5-3z" />
    </BrandIcon>
  );
}

function TikTokIcon(props: IconProps) {
  return (
    <BrandIcon {...props}>
      <path d="M21 7.917v4.034a9.948 9.948 0 0 1-5-1.951v4.5a6.5 6.5 0 1 1-8-6.326v4.326a2.5 2.5 0 1 0 4 2V3h4.083A6.005 6.005 0 0 0 21 7.917z" />
    </BrandIcon>
  );
}

function RedditIcon(props: IconProps) {
  return (
    <BrandIcon {...props}>
      <ellipse cx="12" cy="14.5" rx="8" ry="5.5" />
      <path d="M12 9l1-5 5 1" />
      <circle cx="19" cy="5" r="1" />
      <circle cx="19.5" cy="10.5" r="1.5" />
      <circle cx="4.5" cy="10.5" r="1.5" />
      <path d="M9 13h.01M15 13h.01" />
      <path d="M9.5 16.5c1.5 1 3.5 1 5 0" />
    </BrandIcon>
  );
}

/** The profile's main categories as chips: the profile editor and the creator application. */
export const PROFILE_CATEGORY_OPTIONS: ChipOption[] = PROFILE_CATEGORIES.map((category) => ({
  value: category.id,
  // A getter: read at each render, so it follows the reader's language.
  get label() {
    return categoryLabel(category.id);
  },
  icon: CATEGORY_ICONS[category.icon],
}));

export const SOCIAL_ICONS: Record<SocialKind, (props: IconProps) => ReactElement> = {
  instagram: InstagramIcon,
  x: XIcon,
  youtube: YouTubeIcon,
  tiktok: TikTokIcon,
  reddit: RedditIcon,
  website: (props) => <Globe aria-hidden {...props} />,
};
