import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runFfmpeg } from '../../src/media/exec.ts';
import { launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';
import { signInAsDemo } from './site.ts';

// A member uploads a video in Debian's Chromium (SPEC.md §2 /upload-video/, §5): the screen
// refuses a bad file name before sending anything, the file goes up over tus, the form is
// filled and a preview frame picked, and the processing view follows the video until it
// plays. A synthetic 6.5-minute clip at 128x72 and 1 fps (exclusive: 6 minutes suffice).

const baseUrl = inject('baseUrl');
let browser: Browser;
let dir: string;
let clip: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-upload-e2e-'));
  const file = path.join(dir, 'clip.mp4');
  await runFfmpeg(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=s=128x72:r=1'],
      ...['-f', 'lavfi', '-i', `sine=frequency=${300 + (Date.now() % 500)}:sample_rate=8000`],
      ...['-t', '390', '-g', '30', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '16k', '-shortest', file],
    ],
    { timeoutMs: 60_000 },
  );
  clip = await readFile(file);
});

afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('upload video', () => {
  it('sends a visitor away', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/upload-video/`);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('uploads a file, takes the form and follows the processing', {
    timeout: 180_000,
  }, async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInAsDemo(page);
    await page.goto(`${baseUrl}/upload-video/`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Upload video' }).waitFor();

    // SPEC.md §5: checked in the browser first, nothing is sent.
    const picker = page.getByLabel('Choose a file');
    await picker.setInputFiles({ name: 'my clip.mp4', mimeType: 'video/mp4', buffer: clip });
    await page
      .getByRole('alert')
      .filter({ hasText: 'The file name may contain only latin letters and digits' })
      .waitFor();
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: clip });
    await page.getByText('This type of file is not accepted').waitFor();

    const name = `myclip${Date.now()}.mp4`;
    await picker.setInputFiles({ name, mimeType: 'video/mp4', buffer: clip });
    await page.getByText(name).waitFor();
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('100');
    await page.getByText('Upload complete.').waitFor();
    // The server looked at the file: its frames are offered as the preview.
    await page.getByRole('radio', { name: 'Frame 1' }).waitFor();

    // The form, with the frames the server took from the file.
    await page.getByLabel('Title').fill('Test pattern at dusk');
    await page.getByLabel('Description').fill('A synthetic clip for the upload test.');
    const categories = page.getByRole('group', { name: 'Categories' });
    await categories.getByRole('checkbox').first().check();
    await page.getByLabel('Tags').fill('test pattern, dusk');
    await page.getByRole('button', { name: 'Publish video' }).click();
    // 6.5 minutes is enough only as an exclusive; and the preview is required.
    await page.getByText('The video is too short: at least 10 minutes').waitFor();
    await page.getByText('You must select a preview').waitFor();
    await page.getByLabel('Exclusive to this site').check();
    const frame = page.getByRole('radio', { name: 'Frame 2' });
    await frame.check();
    expect(await page.getByRole('radio').count()).toBeGreaterThanOrEqual(3);

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

    await page.getByRole('button', { name: 'Publish video' }).click();
    await page.waitForURL(/\/upload-video\/\?video=\d+$/);
    await page.getByRole('heading', { name: 'Your video is being processed' }).waitFor();
    await page.getByText('Test pattern at dusk').waitFor();

    // The pipeline makes it playable; the screen says so and links to it.
    const watch = page.getByRole('link', { name: 'Watch the video' });
    await watch.waitFor({ timeout: 150_000 });
    await page.getByRole('heading', { name: 'Your video is ready' }).waitFor();
    const videoId = new URL(page.url()).searchParams.get('video');
    expect(await watch.getAttribute('href')).toMatch(
      new RegExp(`^/videos/${videoId}/test-pattern-at-dusk/$`),
    );
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await context.close();
  });
});
