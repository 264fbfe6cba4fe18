import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server in the test process: the app sends through nodemailer over TCP and the
// tests read what arrived, parsed as a mail client would.

export interface TestMailbox {
  url: string;
  messages: ParsedMail[];
  /** The newest mail to `to` that arrives (waits for it), and the first link in its text. */
  next(
    to: string,
    opts?: { after?: number; timeoutMs?: number },
  ): Promise<{ mail: ParsedMail; link: string }>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<TestMailbox> {
  const messages: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  const recipients = (mail: ParsedMail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
      a.value.map((v) => v.address?.toLowerCase()),
    );

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(to, opts = {}) {
      const after = opts.after ?? 0;
      const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
      for (;;) {
        const mail = messages
          .slice(after)
          .reverse()
          .find((m) => recipients(m).includes(to.toLowerCase()));
        if (mail) {
          const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
          return { mail, link };
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
