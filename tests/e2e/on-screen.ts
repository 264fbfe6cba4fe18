import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// What a person sees: the element is scrolled to, lies inside the viewport and nothing covers
// it (the element at its centre is it or inside it), so it can be read and pressed.

export async function expectOnScreen(page: Page, locator: Locator): Promise<void> {
  // A screen that renders again as its data arrives may replace the element between finding
  // it and scrolling to it; the locator then finds the element that replaced it.
  for (let attempt = 1; ; attempt++) {
    try {
      await locator.scrollIntoViewIfNeeded();
      break;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('not attached')) throw error;
    }
  }
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, 'the element is laid out').not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const uncovered = await locator.evaluate((element, point) => {
    const top = document.elementFromPoint(point.x, point.y);
    return top !== null && (top === element || element.contains(top));
  }, centre);
  expect(uncovered, 'nothing covers the element').toBe(true);
}

/** Sizes the shell is checked at: a phone with touch, and a common laptop. */
export const SHELL_SIZES = {
  phone: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true },
  laptop: { viewport: { width: 1366, height: 768 } },
} as const;

/** The two sizes every screen is checked at: its name, context options and whether it taps. */
export const PHONE_AND_LAPTOP = [
  ['375 px with touch', SHELL_SIZES.phone, true],
  ['1366 px', SHELL_SIZES.laptop, false],
] as const;

export interface OnScreen {
  inWindow: boolean;
  uncovered: boolean;
  width: number;
  height: number;
}

export async function onScreen(locator: Locator): Promise<OnScreen> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const inWindow =
      box.width > 0 &&
      box.height > 0 &&
      box.left >= 0 &&
      box.top >= 0 &&
      box.right <= window.innerWidth + 0.5 &&
      box.bottom <= window.innerHeight + 0.5;
    const hit = document.elementFromPoint(x, y);
    return {
      inWindow,
      uncovered: hit !== null && (hit === element || element.contains(hit)),
      width: box.width,
      height: box.height,
    };
  });
}

/** Scrolls `locator` into view (inside its scrolling box) and answers what is seen of it. */
export async function seen(locator: Locator): Promise<OnScreen> {
  await locator.scrollIntoViewIfNeeded();
  return onScreen(locator);
}

/** A tap on a touch screen, a click elsewhere. */
export async function press(locator: Locator, touch: boolean): Promise<void> {
  if (touch) await locator.tap();
  else await locator.click();
}

/**
 * A tap (or click) at the element's place on the screen. Playwright's own tap first scrolls
 * the element "into view", which for one in the sticky header means back to the page's top.
 */
export async function pressInPlace(page: Page, locator: Locator, touch: boolean): Promise<void> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('nothing to press: the element has no box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}
