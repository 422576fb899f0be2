import puppeteer, { type Browser } from 'puppeteer-core';

const LAUNCH_ARGS = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-background-networking',
  '--disable-sync',
  '--disable-default-apps',
  '--no-first-run',
  '--no-default-browser-check',
  '--mute-audio',
  '--metrics-recording-only',
];

/** One headless Chromium (puppeteer-core), started as its own process group. */
export const launchChromium = (executablePath: string, noSandbox: boolean): Promise<Browser> =>
  puppeteer.launch({
    executablePath,
    headless: true,
    // Chromium's sandbox cannot start as root (containers, CI); pages there still run no script and fetch nothing.
    args: process.getuid?.() === 0 || noSandbox ? [...LAUNCH_ARGS, '--no-sandbox'] : LAUNCH_ARGS,
  });

/**
 * Chromium runs as a process group (its renderer, GPU and zygote processes beside the browser).
 * When the browser process dies on its own, puppeteer only cleans up a group whose leader still
 * lives, so the others would be left running: the whole group is ended here. Nothing is left to
 * end once the browser closed normally.
 */
export const endProcessGroup = (browser: Browser): void => {
  const pid = browser.process()?.pid;
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already gone.
  }
};
