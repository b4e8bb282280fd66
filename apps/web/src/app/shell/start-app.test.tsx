import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startApp, type StartingRouter } from './start-app';

function PhoneForm({ onPhone }: { onPhone: (value: string) => void }) {
  const [phone, setPhone] = useState('');
  return (
    <form>
      <input
        aria-label="phone"
        value={phone}
        onChange={(event) => {
          setPhone(event.target.value);
          onPhone(event.target.value);
        }}
      />
      <output>{phone}</output>
    </form>
  );
}

function fakeRouter(initialized: boolean) {
  const listeners = new Set<(state: { initialized: boolean }) => void>();
  const router: StartingRouter & { finish: () => void } = {
    state: { initialized },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    finish() {
      router.state = { initialized: true };
      listeners.forEach((listener) => listener(router.state));
    },
  };
  return router;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('startApp (decision 026)', () => {
  it('renders a page without a shell at once', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    await startApp(container, <p>app</p>, fakeRouter(false));
    await vi.waitFor(() => expect(container.textContent).toBe('app'));
  });

  it('hydrates the shell once the router is ready and hands typed text to the form', async () => {
    const onPhone = vi.fn();
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<PhoneForm onPhone={onPhone} />);
    container.setAttribute('data-shell', 'en');
    container.setAttribute('aria-disabled', 'true');
    const shellInput = container.querySelector('input')!;
    // The visitor types before the app's code has arrived.
    shellInput.value = '13800138000';
    shellInput.focus();

    const router = fakeRouter(false);
    const started = startApp(container, <PhoneForm onPhone={onPhone} />, router);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(container.hasAttribute('data-shell')).toBe(true);
    router.finish();
    await started;

    await vi.waitFor(() => expect(container.hasAttribute('data-shell')).toBe(false));
    expect(container.hasAttribute('aria-disabled')).toBe(false);
    // Hydrated, not drawn again: the same element, its text and its focus kept.
    const input = container.querySelector('input')!;
    expect(input).toBe(shellInput);
    expect(onPhone).toHaveBeenCalledWith('13800138000');
    await vi.waitFor(() =>
      expect(container.querySelector('output')?.textContent).toBe('13800138000'),
    );
    expect(input.value).toBe('13800138000');
    expect(document.activeElement).toBe(input);
  });

  it('replaces a signed-in frame in one commit once the router is ready', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = '<header>frame</header><main><h1>Upcoming lessons</h1></main>';
    for (const [name, value] of [
      ['data-shell', 'en'],
      ['data-session', ''],
      ['aria-disabled', 'true'],
    ])
      container.setAttribute(name!, value!);
    const router = fakeRouter(false);
    const started = startApp(container, <p>lessons</p>, router);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The frame stays painted while the screen's code loads.
    expect(container.querySelector('h1')?.textContent).toBe('Upcoming lessons');
    router.finish();
    await started;
    await vi.waitFor(() => expect(container.innerHTML).toBe('<p>lessons</p>'));
    for (const name of ['data-shell', 'data-session', 'aria-disabled'])
      expect(container.hasAttribute(name)).toBe(false);
  });
});
