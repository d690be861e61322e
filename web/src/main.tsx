/// <reference types="vite/client" />
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/tokens.css';
import './ui/base.css';
import { App } from './app/app';
import { prepareZone } from '#domain/season/zoned-time.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Intl loads its time-zone data when a page first formats a time (60 ms of a phone's main thread): that is done
// after the first paint, while the page's data is on its way, instead of inside the render that shows the data.
requestAnimationFrame(() => setTimeout(prepareZone));

// The service worker and its update prompt start once the page has loaded, so the first load shares the network with
// neither. The worker is the build's (web/vite.config.ts): the dev server has none.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener(
    'load',
    () =>
      void import('./app/update-prompt').then(({ mountUpdatePrompt }) => mountUpdatePrompt(navigator.serviceWorker)),
    { once: true },
  );
}
