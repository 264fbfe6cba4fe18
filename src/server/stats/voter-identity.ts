import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Viewer } from '../kernel/access/viewer.ts';

// Who casts a vote or watches a video. A member is their id; a visitor is a keyed hash of
// their address, so the database never holds an address and a leaked votes table cannot be
// joined back to one. An IPv6 visitor is their /64: one line or device usually owns a whole
// /64 and rotates addresses inside it (privacy extensions), which would otherwise buy a
// fresh vote per address.

export interface Voter {
  /** Member id, or 0 for a visitor. */
  userId: number;
  /** Hex HMAC-SHA256 of the visitor's address key; '' for a member. */
  voterHash: string;
}

/** The part of a client address that names one visitor: IPv4 as is, IPv6 its /64. */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  // An IPv4-mapped address (::ffff:a.b.c.d) is the IPv4 client behind a dual-stack socket.
  if (groups.slice(0, 6).join(',') === '0,0,0,0,0,65535') {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a = 0, b = 0, c = 0, d = 0] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((group) => Number.parseInt(group, 16));
}

/** Keyed hash of a visitor's address; `secret` is the app secret (src/server/secret.ts). */
export function voterHash(ip: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`voter:${addressKey(ip)}`)
    .digest('hex');
}

export function voterFor(viewer: Viewer | null, ip: string, secret: string): Voter {
  return viewer
    ? { userId: viewer.userId, voterHash: '' }
    : { userId: 0, voterHash: voterHash(ip, secret) };
}
