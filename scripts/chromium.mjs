// Debian's Chromium, headless, as the browser tests and the wasm bench run
// it (Playwright's own browser download does not work offline).
// CHROMIUM=PATH picks another browser.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export async function launch() {
  const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath}: run scripts/setup.sh`);
  return chromium.launch({
    executablePath,
    headless: true,
    timeout: 30000,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}
