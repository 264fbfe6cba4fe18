import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { clientAddressOf } from '../kernel/http/client-address.ts';
import { type CountryDb, openCountryDb } from './country-db.ts';
import { createVisitorCountries } from './visitor-country.ts';

// Where a visitor is (decision 0053): the header wins, else the address; what neither names
// is unknown, which gets the general gate unless the operator lets it through.

function request(headers: Record<string, string>, peer = '127.0.0.1'): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: peer });
  return { headers, socket } as unknown as IncomingMessage;
}

/** A country database that knows two addresses and counts its lookups. */
function fakeDb(): CountryDb & { lookups: number } {
  const known: Record<string, string> = { '203.0.113.7': 'gb', '198.51.100.9': 'de' };
  return {
    builtAt: new Date(),
    lookups: 0,
    lookup(address) {
      this.lookups++;
      return known[address] ?? '';
    },
  };
}

describe('createVisitorCountries', () => {
  const address = clientAddressOf(true);

  it('reads the address when no header is configured, once per request', () => {
    const db = fakeDb();
    const countries = createVisitorCountries({
      header: undefined,
      db,
      address,
      unknown: 'general',
    });
    const req = request({ 'x-forwarded-for': '203.0.113.7' });
    expect(countries.of(req)).toEqual({ codes: ['gb'], unknown: false });
    expect(countries.fromUk(req)).toBe(true);
    expect(db.lookups).toBe(1);
    expect(countries.byAddress).toBe(true);
    expect(countries.of(request({ 'x-forwarded-for': '198.51.100.9' }))).toEqual({
      codes: ['de'],
      unknown: false,
    });
  });

  it('lets a configured header win, and never looks the address up then', () => {
    const db = fakeDb();
    const countries = createVisitorCountries({
      header: 'cf-ipcountry',
      db,
      address,
      unknown: 'general',
    });
    const req = request({ 'cf-ipcountry': 'FR', 'x-forwarded-for': '203.0.113.7' });
    expect(countries.of(req)).toEqual({ codes: ['fr'], unknown: false });
    expect(countries.fromUk(req)).toBe(false);
    expect(countries.of(request({}))).toEqual({ codes: [], unknown: true });
    expect(db.lookups).toBe(0);
    expect(countries.byAddress).toBe(false);
  });

  it('fails closed for an address the database does not know, or without a database', () => {
    const unknown = { codes: [], unknown: true };
    const withDb = createVisitorCountries({
      header: undefined,
      db: fakeDb(),
      address,
      unknown: 'general',
    });
    expect(withDb.of(request({ 'x-forwarded-for': '10.0.0.1' }))).toEqual(unknown);
    expect(withDb.of(request({}))).toEqual(unknown);
    const without = createVisitorCountries({
      header: undefined,
      db: undefined,
      address,
      unknown: 'general',
    });
    expect(without.of(request({ 'x-forwarded-for': '203.0.113.7' }))).toEqual(unknown);
  });

  it('lets the unknown through when told to, but not a list that names the UK', () => {
    const open = createVisitorCountries({
      header: undefined,
      db: fakeDb(),
      address,
      unknown: 'none',
    });
    expect(open.of(request({ 'x-forwarded-for': '10.0.0.1' }))).toEqual({
      codes: [],
      unknown: false,
    });
    const byHeader = createVisitorCountries({
      header: 'x-country',
      db: undefined,
      address,
      unknown: 'none',
    });
    expect(byHeader.of(request({ 'x-country': 'fr, gb' }))).toEqual({
      codes: ['fr', 'gb'],
      unknown: false,
    });
    expect(byHeader.fromUk(request({ 'x-country': 'fr, gb' }))).toBe(true);
  });
});

describe('clientAddressOf', () => {
  it('takes X-Forwarded-For only behind a trusted proxy, as Fastify does', () => {
    const req = request({ 'x-forwarded-for': '203.0.113.7, 198.51.100.9' }, '127.0.0.1');
    expect(clientAddressOf(true)(req)).toBe('203.0.113.7');
    expect(clientAddressOf(false)(req)).toBe('127.0.0.1');
    expect(clientAddressOf(true)(request({}, '192.0.2.1'))).toBe('192.0.2.1');
  });
});

describe('openCountryDb', () => {
  /** A logger that keeps its lines. */
  const recorder = () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    return { lines, logger: pino({ level: 'info' }, sink) };
  };

  it('warns and gives no database when the file is missing or not a database', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'country-db-'));
    try {
      const junk = path.join(dir, 'junk.mmdb');
      await writeFile(junk, 'not a MaxMind database at all');
      for (const file of [path.join(dir, 'missing.mmdb'), junk]) {
        const log = recorder();
        expect(await openCountryDb(file, { logger: log.logger, maxAgeDays: 30 })).toBe(undefined);
        expect(log.lines.join()).toContain('country database unreadable');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says when the packaged database is out of date', async () => {
    const file = loadConfig({ NODE_ENV: 'test' }).countryDb;
    const fresh = recorder();
    const db = await openCountryDb(file, { logger: fresh.logger, maxAgeDays: 36_500 });
    expect(db?.builtAt).toBeInstanceOf(Date);
    expect(fresh.lines.join()).toContain('country database loaded');
    expect(fresh.lines.join()).not.toContain('out of date');
    const later = new Date((db?.builtAt.getTime() ?? 0) + 40 * 86_400_000);
    const stale = recorder();
    await openCountryDb(file, { logger: stale.logger, maxAgeDays: 30, now: later });
    expect(stale.lines.join()).toContain('out of date');
  });
});
