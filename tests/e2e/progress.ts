// What a page's progress bar said while a file went up and the server worked on it: every text of
// its status regions, as each was put on the screen (a MutationObserver in the page), read once
// the work is over. Nothing is sampled on a clock.
import type { CDPSession, Page } from 'playwright-core';

declare global {
  interface Window {
    __statusTexts?: string[];
  }
}

/** Starts noting every text a status region of the page shows (call after the page opened). */
export async function recordStatusTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    window.__statusTexts = seen;
    const note = () => {
      for (const el of Array.from(document.querySelectorAll('[role="status"]'))) {
        const text = el.textContent?.trim();
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The texts noted so far, in the order they were shown. */
export const statusTexts = (page: Page): Promise<string[]> => page.evaluate(() => window.__statusTexts ?? []);

/**
 * A slow network, in bytes per second each way (unset: full speed). A slow downlink delivers the
 * server's progress lines one after another, as they would reach a page far away, however fast
 * this machine's server wrote them.
 */
export async function throttleNetwork(cdp: CDPSession, speed: { up?: number; down?: number } = {}): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: speed.up || speed.down ? 100 : 0,
    downloadThroughput: speed.down ?? -1,
    uploadThroughput: speed.up ?? -1,
  });
}
