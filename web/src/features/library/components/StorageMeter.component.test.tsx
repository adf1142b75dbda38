import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { StorageMeter } from './StorageMeter';

const MB = 1024 ** 2;

describe('the storage meter', () => {
  it('shows the storage used of the quota', async () => {
    fakeApi({
      'GET /library/storage/': { body: { used_bytes: 256 * MB, quota_bytes: 1024 * MB } },
    });
    signIn(3);
    renderWithApp(<StorageMeter />);
    const meter = await screen.findByRole('meter', { name: 'Storage' });
    expect(meter).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('256 MB of 1 GB used')).toBeInTheDocument();
    expect(screen.queryByText(/Your storage is full/)).toBeNull();
  });

  it('says what to do once the storage is full', async () => {
    fakeApi({
      'GET /library/storage/': { body: { used_bytes: 1024 * MB, quota_bytes: 1024 * MB } },
    });
    signIn(3);
    renderWithApp(<StorageMeter />);
    expect(
      await screen.findByText('Your storage is full. Delete files in your library to upload more.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Storage' })).toHaveAttribute('aria-valuenow', '100');
  });
});
