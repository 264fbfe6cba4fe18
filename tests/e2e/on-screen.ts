import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// What a person sees: the element is scrolled to, lies inside the viewport and nothing covers
// it (the element at its centre is it or inside it), so it can be read and pressed.

export async function expectOnScreen(page: Page, locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
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
