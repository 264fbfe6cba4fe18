import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadRecordsKeyring,
  makeKeyring,
  openJson,
  parseRecordsKey,
  RECORDS_KEY_FILE,
  RecordsSealError,
  sealJson,
} from './records-crypto.ts';

const key = (id: string) => ({ id, key: randomBytes(32) });
const declaration = { performers: [{ legal_name: 'Jane Example', birth_date: '1990-04-01' }] };

function sealError(run: () => unknown): RecordsSealError {
  try {
    run();
  } catch (error) {
    if (error instanceof RecordsSealError) return error;
    throw error;
  }
  throw new Error('it opened');
}

describe('sealing a 2257 record', () => {
  it('opens what it sealed, and the stored text holds none of it in the clear', () => {
    const ring = makeKeyring(key('k1'));
    const { keyId, sealed } = sealJson(ring, declaration, 'record:7');
    expect(keyId).toBe('k1');
    expect(sealed).not.toContain('Jane');
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('Jane');
    expect(openJson(ring, keyId, sealed, 'record:7')).toEqual(declaration);
  });

  it('seals the same record differently each time (a fresh nonce)', () => {
    const ring = makeKeyring(key('k1'));
    expect(sealJson(ring, declaration, 'a').sealed).not.toBe(
      sealJson(ring, declaration, 'a').sealed,
    );
  });

  it('refuses a ciphertext changed by one bit', () => {
    const ring = makeKeyring(key('k1'));
    const { keyId, sealed } = sealJson(ring, declaration, 'record:7');
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 3] = (bytes[bytes.length - 3] ?? 0) ^ 1;
    const error = sealError(() => openJson(ring, keyId, bytes.toString('base64'), 'record:7'));
    expect(error.reason).toBe('tampered');
  });

  it('refuses a record moved to another video (the additional data differs)', () => {
    const ring = makeKeyring(key('k1'));
    const { keyId, sealed } = sealJson(ring, declaration, 'record:7');
    expect(sealError(() => openJson(ring, keyId, sealed, 'record:8')).reason).toBe('tampered');
  });

  it('refuses a key id it does not hold, and a wrong key under a known id', () => {
    const ring = makeKeyring(key('k1'));
    const { sealed } = sealJson(ring, declaration, 'r');
    expect(sealError(() => openJson(ring, 'k9', sealed, 'r')).reason).toBe('unknown_key');
    const impostor = makeKeyring(key('k1'));
    expect(sealError(() => openJson(impostor, 'k1', sealed, 'r')).reason).toBe('tampered');
  });

  it('keeps reading records of an old key after a rotation, sealing new ones with the new', () => {
    const first = key('2024');
    const before = sealJson(makeKeyring(first), declaration, 'r');
    const rotated = makeKeyring(key('2025'), [first]);
    expect(openJson(rotated, before.keyId, before.sealed, 'r')).toEqual(declaration);
    expect(sealJson(rotated, declaration, 'r').keyId).toBe('2025');
  });
});

describe('the records key', () => {
  it('takes id:base64 of 32 bytes only', () => {
    const raw = randomBytes(32).toString('base64');
    expect(parseRecordsKey(`main-1:${raw}`).id).toBe('main-1');
    expect(() => parseRecordsKey(raw)).toThrow(/id:base64/);
    expect(() => parseRecordsKey(`k:${randomBytes(16).toString('base64')}`)).toThrow(/32 bytes/);
    expect(() => parseRecordsKey(`bad id:${raw}`)).toThrow(/id:base64/);
  });

  it('is made once in the data folder when none is configured, with a warning in production', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'records-key-'));
    try {
      const warnings: string[] = [];
      const opts = { configured: undefined, old: [], dataDir: dir, production: true };
      const first = loadRecordsKeyring({ ...opts, warn: (m) => warnings.push(m) });
      const again = loadRecordsKeyring({ ...opts, warn: (m) => warnings.push(m) });
      expect(again.current.id).toBe(first.current.id);
      expect(again.current.key.equals(first.current.key)).toBe(true);
      expect(await readFile(path.join(dir, RECORDS_KEY_FILE), 'utf8')).toContain(first.current.id);
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toMatch(/RECORDS_KEY/);
      const configured = parseRecordsKey(`conf:${randomBytes(32).toString('base64')}`);
      const quiet: string[] = [];
      const ring = loadRecordsKeyring({ ...opts, configured, warn: (m) => quiet.push(m) });
      expect(ring.current.id).toBe('conf');
      expect(quiet).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
