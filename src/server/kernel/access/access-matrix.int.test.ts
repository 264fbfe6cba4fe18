import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app.ts';
import { makeAlbum, makeVideo } from '../../../../tests/support/factories.ts';
import { signInAs, type TestSession } from '../../../../tests/support/session.ts';
import { statusForCode } from '../../../contracts/errors.ts';
import { commentsPath } from '../../../contracts/members.paths.ts';
import { type VideoSection, videos2Path } from '../../../contracts/paths.ts';
import { playlistPath } from '../../../contracts/playlists.paths.ts';
import { ENDPOINT_POLICY, type EndpointRule, operationOf } from './endpoint-policy.ts';
import { accessOf, can } from './policy.ts';
import { ROLE_IDS } from './roles.ts';
import type { Viewer } from './viewer.ts';

// The access matrix (issue 15, docs/decisions/0039): every operation of docs/openapi.json has
// an entry in endpoint-policy.ts, and every entry that is not public is called on the real app
// as a visitor, another member, the owner, a moderator and an administrator. The roles the
// policy allows get through the gate (an `object` entry succeeds); the others get exactly the
// entry's refusal. One app and one set of accounts for the whole file.

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const;

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
}
interface SchemaNode {
  properties?: Record<string, { enum?: string[] }>;
  oneOf?: SchemaNode[];
}
const openapi = JSON.parse(
  readFileSync(new URL('../../../../docs/openapi.json', import.meta.url), 'utf8'),
) as { paths: Record<string, Partial<Record<(typeof METHODS)[number], OpenApiOperation>>> };

function operations(): { key: string; op: OpenApiOperation }[] {
  return Object.entries(openapi.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item[method];
      return op ? [{ key: `${method.toUpperCase()} ${path}`, op }] : [];
    }),
  );
}

/** The `act` (else `section`) values a body's schema enumerates: one action each. */
function enumeratedActions(op: OpenApiOperation): { field: string; value: string }[] {
  const found: { field: string; value: string }[] = [];
  const walk = (node: SchemaNode | undefined, field: string) => {
    if (!node) return;
    for (const value of node.properties?.[field]?.enum ?? []) {
      if (!found.some((f) => f.field === field && f.value === value)) found.push({ field, value });
    }
    for (const branch of node.oneOf ?? []) walk(branch, field);
  };
  // `act` names the action where there is one (stat.php's `section` is then the object type).
  for (const field of ['act', 'section']) {
    for (const content of Object.values(op.requestBody?.content ?? {})) walk(content.schema, field);
    if (found.length > 0) break;
  }
  return found;
}

describe('every operation has a policy entry', () => {
  it('maps each OpenAPI operation, and each enumerated act/section, to an entry', () => {
    const keys = Object.keys(ENDPOINT_POLICY);
    const covered = new Set(keys.map(operationOf));
    const missing = operations()
      .map(({ key }) => key)
      .filter((key) => !covered.has(key));
    expect(missing, 'operations without an entry in endpoint-policy.ts').toEqual([]);
    const variants = operations().flatMap(({ key, op }) =>
      enumeratedActions(op)
        .filter(
          ({ field, value }) =>
            !keys.some((k) => k.startsWith(`${key} `) && k.includes(`${field}=${value}`)),
        )
        .map(({ field, value }) => `${key} ${field}=${value}`),
    );
    // A URL with a single entry answers every action alike; one with variants must name all.
    const split = variants.filter((variant) =>
      keys.some((k) => k !== operationOf(k) && operationOf(k) === operationOf(variant)),
    );
    expect(split, 'actions without an entry').toEqual([]);
  });

  it('names no operation the document does not have', () => {
    const known = new Set(operations().map(({ key }) => key));
    const stale = Object.keys(ENDPOINT_POLICY).filter((key) => !known.has(operationOf(key)));
    expect(stale).toEqual([]);
  });
});

type ActorName = 'visitor' | 'member' | 'owner' | 'moderator' | 'administrator';
const ACTORS: ActorName[] = ['visitor', 'member', 'moderator', 'administrator', 'owner'];

let t: TestApp;
const sessions: Partial<Record<ActorName, TestSession>> = {};
let videoId = 0;

function viewerOf(actor: ActorName): Viewer | null {
  const session = sessions[actor];
  if (!session) return null;
  const role = actor === 'moderator' || actor === 'administrator' ? actor : 'member';
  return {
    userId: session.userId,
    username: session.username,
    avatarVersion: 0,
    ageVerified: false,
    role,
    trustedUploader: false,
    sessionHash: '',
  };
}

const owner = () => sessions.owner as TestSession;
const TUS = { 'tus-resumable': '1.0.0' };

function form(url: string, fields: Record<string, string | number>, session?: TestSession) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(session?.headers ?? {}),
    },
    payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
  });
}

async function multipart(
  url: string,
  fields: Record<string, string>,
  files: Buffer[],
  session?: TestSession,
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) {
    body.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'photo.png');
  }
  const request = new Request(`http://test.local${url}`, { method: 'POST', body });
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': request.headers.get('content-type') ?? '',
      ...(session?.headers ?? {}),
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const get = (url: string, session?: TestSession) =>
  t.app.inject({ method: 'GET', url, headers: session?.headers ?? {} });

async function makePlaylist(isPrivate: 0 | 1, withVideo = false): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    `INSERT INTO playlists (user_id, title, description, is_private, videos_count)
     VALUES ($1, 'A list of mine', 'described here', $2, $3) RETURNING id`,
    [owner().userId, isPrivate, withVideo ? 1 : 0],
  );
  const id = Number(row?.id);
  if (withVideo) {
    await t.database.query(
      'INSERT INTO playlist_videos (playlist_id, video_id, position) VALUES ($1, $2, 1)',
      [id, videoId],
    );
  }
  return id;
}

async function ownerUpload(length = 1000): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/',
    headers: {
      ...owner().headers,
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from('mine.mp4').toString('base64')}`,
    },
  });
  if (res.statusCode !== 201) throw new Error(`upload not created: ${res.body}`);
  return String(res.headers.location).split('/').pop() as string;
}

const png = () =>
  sharp({ create: { width: 200, height: 200, channels: 3, background: '#446688' } })
    .png()
    .toBuffer();

const listPath = (section: VideoSection, objectId: number) =>
  videos2Path({
    lifetime: 0,
    gender: 'str',
    sort: section === 'playlists' ? 'latest-updates' : 'history',
    count: 20,
    section,
    objectId: String(objectId),
    page: 1,
    type: 'all',
    duration: '',
    date: '',
  });

type Send = (session: TestSession | undefined) => Promise<LightMyRequestResponse>;

/**
 * How to call an `object` entry on an object of the owner's: `setup` makes the object (once
 * per actor unless `shared`), and the call is made as each actor.
 */
interface ObjectRunner {
  setup(): Promise<Send>;
  /** One object for every actor: nothing an allowed actor does removes it (owner runs last). */
  shared?: boolean;
  /** What getting through looks like; a 2xx answer unless told. */
  passed?(res: LightMyRequestResponse): boolean;
}

const notRefused = (codes: string[]) => (res: LightMyRequestResponse) =>
  res.statusCode < 500 && !codes.includes(String(res.json<{ code?: string }>().code));

const OBJECT_RUNNERS: Record<string, ObjectRunner> = {
  'GET /api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{tail} section=playlists': {
    shared: true,
    async setup() {
      const id = await makePlaylist(1, true);
      return (session) => get(listPath('playlists', id), session);
    },
  },
  'GET /api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{tail} section=watch-later': {
    shared: true,
    async setup() {
      return (session) => get(listPath('watch-later', owner().userId), session);
    },
  },
  'GET /api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{tail} section=history': {
    shared: true,
    async setup() {
      return (session) => get(listPath('history', owner().userId), session);
    },
  },
  'GET /api/json/comments/{lifetime}/{section}/{e6}/{e3}/{file} section=playlist': {
    shared: true,
    async setup() {
      const id = await makePlaylist(1);
      return (session) => get(commentsPath(0, 'playlist', id), session);
    },
  },
  'GET /api/json/playlist/{lifetime}/{e6}/{e3}/{file}': {
    shared: true,
    async setup() {
      const id = await makePlaylist(1);
      return (session) => get(playlistPath(0, id), session);
    },
  },
  'POST /api/input.php act=playlist section=upd': {
    async setup() {
      const id = await makePlaylist(0);
      return (session) =>
        form(
          '/api/input.php',
          {
            act: 'playlist',
            section: 'upd',
            object_id: id,
            title: 'Renamed list',
            desc: 'A new description',
            visible: 1,
            orientation: 'str',
            categories: '',
          },
          session,
        );
    },
  },
  'POST /api/input.php act=playlist section=del': {
    async setup() {
      const id = await makePlaylist(0);
      return (session) =>
        form('/api/input.php', { act: 'playlist', section: 'del', object_id: id }, session);
    },
  },
  'POST /api/input.php act=playlist section=add': {
    async setup() {
      const id = await makePlaylist(0);
      return (session) =>
        form(
          '/api/input.php',
          { act: 'playlist', section: 'add', object_id: id, video_id: videoId },
          session,
        );
    },
  },
  'POST /api/input.php act=playlist section=rem': {
    async setup() {
      const id = await makePlaylist(0, true);
      return (session) =>
        form(
          '/api/input.php',
          { act: 'playlist', section: 'rem', object_id: id, video_id: videoId },
          session,
        );
    },
  },
  'HEAD /api/upload/{id}': {
    shared: true,
    async setup() {
      const id = await ownerUpload();
      return (session) =>
        t.app.inject({
          method: 'HEAD',
          url: `/api/upload/${id}`,
          headers: { ...session?.headers, ...TUS },
        });
    },
  },
  'PATCH /api/upload/{id}': {
    shared: true,
    async setup() {
      const id = await ownerUpload();
      return (session) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/upload/${id}`,
          headers: {
            ...session?.headers,
            ...TUS,
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
          },
          payload: Buffer.alloc(10),
        });
    },
  },
  'DELETE /api/upload/{id}': {
    shared: true,
    async setup() {
      const id = await ownerUpload();
      return (session) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/upload/${id}`,
          headers: { ...session?.headers, ...TUS },
        });
    },
  },
  // The form of an unfinished upload: the owner passes the gate and meets the upload's state.
  'POST /api/video_edit.php section=screens': {
    shared: true,
    passed: notRefused(['need_auth', 'no_permission']),
    async setup() {
      const id = await ownerUpload();
      return (session) =>
        form('/api/video_edit.php', { section: 'screens', upload_id: id }, session);
    },
  },
  'POST /api/video_edit.php section=add': {
    shared: true,
    passed: notRefused(['need_auth', 'no_permission']),
    async setup() {
      const id = `u${owner().userId}-${'b'.repeat(32)}`;
      return (session) =>
        form(
          '/api/video_edit.php',
          {
            section: 'add',
            upload_id: id,
            title: 'My own video',
            description: '',
            orientation: 'str',
            categories: '1',
            tags: '',
            screenshot: 1,
            rules_confirmed: '1',
            record: 'exempt',
            exemption: 'no_explicit_conduct',
          },
          session,
        );
    },
  },
  'POST /api/video_edit.php section=delete': {
    async setup() {
      const video = await makeVideo(t.database, owner().userId);
      return (session) =>
        form('/api/video_edit.php', { section: 'delete', video_id: video.id }, session);
    },
  },
  'POST /api/album_edit.php section=add': {
    async setup() {
      const album = await makeAlbum(t.database, owner().userId);
      const file = await png();
      return (session) =>
        multipart(
          '/api/album_edit.php',
          { section: 'add', album_id: String(album.id) },
          [file],
          session,
        );
    },
  },
  'POST /api/album_edit.php section=upd': {
    async setup() {
      const album = await makeAlbum(t.database, owner().userId);
      return (session) =>
        form(
          '/api/album_edit.php',
          { section: 'upd', album_id: album.id, title: 'Renamed album' },
          session,
        );
    },
  },
  'POST /api/album_edit.php section=rem': {
    async setup() {
      const album = await makeAlbum(t.database, owner().userId);
      return (session) =>
        form(
          '/api/album_edit.php',
          { section: 'rem', album_id: album.id, photo_id: album.photoIds[0] as number },
          session,
        );
    },
  },
  'POST /api/album_edit.php section=del': {
    async setup() {
      const album = await makeAlbum(t.database, owner().userId);
      return (session) =>
        form('/api/album_edit.php', { section: 'del', album_id: album.id }, session);
    },
  },
};

/** A call of an `own` entry: the gate is the only thing checked, so the smallest request. */
const OWN_REQUESTS: Record<string, Send> = {
  'POST /api/stat.php act=vote': (s) =>
    form('/api/stat.php', { act: 'vote', section: 'video', object_id: videoId, vote: 1 }, s),
  'POST /api/stat.php act=view': (s) =>
    form('/api/stat.php', { act: 'view', section: 'video', object_id: videoId }, s),
  'POST /api/stat.php act=comm': (s) =>
    form(
      '/api/stat.php',
      { act: 'comm', section: 'video', object_id: videoId, msg: 'A comment of mine' },
      s,
    ),
  'POST /api/input.php act=favourite': (s) =>
    form('/api/input.php', { act: 'favourite', section: 'add', video_id: videoId }, s),
  'POST /api/input.php act=watch_later': (s) =>
    form('/api/input.php', { act: 'watch_later', section: 'add', video_id: videoId }, s),
  'POST /api/input.php act=subscribe': (s) =>
    form(
      '/api/input.php',
      { act: 'subscribe', section: 'add', type: 'member', object_id: owner().userId },
      s,
    ),
  'POST /api/input.php act=friend': (s) =>
    form('/api/input.php', { act: 'friend', section: 'add', object_id: owner().userId }, s),
  'POST /api/input.php act=playlist section=new': (s) =>
    form(
      '/api/input.php',
      {
        act: 'playlist',
        section: 'new',
        title: 'A new list',
        desc: 'Described well',
        visible: 1,
        orientation: 'str',
        categories: '',
      },
      s,
    ),
  // A name no video has: refused before anything is stored, after the gate.
  'POST /api/upload/': (s) =>
    t.app.inject({
      method: 'POST',
      url: '/api/upload/',
      headers: {
        ...s?.headers,
        ...TUS,
        'upload-length': '1000',
        'upload-metadata': `filename ${Buffer.from('notes.txt').toString('base64')}`,
      },
    }),
  'POST /api/album_edit.php section=new': (s) =>
    form('/api/album_edit.php', { section: 'new', title: 'A new album', desc: '' }, s),
  'POST /api/member.php section=get': (s) => form('/api/member.php', { section: 'get' }, s),
  'POST /api/member.php section=upd': (s) =>
    form('/api/member.php', { section: 'upd', city: 'Lyon' }, s),
  'POST /api/member.php section=pwd': (s) =>
    form('/api/member.php', { section: 'pwd', pwd: 'not-the-password', new_pwd: 'a-new-one' }, s),
  'POST /api/member.php section=email': (s) =>
    form('/api/member.php', { section: 'email', email: 'not an address' }, s),
  'POST /api/member.php section=email_cancel': (s) =>
    form('/api/member.php', { section: 'email_cancel' }, s),
  'POST /api/member.php section=u_ava': (s) =>
    multipart('/api/member.php', { section: 'u_ava' }, [], s),
  'POST /api/member.php section=u_cover': (s) =>
    multipart('/api/member.php', { section: 'u_cover' }, [], s),
  'POST /api/member.php section=del_ava': (s) => form('/api/member.php', { section: 'del_ava' }, s),
  'POST /api/member.php section=del_cover': (s) =>
    form('/api/member.php', { section: 'del_cover' }, s),
  'POST /api/age_verification.php': (s) => multipart('/api/age_verification.php', {}, [], s),
  'GET /api/age_verification.php': (s) => get('/api/age_verification.php', s),
  'GET /api/my_data.php': (s) => get('/api/my_data.php', s),
  // A wrong password: allowed roles get invalid_password, nobody's account goes.
  'POST /api/account_delete.php': (s) =>
    form('/api/account_delete.php', { pwd: 'not-the-password' }, s),
  'GET /api/relation.php': (s) =>
    get(`/api/relation.php?type=member&object_id=${owner().userId}`, s),
  'GET /api/friend_requests.php': (s) => get('/api/friend_requests.php', s),
  'GET /api/messages.php': (s) => get('/api/messages.php', s),
  'POST /api/messages.php section=send': (s) =>
    form('/api/messages.php', { section: 'send', to: owner().userId, message: 'Hello there' }, s),
  'POST /api/messages.php section=read': (s) =>
    form('/api/messages.php', { section: 'read', with: owner().userId }, s),
  'GET /api/my_uploads.php': (s) => get('/api/my_uploads.php', s),
  'GET /api/my_decisions.php': (s) => get('/api/my_decisions.php', s),
  // A statement nobody has: past the gate, the appeal meets `not_found`.
  'POST /api/appeal.php': (s) =>
    form('/api/appeal.php', { statement_id: 999999, text: 'Please look again' }, s),
  // An item nobody has: past the gate, the counter-notice meets `not_found`.
  'POST /api/counter_notice.php': (s) =>
    form(
      '/api/counter_notice.php',
      {
        item_id: 999999,
        name: 'A',
        address: 'B',
        phone: '1',
        mistake: '1',
        consent: '1',
        signature: 'A',
      },
      s,
    ),
  // A video nobody has: past the gate, the late 2257 record meets `not_found`.
  'POST /api/video_edit.php section=records': (s) =>
    form(
      '/api/video_edit.php',
      {
        section: 'records',
        video_id: 999999,
        rules_confirmed: '1',
        record: 'exempt',
        exemption: 'no_real_people',
      },
      s,
    ),
  'POST /api/report.php': (s) =>
    multipart(
      '/api/report.php',
      { subject: 'support', email: 'a@b.example', message: 'Hi' },
      [],
      s,
    ),
};

/**
 * The console's calls (decision 0043), each as it would be made: a staff rule is allowed
 * for the standings holding its `any` permission and refused `no_permission` (signed in) or
 * `need_auth` (visitor) for the others.
 */
const STAFF_REQUESTS: Record<string, Send> = {
  'GET /api/admin/me': (s) => get('/api/admin/me', s),
  'GET /api/admin/review': (s) => get('/api/admin/review', s),
  'GET /api/admin/review/{id}': (s) => get(`/api/admin/review/${videoId}`, s),
  // The video is active, not waiting: allowed roles get not_found with its state.
  'POST /api/admin/review/{id}': (s) =>
    form(`/api/admin/review/${videoId}`, { decision: 'approve' }, s),
  // A video that does not exist: allowed roles get not_found, nothing changes.
  'POST /api/admin/videos/{id}': (s) =>
    form('/api/admin/videos/999999', { title: 'A fixed title', categories: '1' }, s),
  'GET /api/admin/members': (s) => get('/api/admin/members?q=a', s),
  'POST /api/admin/members/{id}/trusted': (s) =>
    form(`/api/admin/members/${owner().userId}/trusted`, { trusted: '0' }, s),
  'GET /api/admin/audit': (s) => get('/api/admin/audit', s),
  'GET /api/admin/reports': (s) => get('/api/admin/reports?state=new', s),
  // No report 999999: allowed roles get not_found, the others their refusal.
  'GET /api/admin/reports/{id}': (s) => get('/api/admin/reports/999999', s),
  'GET /api/admin/reports/{id}/attachment': (s) => get('/api/admin/reports/999999/attachment', s),
  'POST /api/admin/reports/{id}': (s) => form('/api/admin/reports/999999', { act: 'assign' }, s),
  'GET /api/admin/takedowns': (s) => get('/api/admin/takedowns?in_force=1', s),
  // A video that does not exist: allowed roles get not_found, nothing is taken down.
  'POST /api/admin/takedowns': (s) =>
    form('/api/admin/takedowns', { object_type: 'video', object_id: '999999', reason: 'spam' }, s),
  'POST /api/admin/takedowns/{id}/restore': (s) =>
    form('/api/admin/takedowns/999999/restore', {}, s),
  // The member page reads the owner's record; the acts name a member, strike or post that
  // does not exist, so allowed roles get not_found and nobody is banned.
  'GET /api/admin/members/{id}': (s) => get(`/api/admin/members/${owner().userId}`, s),
  'GET /api/admin/members/{id}/uploads': (s) =>
    get(`/api/admin/members/${owner().userId}/uploads`, s),
  'GET /api/admin/members/{id}/comments': (s) =>
    get(`/api/admin/members/${owner().userId}/comments`, s),
  'GET /api/admin/members/{id}/wall_posts': (s) =>
    get(`/api/admin/members/${owner().userId}/wall_posts`, s),
  'GET /api/admin/members/{id}/reports': (s) =>
    get(`/api/admin/members/${owner().userId}/reports`, s),
  'POST /api/admin/members/{id}/ban': (s) =>
    form('/api/admin/members/999999/ban', { reason: 'spam', hide_content: '0' }, s),
  'POST /api/admin/members/{id}/unban': (s) => form('/api/admin/members/999999/unban', {}, s),
  'POST /api/admin/members/{id}/strikes': (s) =>
    form('/api/admin/members/999999/strikes', { reason: 'spam' }, s),
  'POST /api/admin/strikes/{id}/revoke': (s) => form('/api/admin/strikes/999999/revoke', {}, s),
  'POST /api/admin/members/{id}/comments/remove': (s) =>
    form('/api/admin/members/999999/comments/remove', { reason: 'spam' }, s),
  'POST /api/admin/wall_posts/{id}/hide': (s) => form('/api/admin/wall_posts/999999/hide', {}, s),
  'POST /api/admin/wall_posts/{id}/unhide': (s) =>
    form('/api/admin/wall_posts/999999/unhide', {}, s),
  'GET /api/admin/dmca': (s) => get('/api/admin/dmca?state=received', s),
  // Incomplete: allowed roles get the field codes, nothing is recorded.
  'POST /api/admin/dmca': (s) => form('/api/admin/dmca', { claimant_name: 'x' }, s),
  'GET /api/admin/dmca/{id}': (s) => get('/api/admin/dmca/999999', s),
  'POST /api/admin/dmca/{id}/act': (s) => form('/api/admin/dmca/999999/act', {}, s),
  'POST /api/admin/dmca/{id}/reject': (s) =>
    form('/api/admin/dmca/999999/reject', { note: 'x' }, s),
  'POST /api/admin/dmca/items/{id}/lawsuit': (s) =>
    form('/api/admin/dmca/items/999999/lawsuit', {}, s),
  'GET /api/admin/appeals': (s) => get('/api/admin/appeals', s),
  // No appeal 999999: allowed roles get not_found, nothing is decided.
  'POST /api/admin/appeals/{id}': (s) =>
    form('/api/admin/appeals/999999', { decision: 'uphold' }, s),
  'GET /api/admin/age-checks': (s) => get('/api/admin/age-checks', s),
  // No check 999999: allowed roles get not_found, no photo, nothing is decided.
  'GET /api/admin/age-checks/{id}/photo': (s) => get('/api/admin/age-checks/999999/photo', s),
  'POST /api/admin/age-checks/{id}': (s) =>
    form('/api/admin/age-checks/999999', { decision: 'approve' }, s),
  // No record for video 999999: administrators get not_found, everyone else their refusal.
  'GET /api/admin/records/{id}': (s) => get('/api/admin/records/999999', s),
  'GET /api/admin/records/{id}/documents/{document}': (s) =>
    get(`/api/admin/records/999999/documents/${'a'.repeat(32)}`, s),
};

beforeAll(async () => {
  t = await createTestApp();
  for (const actor of ['member', 'owner', 'moderator', 'administrator'] as const) {
    const session = await signInAs(t.app, t.database);
    sessions[actor] = session;
    // Before the session's first request: the viewer is read (and cached) then.
    if (actor === 'moderator' || actor === 'administrator') {
      await t.database.query('UPDATE users SET role = $2 WHERE id = $1', [
        session.userId,
        ROLE_IDS[actor],
      ]);
      // A staff role counts only in a session that passed the second factor (decision 0038):
      // this one is taken to have (the staff sign-in tests walk the code step itself).
      await t.database.query('UPDATE sessions SET second_factor = true WHERE user_id = $1', [
        session.userId,
      ]);
    }
  }
  videoId = (await makeVideo(t.database, owner().userId)).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const entries = Object.entries(ENDPOINT_POLICY) as [string, EndpointRule][];

describe('each entry as each role', () => {
  it('has a way to call every entry that is not public', () => {
    const objects = entries.filter(([, r]) => r.kind === 'object').map(([k]) => k);
    const owns = entries.filter(([, r]) => r.kind === 'own').map(([k]) => k);
    expect(objects.filter((k) => !OBJECT_RUNNERS[k])).toEqual([]);
    expect(owns.filter((k) => !OWN_REQUESTS[k])).toEqual([]);
    const staffOnly = entries.filter(([, r]) => r.kind === 'staff').map(([k]) => k);
    expect(staffOnly.filter((k) => !STAFF_REQUESTS[k])).toEqual([]);
  });

  for (const [key, rule] of entries) {
    if (rule.kind === 'public') continue;
    it(key, async () => {
      const runner = rule.kind === 'object' ? OBJECT_RUNNERS[key] : undefined;
      const own = rule.kind === 'staff' ? STAFF_REQUESTS[key] : OWN_REQUESTS[key];
      let shared: Send | undefined;
      const seen: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const actor of ACTORS) {
        const viewer = viewerOf(actor);
        const session = sessions[actor];
        let res: LightMyRequestResponse;
        let allowed: boolean;
        let passed: (r: LightMyRequestResponse) => boolean;
        if (rule.kind === 'object') {
          if (!runner) throw new Error(`no runner for ${key}`);
          if (runner.shared && !shared) shared = await runner.setup();
          const send = runner.shared && shared ? shared : await runner.setup();
          res = await send(session);
          allowed = can(viewer, rule.action, rule.entity, owner().userId);
          passed = runner.passed ?? ((r) => r.statusCode >= 200 && r.statusCode < 300);
        } else {
          if (!own) throw new Error(`no request for ${key}`);
          res = await own(session);
          allowed =
            rule.kind === 'staff'
              ? accessOf(viewer, rule.action, rule.entity) === 'any'
              : can(viewer, rule.action, rule.entity);
          passed = notRefused(['need_auth', 'no_permission']);
        }
        const refusal =
          rule.kind === 'object'
            ? viewer
              ? rule.refusal
              : rule.visitor
            : rule.kind === 'staff' && viewer
              ? 'no_permission'
              : 'need_auth';
        const code = res.body === '' ? '' : String(res.json<{ code?: string }>().code ?? '');
        seen[actor] = passed(res) ? 'passed' : `${res.statusCode} ${code}`;
        expected[actor] = allowed ? 'passed' : `refused ${refusal}`;
        // A HEAD answer has no body: its status names the refusal.
        const refused =
          res.body === '' ? res.statusCode === statusForCode(refusal) : code === refusal;
        if (!allowed && refused) seen[actor] = `refused ${refusal}`;
      }
      expect(seen).toEqual(expected);
    });
  }
});
