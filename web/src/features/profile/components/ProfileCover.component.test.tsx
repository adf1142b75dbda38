import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../test/render';
import { ProfileCover } from './ProfileCover';

describe('ProfileCover', () => {
  it('shows the small cover first, then the full one once it has loaded', () => {
    renderWithApp(
      <ProfileCover small="/media/c/medium?s" full="/media/c/original?f" alt="Cover" />,
    );
    const small = screen.getByRole('img', { name: 'Cover' });
    expect(small).toHaveAttribute('src', '/media/c/medium?s');
    const full = document.querySelector('img[src="/media/c/original?f"]')!;
    expect(full).toHaveClass('opacity-0');
    fireEvent.load(full);
    expect(screen.getByRole('img', { name: 'Cover' })).toBe(full);
    expect(full).toHaveClass('opacity-100');
    expect(document.querySelector('img[src="/media/c/medium?s"]')).toBeNull();
  });

  it('keeps the small cover when the full one fails', () => {
    renderWithApp(
      <ProfileCover small="/media/c/medium?s" full="/media/c/original?f" alt="Cover" />,
    );
    fireEvent.error(document.querySelector('img[src="/media/c/original?f"]')!);
    expect(screen.getByRole('img', { name: 'Cover' })).toHaveAttribute('src', '/media/c/medium?s');
  });
});
