import { act, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ScrollManager } from '../../../../src/client/app/layout/ScrollManager';

/** A page whose guides arrive after the first render, as a lazily loaded route's do. */
function LatePage({ show }: { show: (reveal: () => void) => void }) {
  const [loaded, setLoaded] = useState(false);
  show(() => setLoaded(true));
  return loaded ? (
    <>
      <details id="fills">
        <summary>Fills</summary>
      </details>
      <details id="exit-timing">
        <summary>Exit timing</summary>
      </details>
    </>
  ) : (
    <p>Loading…</p>
  );
}

describe('ScrollManager', () => {
  it('opens a deep link’s <details> that is already on the page', () => {
    render(
      <MemoryRouter initialEntries={['/docs#exit-timing']}>
        <details id="exit-timing">
          <summary>Exit timing</summary>
        </details>
        <ScrollManager />
      </MemoryRouter>,
    );
    expect((document.getElementById('exit-timing') as HTMLDetailsElement).open).toBe(true);
  });

  it('opens a deep link’s <details> that appears only after the first render', async () => {
    let reveal = () => {};
    render(
      <MemoryRouter initialEntries={['/docs#exit-timing']}>
        <LatePage show={(fn) => (reveal = fn)} />
        <ScrollManager />
      </MemoryRouter>,
    );
    expect(document.getElementById('exit-timing')).toBeNull();
    act(() => reveal());
    await waitFor(() =>
      expect((document.getElementById('exit-timing') as HTMLDetailsElement).open).toBe(true),
    );
    expect((document.getElementById('fills') as HTMLDetailsElement).open).toBe(false);
  });
});
