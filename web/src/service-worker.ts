// The service worker, built to /sw.js by web/vite.config.ts (which fills in __PRECACHE__ and __BUILD__ per build, so a
// deploy changes the worker's bytes and the browser installs it). It keeps the build's hashed files, cache first (they
// never change), and answers a navigation that finds no network with offline.html (its script from the cache too).
// Navigations otherwise go to the network, so index.html is never served stale. It never answers or keeps /Services:
// those answers are private to a user and a tenant. A new worker waits until the page asks it to take over
// (web/src/app/update-prompt.tsx).

// The worker's own globals: lib.dom, which types web/src, has none of them.
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface InstallEvent extends ExtendableEvent {
  /** Chromium's static routing: requests routed to the network never start the worker. */
  addRoutes?(rules: { condition: { urlPattern: { pathname: string } }; source: 'network' }[]): Promise<void>;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: InstallEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

declare const __PRECACHE__: string[];
declare const __BUILD__: string;

const worker = self as unknown as WorkerScope;
const cachePrefix = 'pickem-';
const cacheName = `${cachePrefix}${__BUILD__}`;
const offlinePage = '/offline.html';
const apiPath = '/Services/';
/** The page's leave to take over from the running version (update-prompt.tsx sends it). */
const skipWaitingMessage = 'skip-waiting';

worker.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      caches.open(cacheName).then((cache) => cache.addAll(__PRECACHE__)),
      // Not every browser routes statically; the fetch listener leaves the API alone all the same.
      event
        .addRoutes?.([{ condition: { urlPattern: { pathname: `${apiPath}*` } }, source: 'network' }])
        .catch(() => {}),
    ]),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([
      caches
        .keys()
        .then((names) =>
          Promise.all(
            names
              .filter((name) => name.startsWith(cachePrefix) && name !== cacheName)
              .map((name) => caches.delete(name)),
          ),
        ),
      // The navigation's request starts while the worker boots, so a network-first page costs no wait.
      worker.registration.navigationPreload?.enable(),
    ]),
  );
});

worker.addEventListener('message', (event) => {
  if (event.data === skipWaitingMessage) void worker.skipWaiting();
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== location.origin || url.pathname.startsWith(apiPath)) return;
  if (request.mode === 'navigate') event.respondWith(navigation(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(event));
  else if (__PRECACHE__.includes(url.pathname)) event.respondWith(fromCache(request));
});

async function navigation(event: FetchEvent): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    return fromCache(new Request(offlinePage));
  }
}

/** A hashed file never changes: from the cache, else from the network and kept (a lazy page's chunk, say). */
async function cacheFirst(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.status === 200) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

/** One of the files this version installed with (the offline page and its script), as it installed them. */
async function fromCache(request: Request): Promise<Response> {
  return (await (await caches.open(cacheName)).match(request)) ?? fetch(request);
}

// Web Push (docs/rules.md, Push notifications): the server's payload {title, body, url} shown as a notification; a
// click focuses a window of the app already at that page, or opens one (only this origin's pages).
interface PushScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window' }): Promise<{ url: string; focus(): Promise<unknown> }[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(
    type: 'push',
    listener: (event: ExtendableEvent & { data: { json(): unknown } | null }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: ExtendableEvent & { notification: Notification }) => void,
  ): void;
}
const pushScope = self as unknown as PushScope;

pushScope.addEventListener('push', (event) => {
  const message = (event.data?.json() ?? {}) as { title?: string; body?: string; url?: string };
  event.waitUntil(
    pushScope.registration.showNotification(message.title ?? "Pick'em", {
      body: message.body,
      data: { url: message.url },
    }),
  );
});

pushScope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', location.origin);
  const url = wanted.origin === location.origin ? wanted.href : `${location.origin}/`;
  event.waitUntil(
    pushScope.clients.matchAll({ type: 'window' }).then((windows) => {
      const open = windows.find((window) => window.url === url);
      return open ? open.focus() : pushScope.clients.openWindow(url);
    }),
  );
});

export {};
