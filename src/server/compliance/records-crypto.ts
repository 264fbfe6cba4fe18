import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

// The 2257 records at rest (decision 0055): AES-256-GCM under a key from the configuration
// (RECORDS_KEY, `id:base64`), each sealed value bound to what it belongs to (its video, its
// file id) through the additional data, so a ciphertext moved to another row does not open.
// The key id is stored with each record: RECORDS_OLD_KEYS keeps earlier keys readable after
// a rotation while new records are sealed under the current one.

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
/** The key a machine without RECORDS_KEY makes for itself, beside its other data. */
export const RECORDS_KEY_FILE = 'records-key';

export interface RecordsKey {
  id: string;
  key: Buffer;
}

export interface RecordsKeyring {
  /** What new records are sealed under. */
  current: RecordsKey;
  /** Every key that opens records, the current one included. */
  keys: ReadonlyMap<string, Buffer>;
}

/** A sealed value that does not open: unknown key, wrong key, or changed bytes. */
export class RecordsSealError extends Error {
  readonly reason: 'unknown_key' | 'tampered';
  constructor(reason: 'unknown_key' | 'tampered', message: string) {
    super(message);
    this.reason = reason;
  }
}

/** `id:base64` of 32 bytes; throws a message for the configuration error. */
export function parseRecordsKey(raw: string): RecordsKey {
  const at = raw.indexOf(':');
  const id = raw.slice(0, at);
  if (at < 1 || !KEY_ID.test(id)) {
    throw new Error('must be id:base64 (id of letters, digits, _ or -, up to 32)');
  }
  const key = Buffer.from(raw.slice(at + 1), 'base64');
  if (key.length !== 32) throw new Error('the key must be 32 bytes, base64-encoded');
  return { id, key };
}

export function makeKeyring(current: RecordsKey, old: readonly RecordsKey[] = []): RecordsKeyring {
  const keys = new Map<string, Buffer>();
  for (const k of old) keys.set(k.id, k.key);
  keys.set(current.id, current.key);
  return { current, keys };
}

/**
 * The records keyring: the configured key, or (none configured) the one kept in
 * DATA_DIR/records-key, made on first start. `warn` is told when the machine's own key is
 * used in production: such records are only as safe as the data directory.
 */
export function loadRecordsKeyring(opts: {
  /** RECORDS_KEY and RECORDS_OLD_KEYS, parsed by the configuration. */
  configured: RecordsKey | undefined;
  old: readonly RecordsKey[];
  dataDir: string;
  production: boolean;
  warn(message: string): void;
}): RecordsKeyring {
  const { old } = opts;
  if (opts.configured) return makeKeyring(opts.configured, old);
  const file = path.join(opts.dataDir, RECORDS_KEY_FILE);
  let current: RecordsKey | undefined;
  try {
    current = parseRecordsKey(readFileSync(file, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (!current) {
    const made = { id: `local-${randomBytes(4).toString('hex')}`, key: randomBytes(32) };
    mkdirSync(opts.dataDir, { recursive: true });
    try {
      writeFileSync(file, `${made.id}:${made.key.toString('base64')}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
      current = made;
    } catch (error) {
      // Another process of the same site made it first: theirs is the key.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      current = parseRecordsKey(readFileSync(file, 'utf8').trim());
    }
  }
  if (opts.production) {
    opts.warn(
      `2257 records are encrypted with the key kept in ${file}: set RECORDS_KEY (and back it up apart from the data) in production`,
    );
  }
  return makeKeyring(current, old);
}

/** The site's keyring as its configuration says: what the server and the demo seed use. */
export function recordsKeyringFor(
  config: Pick<Config, 'records' | 'dataDir' | 'env'>,
  warn: (message: string) => void,
): RecordsKeyring {
  return loadRecordsKeyring({
    configured: config.records.key,
    old: config.records.oldKeys,
    dataDir: config.dataDir,
    production: config.env === 'production',
    warn,
  });
}

/** Seals bytes under the current key: version, nonce, tag, ciphertext. */
export function sealBytes(keyring: RecordsKeyring, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

/** Opens what `sealBytes` made under the key `keyId`; a RecordsSealError when it does not. */
export function openBytes(
  keyring: RecordsKeyring,
  keyId: string,
  sealed: Buffer,
  aad: string,
): Buffer {
  const key = keyring.keys.get(keyId);
  if (!key) throw new RecordsSealError('unknown_key', `no records key "${keyId}" is configured`);
  if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) {
    throw new RecordsSealError('tampered', 'not a sealed record');
  }
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new RecordsSealError('tampered', 'the sealed record does not open with its key');
  }
}

/** A JSON value sealed as base64 text (performer_records.sealed), with the key's id. */
export function sealJson(
  keyring: RecordsKeyring,
  value: unknown,
  aad: string,
): { keyId: string; sealed: string } {
  const plain = Buffer.from(JSON.stringify(value), 'utf8');
  return {
    keyId: keyring.current.id,
    sealed: sealBytes(keyring, plain, aad).toString('base64'),
  };
}

export function openJson(
  keyring: RecordsKeyring,
  keyId: string,
  sealed: string,
  aad: string,
): unknown {
  const plain = openBytes(keyring, keyId, Buffer.from(sealed, 'base64'), aad);
  return JSON.parse(plain.toString('utf8'));
}
