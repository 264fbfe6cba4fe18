import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory } from '../../../tests/support/factories.ts';
import { waitForPipeline } from '../../../tests/support/media.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import {
  makeClip,
  startUploadSite,
  tusUpload,
  type UploadSite,
  videoForm,
} from '../../../tests/support/uploads.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { videos2Path } from '../../contracts/paths.ts';

// An upload's country (decision 0053): the uploader's profile country when they gave one,
// else the country the form was sent from (here the address X-Forwarded-For gives, TRUST_PROXY
// on, no country header), else none. Once approved, the video is in that country's top list.

/** The BBC's address (London). */
const BRITISH = '212.58.244.20';
const PRIVATE = '10.20.30.40';

let site: UploadSite;
let categoryIds: number[] = [];

beforeAll(async () => {
  site = await startUploadSite({ TRUST_PROXY: '1' });
  categoryIds = [];
  for (const title of ['Amateur', 'Outdoor']) {
    categoryIds.push((await makeCategory(site.db.database, title)).id);
  }
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** Uploads a distinct clip and sends its form from `address`; answers the video id. */
async function uploadFrom(member: TestSession, tone: number, title: string, address: string) {
  const clip = await makeClip(site.dir, 390, tone);
  const uploadId = await tusUpload(site, member, clip, `clip${tone}.mp4`);
  const res = await site.app.inject({
    method: 'POST',
    url: '/api/video_edit.php',
    headers: {
      ...member.headers,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': address,
    },
    payload: new URLSearchParams(videoForm(uploadId, categoryIds, { title })).toString(),
  });
  expect(res.json()).toMatchObject({ success: 1 });
  return Number(res.json().video_id);
}

async function countryOf(videoId: number): Promise<string | null> {
  const [row] = await site.db.database.query<{ country: string | null }>(
    'SELECT country FROM videos WHERE id = $1',
    [videoId],
  );
  return row?.country ?? null;
}

async function topCountry(country: string): Promise<number[]> {
  const res = await site.app.inject({
    url: videos2Path({
      lifetime: 0,
      gender: 'str',
      sort: 'latest-updates',
      count: 60,
      section: 'top-country',
      objectId: country,
      page: 1,
      type: 'all',
      duration: '',
      date: '',
    }),
  });
  return (res.json() as { videos: { video_id: string }[] }).videos.map((v) => Number(v.video_id));
}

describe("an upload's country", () => {
  it("is the country it was sent from, or the uploader's profile country, and lists there", async () => {
    const british = await signInAs(site.app, site.db.database);
    const french = await signInAs(site.app, site.db.database);
    const nowhere = await signInAs(site.app, site.db.database);
    await site.db.database.query(`UPDATE users SET country = 'fr' WHERE id = $1`, [french.userId]);

    const fromUk = await uploadFrom(british, 440, 'Thames at dawn', BRITISH);
    const byFrench = await uploadFrom(french, 660, 'Seine at dusk', BRITISH);
    const unknown = await uploadFrom(nowhere, 880, 'Somewhere quiet', PRIVATE);
    expect(await countryOf(fromUk)).toBe('gb');
    expect(await countryOf(byFrench)).toBe('fr');
    expect(await countryOf(unknown)).toBeNull();

    const moderator = await signInAsStaff(site.app, site.db.database, 'moderator');
    for (const id of [fromUk, byFrench]) {
      expect((await waitForPipeline(site.db.database, id))?.status_id).toBe(VIDEO_STATUS.review);
      const approved = await site.app.inject({
        method: 'POST',
        url: `/api/admin/review/${id}`,
        headers: { ...moderator.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'decision=approve',
      });
      expect(approved.json()).toMatchObject({ success: 1 });
    }
    expect(await topCountry('gb')).toEqual([fromUk]);
    expect(await topCountry('fr')).toEqual([byFrench]);
  });
});
