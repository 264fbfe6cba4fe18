import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

// The 2257 records settings (decision 0055): a malformed key stops the start with the reason,
// and the custodian on /information/2257/ is the operator's or says it is the demo's.

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/afterglow-config-test' };

describe('records settings', () => {
  it('refuses a records key that is not id:base64 of 32 bytes, naming the variable', () => {
    expect(() => loadConfig({ ...base, RECORDS_KEY: randomBytes(32).toString('base64') })).toThrow(
      /RECORDS_KEY: must be id:base64/,
    );
    expect(() =>
      loadConfig({ ...base, RECORDS_OLD_KEYS: `old:${randomBytes(8).toString('base64')}` }),
    ).toThrow(/RECORDS_OLD_KEYS.*32 bytes/);
    const bytes = randomBytes(32);
    const key = `k2026:${bytes.toString('base64')}`;
    const config = loadConfig({ ...base, RECORDS_KEY: key, RECORDS_OLD_KEYS: ` ${key} ,` });
    // Parsed once, here: the keyring is handed the key itself.
    const parsed = { id: 'k2026', key: bytes };
    expect(config.records).toMatchObject({ key: parsed, oldKeys: [parsed] });
    expect(config.records.dir).toBe('/tmp/afterglow-config-test/records');
  });

  it('refuses a records folder inside the media folder, as the age check photos', () => {
    expect(() =>
      loadConfig({ ...base, RECORDS_DIR: '/tmp/afterglow-config-test/media/records' }),
    ).toThrow(/RECORDS_DIR: must not be in MEDIA_DIR/);
    expect(() => loadConfig({ ...base, MEDIA_DIR: '/srv/site', RECORDS_DIR: '/srv/site' })).toThrow(
      /RECORDS_DIR/,
    );
    expect(
      loadConfig({ ...base, MEDIA_DIR: '/srv/site/media', RECORDS_DIR: '/srv/site/records' })
        .records.dir,
    ).toBe('/srv/site/records');
  });

  it('names the configured custodian, else demo values marked as such', () => {
    expect(loadConfig(base).records.custodian).toMatchObject({
      name: 'Custodian of Records (demo value)',
      demo: true,
    });
    const custodian = loadConfig({
      ...base,
      RECORDS_CUSTODIAN_NAME: 'R. Keeper, Custodian of Records',
      RECORDS_CUSTODIAN_ADDRESS: '1 Main Street; Springfield, ST 12345; USA',
      CONTACT_EMAIL: 'legal@site.example',
    }).records.custodian;
    expect(custodian).toEqual({
      name: 'R. Keeper, Custodian of Records',
      address: ['1 Main Street', 'Springfield, ST 12345', 'USA'],
      email: 'legal@site.example',
      demo: false,
    });
  });
});
