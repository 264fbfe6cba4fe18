import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

// Outgoing mail (confirmation and password-reset links, reports to the operator). With
// SMTP_URL it goes to that server; without one (the embedded default) each message is
// written to DATA_DIR/outbox as an .eml file and its link is logged, so an operator trying
// the site can still follow it.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about: logged by the outbox so nobody has to open the file. */
  link?: string;
  /** Where answers go (a report's sender), when not to the site's own address. */
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** nodemailer's message: the same in both transports. */
const envelope = (from: string, message: MailMessage) => ({
  from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  ...(message.attachments ? { attachments: message.attachments } : {}),
});

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Pick<Logger, 'info'>;
}): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(envelope(opts.from, message));
      },
      close: () => transport.close(),
    };
  }
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(opts.from, message));
      await mkdir(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${++sequence}.eml`;
      const file = path.join(opts.outboxDir, name);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.logger.info(
        { to: message.to, subject: message.subject, link: message.link, file },
        'mail written to the outbox (set SMTP_URL to send it)',
      );
    },
    close: () => transport.close(),
  };
}
