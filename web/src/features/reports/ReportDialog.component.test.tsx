import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn } from '../../../test/network';
import { renderWithApp } from '../../../test/render';
import { ReportMenu } from './ReportMenu';

const MENU_LABEL = 'More actions for the post by bea';

async function openReportDialog() {
  signIn(7);
  const view = renderWithApp(
    <ReportMenu subject={{ type: 'post', id: 55 }} username="bea" label={MENU_LABEL} />,
  );
  const menuButton = screen.getByRole('button', { name: MENU_LABEL });
  await view.user.click(menuButton);
  await view.user.click(await screen.findByRole('menuitem', { name: 'Report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report the post by bea' });
  return { ...view, dialog };
}

describe('ReportDialog', () => {
  it('closes on Escape and starts empty at the next opening', async () => {
    fakeApi();
    const { user, dialog } = await openReportDialog();
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Half a thought');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The light trigger was replaced by the loaded menu's own: found again.
    await user.click(screen.getByRole('button', { name: MENU_LABEL }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const reopened = await screen.findByRole('dialog', { name: 'Report the post by bea' });
    expect(within(reopened).getByLabelText('Details (optional)')).toHaveValue('');
  });

  it('asks for a reason before sending anything', async () => {
    const api = fakeApi();
    const { user, dialog } = await openReportDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason for your report.');
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it('sends the reason and trimmed details, then thanks the reporter', async () => {
    const api = fakeApi({ 'POST /reports/': { status: 201, body: { id: 9, status: 'open' } } });
    const { user, dialog } = await openReportDialog();
    await user.selectOptions(within(dialog).getByLabelText(/Reason/), 'Spam');
    await user.type(within(dialog).getByLabelText('Details (optional)'), '  Same link ten times ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Thanks. A moderator will look at it.')).toBeVisible();
    expect(api.callsTo('POST /reports/')[0]?.body).toEqual({
      target_type: 'post',
      target_id: 55,
      reason: 'spam',
      details: 'Same link ten times',
    });
  });

  it("shows the server's reason when the report is refused", async () => {
    fakeApi({
      'POST /reports/': { status: 409, body: { detail: 'You have already reported this.' } },
    });
    const { user, dialog } = await openReportDialog();
    await user.selectOptions(within(dialog).getByLabelText(/Reason/), 'Harassment');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have already reported this.',
    );
  });
});
