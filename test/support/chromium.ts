import { existsSync } from 'node:fs';
import { DEFAULT_CHROMIUM } from '../../adapters/documents/chromium-renderer.ts';

/** Where the tests that render PDFs find Chromium; they fail, saying so, when it is not there. */
export const CHROMIUM = process.env.PUPPETEER_EXECUTABLE_PATH || DEFAULT_CHROMIUM.executablePath;

export const chromiumMissing = (): string | null =>
  existsSync(CHROMIUM)
    ? null
    : `Chromium is not installed at ${CHROMIUM}: install it (apt-get install -y chromium, as .ci/run does) or set PUPPETEER_EXECUTABLE_PATH.`;
