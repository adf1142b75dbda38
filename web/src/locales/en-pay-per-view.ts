import { postPriceMessages } from '@zura/contracts';

/** English texts of pay-per-view posts: the composer's Price section and the closed post card. */
export const payPerView = {
  payPerView: {
    composer: {
      sell: 'Sell this post',
      sellHint: 'Fans pay once from their wallet to open it, and keep it.',
      price: 'Price (USD)',
      pricePlaceholder: '5.00',
      subscribers: 'Your subscribers',
      trialHint: 'Fans on a free trial pay the full price until their trial converts.',
      full: 'Pay the full price',
      free: 'Get it free',
      discount: 'Pay a discounted price',
      discountPrice: 'Subscriber price (USD)',
      priceInvalid: postPriceMessages.priceRange,
      subscriberPriceInvalid: postPriceMessages.subscriberPriceRange,
    },
    card: {
      title: 'Unlock this post',
      hint: 'Pay once and keep it.',
      unlock: 'Unlock for {{price}}',
      password: 'Enter Password to Unlock',
      previewAlt: 'Blurred preview of a post by {{username}}',
      dialogTitle: 'Unlock post',
      dialogText: 'Unlock this post by {{username}} for {{price}}. You keep it.',
      failed: 'The post could not be unlocked. Please try again.',
    },
  },
};
