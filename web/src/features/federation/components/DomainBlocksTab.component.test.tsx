import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { DomainBlocksTab } from './DomainBlocksTab';

const block = (id: number, domain: string, reason = '') => ({
  id,
  domain,
  reason,
  blocked_by: 1,
  created_at: '2026-11-02T10:00:00.000Z',
});

describe('the admin’s blocked domains', () => {
  it('blocks a domain with a reason, lists it and unblocks it', async () => {
    let blocks = [block(1, 'old.example', 'spam')];
    const api = fakeApi({
      'GET /federation/domain-blocks/': () => ({ body: { results: blocks } }),
      'POST /federation/domain-blocks/': () => {
        const made = block(2, 'bad.example', 'harassment');
        blocks = [...blocks, made];
        return { status: 201, body: { block: made, followers_removed: 3 } };
      },
      'DELETE /federation/domain-blocks/1/': () => {
        blocks = blocks.filter((b) => b.id !== 1);
        return { status: 204 };
      },
    });
    signIn(1);
    const { user } = renderWithApp(<DomainBlocksTab />);
    expect(await screen.findByText('old.example')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Domain'), 'bad.example');
    await user.type(screen.getByLabelText('Reason (for the audit log)'), 'harassment');
    await user.click(screen.getByRole('button', { name: 'Block domain' }));
    expect(
      await screen.findByText('bad.example is blocked; 3 followers removed.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /federation/domain-blocks/')[0]?.body).toEqual({
      domain: 'bad.example',
      reason: 'harassment',
    });
    expect(await screen.findByText(/harassment$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unblock old.example' }));
    await waitFor(() => expect(screen.queryByText('old.example')).toBeNull());
    expect(screen.getByText('bad.example')).toBeInTheDocument();
  });

  it('shows the server’s words when a block is refused', async () => {
    fakeApi({
      'GET /federation/domain-blocks/': () => ({ body: { results: [] } }),
      'POST /federation/domain-blocks/': () => ({
        status: 409,
        body: { code: 'conflict', detail: 'bad.example is already blocked.' },
      }),
    });
    signIn(1);
    const { user } = renderWithApp(<DomainBlocksTab />);
    expect(await screen.findByText('No blocked domains.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Domain'), 'bad.example');
    await user.click(screen.getByRole('button', { name: 'Block domain' }));
    expect(await screen.findByText('bad.example is already blocked.')).toBeInTheDocument();
  });
});
