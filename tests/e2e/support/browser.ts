// Real Chromium from Debian's packages, driven by playwright-core. No browser is downloaded.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's headless shell when installed (.ci/run installs it): the same Blink and V8 as `chromium` without the
 * desktop browser around them, as Playwright runs headless by default; it took a fifth less time over the e2e files.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

/** Every host but this machine's stays unresolvable, so the browser never leaves it. */
export function launchChromium(hostRules = 'MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=${hostRules}`,
    ],
  });
}

/** Collects console errors and warnings and page errors, so a test can insist there are none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}
