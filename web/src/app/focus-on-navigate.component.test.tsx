import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useFocusOnNavigate } from './focus-on-navigate';

/** A page whose heading comes a moment after it (its code or data still on the way). */
function LatePage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 100);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <h1>Next page</h1> : <p>Loading…</p>;
}

/** A page with a link-like button, an open menu and the routes' headings. */
function Harness() {
  useFocusOnNavigate();
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => void navigate('/next')}>Go</button>
      <div role="menu">
        <button role="menuitem">Settings</button>
      </div>
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/next" element={<LatePage />} />
      </Routes>
    </>
  );
}

function renderHarness() {
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter>
      <Harness />
    </MemoryRouter>,
  );
  return user;
}

/** Lets the hook's animation frames run. */
async function frames() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('useFocusOnNavigate', () => {
  it('moves focus to the new page’s heading after a navigation', async () => {
    const user = renderHarness();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Next page' })).toHaveFocus(),
    );
  });

  it('leaves focus in a menu opened while the page came', async () => {
    const user = renderHarness();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    screen.getByRole('menuitem', { name: 'Settings' }).focus();
    await screen.findByRole('heading', { name: 'Next page' });
    await frames();
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Next page' })).not.toHaveFocus();
  });
});
