import { formatCents, MAX_TIP_CENTS, MIN_AMOUNT_CENTS } from '@zura/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { walletBody } from '../../../../test/fixtures';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { TipButton } from './TipButton';

async function openTipDialog() {
  signIn(7);
  const view = renderWithApp(<TipButton creatorId={3} username="bea" />);
  const opener = screen.getByRole('button', { name: 'Tip' });
  await view.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Tip bea' });
  return { ...view, opener, dialog };
}

const tipAnswer = {
  id: 41,
  amount_cents: 500,
  fee_cents: 50,
  creator_cents: 450,
  balance_cents: 2000,
};

describe('TipDialog', () => {
  it('opens from Tip with the wallet balance, and Escape closes it back to the button', async () => {
    fakeApi({ 'GET /wallet/': { body: walletBody(2500) } });
    const { user, opener, dialog } = await openTipDialog();
    expect(await within(dialog).findByText('Wallet balance: $25.00')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('refuses an amount under the minimum and sends nothing', async () => {
    const api = fakeApi({ 'GET /wallet/': { body: walletBody() } });
    const { user, dialog } = await openTipDialog();
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '0.50');
    await user.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    expect(
      await within(dialog).findByText(
        `The amount must be between ${formatCents(MIN_AMOUNT_CENTS)} and ${formatCents(MAX_TIP_CENTS)}.`,
      ),
    ).toBeVisible();
    expect(api.callsTo('POST /tips/')).toHaveLength(0);
  });

  it('sends a preset tip once, with an idempotency key, and confirms what the creator gets', async () => {
    const api = fakeApi({
      'GET /wallet/': { body: walletBody() },
      'POST /tips/': { status: 201, body: tipAnswer },
    });
    const { user, dialog } = await openTipDialog();
    await user.click(within(dialog).getByRole('button', { name: '$5.00' }));
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveValue('5.00');
    await user.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Tip of $5.00 sent. bea receives $4.50.',
    );
    const [call] = api.callsTo('POST /tips/');
    expect(call?.body).toEqual({ creator_id: 3, amount: '5.00' });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/\S{8,}/);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the wallet is short when the server answers 402, and offers the wallet', async () => {
    fakeApi({
      'GET /wallet/': { body: walletBody(100) },
      'POST /tips/': { status: 402, body: { detail: 'Insufficient funds.' } },
    });
    const { user, dialog } = await openTipDialog();
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Insufficient funds.');
    expect(within(dialog).getByRole('link', { name: 'Go to Wallet' })).toHaveAttribute(
      'href',
      '/wallet',
    );
  });
});
