import type { Browser } from 'puppeteer-core';

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
  // No connection leaves Chromium, whatever a page names: request interception and the CSP stop
  // requests, but preconnects, DNS prefetches and out-of-process frames open sockets below them.
  // Everything goes to a proxy on a closed local port, loopback included (`<-loopback>` removes
  // its implicit bypass), and every host name resolves to nothing.
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--dns-prefetch-disable',
  '--disable-features=NetworkPrediction,Prefetch,PreloadMediaEngagementData,SpeculationRulesPrefetchFuture',
];

/**
 * One headless Chromium (puppeteer-core), started as its own process group. puppeteer is loaded
 * on the first launch, not with the service: a service that never renders never pays for it.
 */
export const launchChromium = async (executablePath: string, noSandbox: boolean): Promise<Browser> =>
  (await import('puppeteer-core')).default.launch({
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
