import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect } from 'vitest';

// The mail a site without SMTP_URL writes to DATA_DIR/outbox (the embedded default), read as
// a mail client would.

/** The newest mail to `to` in the outbox (waits for it) and the first link in its text. */
export async function mailTo(
  dataDir: string,
  to: string,
  opts: { subject?: RegExp } = {},
): Promise<{ subject: string; link: string }> {
  const dir = path.join(dataDir, 'outbox');
  let found: { subject: string; link: string } | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
        for (const name of names) {
          const mail = await simpleParser(await readFile(path.join(dir, name)));
          const rcpt = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
          const addresses = rcpt.flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
          if (!addresses.includes(to.toLowerCase())) continue;
          if (opts.subject && !opts.subject.test(mail.subject ?? '')) continue;
          found = {
            subject: mail.subject ?? '',
            link: /https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '',
          };
          return true;
        }
        return false;
      },
      { timeout: 10_000, interval: 200 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}
