// PNGs of pages in Debian's chromium (test/support/browser.ts): at device scale 1, cropped to what the
// page shows, and written over the previous picture.
import { statSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';

export interface Shot {
  /** Where the PNG goes. */
  path: string;
  /** The window's width; the height follows the content. */
  width: number;
  /** A page this script wrote, or the address of one the emulator serves. */
  html?: string;
  url?: string;
  /** The element to crop to; default the whole page. */
  selector?: string;
  /** Runs in the page before the picture is taken. */
  prepare?: (page: Page) => Promise<void>;
}

export async function capture(context: BrowserContext, shot: Shot): Promise<number> {
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width: shot.width, height: 400 });
    if (shot.url !== undefined) await page.goto(shot.url, { waitUntil: 'load' });
    else await page.setContent(shot.html ?? '', { waitUntil: 'load' });
    await shot.prepare?.(page);
    await page.evaluate('document.fonts.ready');
    if (shot.selector !== undefined) await page.locator(shot.selector).screenshot({ path: shot.path });
    else await page.screenshot({ path: shot.path, fullPage: true });
    return statSync(shot.path).size;
  } finally {
    await page.close();
  }
}
