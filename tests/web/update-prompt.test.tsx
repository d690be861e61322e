// @vitest-environment happy-dom
// The 'new version' prompt over a browser's service workers as the page sees them (the container, the registration
// and its workers, faked here): it offers a deploy's worker that waits, never a first install; Reload hands over to it
// and reloads once it is in charge. tests/e2e/installable.test.ts deploys a real worker in Chromium.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from '@/app/update-prompt';

class FakeWorker extends EventTarget {
  readonly messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  active: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  updates = 0;
  update() {
    this.updates += 1;
    return Promise.resolve();
  }
}

class FakeContainer extends EventTarget {
  readonly registered: string[] = [];
  constructor(readonly registration: FakeRegistration) {
    super();
  }
  register(scriptUrl: string) {
    this.registered.push(scriptUrl);
    return Promise.resolve(this.registration);
  }
}

const notice = 'A new version is ready';
let reload: ReturnType<typeof vi.fn>;

beforeEach(() => {
  reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as unknown as Location);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function renderPrompt(registration: FakeRegistration) {
  const container = new FakeContainer(registration);
  render(<UpdatePrompt workers={container as unknown as ServiceWorkerContainer} />);
  await act(async () => {});
  return container;
}

/** A new worker installs beside the registration's active one (or alone) and waits. */
function install(registration: FakeRegistration, worker = new FakeWorker('installing')) {
  act(() => {
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    registration.installing = null;
    registration.waiting = worker;
    worker.become('installed');
  });
  return worker;
}

describe('the update prompt', () => {
  it('registers the worker and says nothing on a first install, which has no version to replace', async () => {
    const registration = new FakeRegistration();
    const container = await renderPrompt(registration);
    expect(container.registered).toEqual(['/sw.js']);
    const first = install(registration);
    act(() => {
      registration.waiting = null;
      registration.active = first;
      first.become('activated');
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('offers a version installed while the page is open; Reload hands over and reloads once it is in charge', async () => {
    const registration = new FakeRegistration();
    registration.active = new FakeWorker('activated');
    const container = await renderPrompt(registration);
    expect(screen.queryByText(notice)).toBeNull();

    const next = install(registration);
    expect(screen.getByRole('status').textContent).toContain(notice);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(next.messages).toEqual(['skip-waiting']);
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a version that already waits when the page opens; Not now puts it away for this page', async () => {
    const registration = new FakeRegistration();
    registration.active = new FakeWorker('activated');
    registration.waiting = new FakeWorker('installed');
    await renderPrompt(registration);
    expect(screen.getByRole('status').textContent).toContain(notice);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(notice)).toBeNull();
    expect(registration.waiting.messages).toEqual([]);
  });

  it('reloads at once when another tab has put the new version in charge already', async () => {
    const registration = new FakeRegistration();
    registration.active = new FakeWorker('activated');
    const next = install(registration);
    await renderPrompt(registration);
    act(() => next.become('activated'));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(next.messages).toEqual([]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('looks for a new version whenever the tab is shown again', async () => {
    const registration = new FakeRegistration();
    registration.active = new FakeWorker('activated');
    await renderPrompt(registration);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(registration.updates).toBe(0);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(registration.updates).toBe(1);
  });
});
