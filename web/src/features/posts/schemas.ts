import type { TFunction } from '../../lib/translator';
import { z } from 'zod';
import { checkSale } from './sale-form';

/**
 * The composer's rules (spec §5 "Post creation"): a locked post needs a password, equal to its
 * confirmation; a post for sale a price within the server's bounds. Whether there is anything to post (text or media) disables the button instead.
 */
export const composerSchema = (t: TFunction) =>
  z
    .object({
      content: z.string(),
      is_locked: z.boolean(),
      password: z.string(),
      password_confirm: z.string(),
      // Pay-per-view (creators only): see sale-form.ts.
      for_sale: z.boolean(),
      price: z.string(),
      subscribers: z.enum(['full', 'free', 'discount']),
      subscriber_price: z.string(),
    })
    .superRefine((values, ctx) => {
      checkSale(values, ctx, t);
      const { is_locked, password, password_confirm } = values;
      if (!is_locked) return;
      if (password === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['password'],
          message: t('composer.passwordRequired'),
        });
      } else if (password !== password_confirm) {
        ctx.addIssue({
          code: 'custom',
          path: ['password_confirm'],
          message: t('composer.passwordsDoNotMatch'),
        });
      }
    });
export type ComposerValues = z.infer<ReturnType<typeof composerSchema>>;
