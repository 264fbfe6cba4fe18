import { AppError, type ErrorCode } from '../../../contracts/errors.ts';
import type { Role } from './roles.ts';
import type { Viewer } from './viewer.ts';

// The one access policy (issue 15, docs/decisions/0039): "may this viewer do this action to
// this object". A permission is `action:entity:access`, access `own` (objects the viewer
// owns, or makes for themselves) or `any` (anyone's), as in the Epic Stack's permissions
// decision and Immich's `requireAccess`. Services ask it before they call a repository;
// repositories take the answer as an explicit filter (an owner id) and never decide.

export const ACTIONS = [
  'create',
  'read',
  'update',
  'delete',
  /** Comments: take one out of public view without deleting it. */
  'hide',
  /** Videos, albums, members: stop serving one (status 0) without deleting it. */
  'disable',
  /** The review queue: look at and pass what waits there. */
  'review',
  /** Videos: go live without waiting in the review queue. */
  'publish',
] as const;
export type Action = (typeof ACTIONS)[number];

export const ENTITIES = [
  'video',
  /** A file in flight (tus) before it becomes a video: personal, there is no `any`. */
  'upload',
  'album',
  'playlist',
  /** Comments on any object and posts on a member's wall. */
  'comment',
  /** Favourites, watch later, subscriptions and friends: a member's own lists. */
  'list',
  /** A member's own profile, password, avatar, cover, email and age verification. */
  'profile',
  /** Private conversations: personal, there is no `any`. */
  'message',
  /** Votes and counted views: anyone's, one per voter. */
  'vote',
  /** The contact form and reports of objects. */
  'report',
  /** Other members' accounts, as staff see them (roles, trusted uploader, bans). */
  'member',
  /** The audit log of staff acts (decision 0043): read by staff, written by no one by hand. */
  'audit',
  /**
   * 2257 records (decision 0055): filed with an upload, read back only by administrators
   * (`read:record:any`, in no other role; not even by the uploader: there is no `own`).
   */
  'record',
] as const;
export type Entity = (typeof ENTITIES)[number];

export type Access = 'own' | 'any';
export type Permission = `${Action}:${Entity}:${Access}`;

/**
 * Every permission that exists. Administrators hold all of them, so a permission that must
 * never be granted to anyone (another member's upload, another member's messages) is simply
 * not in this list.
 */
export const PERMISSIONS = [
  'create:vote:own',
  'create:report:own',

  'create:video:own',
  'read:video:own',
  'update:video:own',
  'delete:video:own',
  'read:video:any',
  'update:video:any',
  'delete:video:any',
  'disable:video:any',
  'review:video:any',
  'publish:video:own',

  'create:upload:own',
  'update:upload:own',
  'delete:upload:own',

  'create:album:own',
  'read:album:own',
  'update:album:own',
  'delete:album:own',
  'read:album:any',
  'update:album:any',
  'delete:album:any',
  'disable:album:any',

  'create:playlist:own',
  'read:playlist:own',
  'update:playlist:own',
  'delete:playlist:own',
  'read:playlist:any',
  'update:playlist:any',
  'delete:playlist:any',
  'disable:playlist:any',

  'create:comment:own',
  'hide:comment:any',
  'delete:comment:any',

  'read:list:own',
  'update:list:own',
  'read:profile:own',
  'update:profile:own',
  /** Deleting one's own account (GDPR, decision 0057). */
  'delete:profile:own',
  'create:message:own',
  'read:message:own',

  'read:report:any',
  'update:report:any',
  'read:audit:any',
  'read:member:any',
  'update:member:any',
  'disable:member:any',
  /** The UK age checks waiting for a moderator (decision 0054): see the photo, decide. */
  'review:member:any',
  'read:record:any',
] as const satisfies readonly Permission[];

export type GrantedPermission = (typeof PERMISSIONS)[number];

/** Who asks: a visitor, or a signed-in account's role. */
export type Standing = 'visitor' | Role;

const VISITOR: readonly GrantedPermission[] = ['create:vote:own', 'create:report:own'];

/** A member may do to their own objects whatever exists for them (`publish` is earned). */
const MEMBER: readonly GrantedPermission[] = [
  ...VISITOR,
  ...PERMISSIONS.filter(
    (p) => p.endsWith(':own') && !VISITOR.includes(p) && p !== 'publish:video:own',
  ),
];

/** Moderators: a member's rights plus `any` for moderation and for reviewing private objects. */
const MODERATOR: readonly GrantedPermission[] = [
  ...MEMBER,
  'publish:video:own',
  'read:video:any',
  // Fixing an upload's title, description, categories and tags in the review console.
  'update:video:any',
  'disable:video:any',
  'review:video:any',
  'read:album:any',
  'disable:album:any',
  'read:playlist:any',
  'disable:playlist:any',
  'hide:comment:any',
  'delete:comment:any',
  'read:report:any',
  'update:report:any',
  'read:audit:any',
  'read:member:any',
  // Bans and strikes are moderation; roles, trusted uploaders and settings stay with
  // administrators (`update:member:any`).
  'disable:member:any',
  'review:member:any',
];

export const ROLE_PERMISSIONS: Readonly<Record<Standing, ReadonlySet<GrantedPermission>>> = {
  visitor: new Set(VISITOR),
  member: new Set(MEMBER),
  moderator: new Set(MODERATOR),
  administrator: new Set(PERMISSIONS),
};

export function standingOf(viewer: Viewer | null): Standing {
  return viewer === null ? 'visitor' : viewer.role;
}

/** What the viewer holds: their role's permissions; a trusted uploader also publishes. */
export function permissionsOf(viewer: Viewer | null): ReadonlySet<string> {
  const base = ROLE_PERMISSIONS[standingOf(viewer)];
  if (viewer?.trustedUploader && !base.has('publish:video:own')) {
    return new Set([...base, 'publish:video:own']);
  }
  return base;
}

/**
 * The access the viewer has for `action` on `entity`: `any` when their role reaches every
 * owner's objects, `own` when only theirs and `ownerId` is theirs (or nobody owns it yet:
 * something they make), `null` when refused.
 */
export function accessOf(
  viewer: Viewer | null,
  action: Action,
  entity: Entity,
  ownerId?: number,
): Access | null {
  const held = permissionsOf(viewer);
  if (held.has(`${action}:${entity}:any`)) return 'any';
  if (!held.has(`${action}:${entity}:own`)) return null;
  if (ownerId === undefined) return 'own';
  return viewer !== null && viewer.userId === ownerId ? 'own' : null;
}

/** May this viewer do `action` to the `entity` owned by `ownerId` (or a new one: no owner). */
export function can(
  viewer: Viewer | null,
  action: Action,
  entity: Entity,
  ownerId?: number,
): boolean {
  return accessOf(viewer, action, entity, ownerId) !== null;
}

/** The refusals the policy answers with (SPEC.md §8). */
export type Refusal = Extract<ErrorCode, 'need_auth' | 'no_permission' | 'not_found'>;

export interface RequireOptions {
  ownerId?: number;
  /**
   * The answer to a signed-in viewer who may not: `no_permission` (403), or `not_found` where
   * the object's existence is not theirs to learn (decision 0039).
   */
  refusal?: Refusal | 'playlist_is_private';
  /** The answer to a visitor: `need_auth` (401) unless the object answers them otherwise. */
  visitor?: Refusal | 'playlist_is_private';
  /** The `field` of the failure, as the endpoint always named it. */
  field?: string;
}

/**
 * `accessOf` that refuses with the SPEC.md §8 failure: what a service calls before it asks a
 * repository. The access granted tells the service which owner filter to pass on.
 */
export function requireAccess(
  viewer: Viewer | null,
  action: Action,
  entity: Entity,
  opts: RequireOptions = {},
): Access {
  const granted = accessOf(viewer, action, entity, opts.ownerId);
  if (granted !== null) return granted;
  const code = viewer === null ? (opts.visitor ?? 'need_auth') : (opts.refusal ?? 'no_permission');
  throw new AppError(code, opts.field === undefined ? {} : { field: opts.field });
}

/**
 * Which owner's rows a repository may change, as the policy allowed: the viewer's own
 * (`own`), or anyone's (`any`: no filter). Repositories apply it; they never decide it.
 */
export interface OwnerFilter {
  ownerId: number | undefined;
}

export function ownerFilter(viewer: Viewer, access: Access): OwnerFilter {
  return { ownerId: access === 'own' ? viewer.userId : undefined };
}

/**
 * For the console's calls (decision 0043): the viewer must hold `action:entity:any`. A
 * visitor gets `need_auth`, a member or a moderator without it `no_permission`.
 */
export function requireStaff(viewer: Viewer | null, action: Action, entity: Entity): Viewer {
  if (viewer === null) throw new AppError('need_auth');
  if (accessOf(viewer, action, entity) !== 'any') throw new AppError('no_permission');
  return viewer;
}

/** Narrows the viewer to signed in; services say what for through `requireViewer`. */
function requireMember(viewer: Viewer | null): Viewer {
  if (viewer === null) throw new AppError('need_auth');
  return viewer;
}

/**
 * `requireAccess` for what only a signed-in viewer does (their lists, messages, uploads):
 * the same refusals, and the viewer narrowed to signed in. Not for what visitors may do
 * (vote, report): a visitor is refused here whatever the table says.
 */
export function requireViewer(
  viewer: Viewer | null,
  action: Action,
  entity: Entity,
  opts: RequireOptions = {},
): Viewer {
  requireAccess(viewer, action, entity, opts);
  return requireMember(viewer);
}
