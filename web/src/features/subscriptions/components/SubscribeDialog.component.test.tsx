import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { walletBody } from '../../../../test/fixtures';
import { fakeApi, signIn, type CannedAnswer } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { SubscribeButton } from './SubscribeButton';

const noOffers = { creator_id: 3, price_cents: 499, discount: null, bundles: [] };
const created = {
  id: 12,
  creator_id: 3,
  creator_details: { id: 3, username: 'bea', profile_image: null },
  price: '4.99',
  price_cents: 499,
  status: 'active',
};

function apiWith(subscribeAnswer?: CannedAnswer) {
  return fakeApi({
    'GET /offers/for/3/': { body: noOffers },
    'GET /wallet/': { body: walletBody(2500) },
    ...(subscribeAnswer && { 'POST /auth/subscriptions/': subscribeAnswer }),
  });
}

async function openSubscribeDialog() {
  signIn(7);
  const view = renderWithApp(
    <SubscribeButton creatorId={3} username="bea" price="4.99" isSubscribed={false} />,
  );
  const opener = await screen.findByRole('button', { name: 'Subscribe for $4.99/month' });
  await view.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Subscribe to bea' });
  return { ...view, opener, dialog };
}

describe('SubscribeDialog', () => {
  it('states the monthly price, and Cancel closes it back to the button', async () => {
    apiWith();
    const { user, opener, dialog } = await openSubscribeDialog();
    expect(dialog).toHaveTextContent(
      'You pay $4.99 from your wallet now and every month until you cancel.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape without paying', async () => {
    const api = apiWith();
    const { user, opener } = await openSubscribeDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(api.callsTo('POST /auth/subscriptions/')).toHaveLength(0);
  });

  it('pays the confirmed price, sharing the email only when ticked', async () => {
    const api = apiWith({ status: 201, body: created });
    const { user, dialog } = await openSubscribeDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: /Share my email with bea/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay $4.99' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = api.callsTo('POST /auth/subscriptions/');
    expect(call?.body).toEqual({ creator_id: 3, share_email: true, expected_price_cents: 499 });
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('stays open with the reason when the wallet is short', async () => {
    apiWith({ status: 402, body: { detail: 'Insufficient funds.' } });
    const { user, dialog } = await openSubscribeDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $4.99' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Insufficient funds.');
    expect(screen.getByRole('dialog', { name: 'Subscribe to bea' })).toBeVisible();
  });
});
