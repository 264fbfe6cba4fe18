import { AppError } from '../../contracts/errors.ts';
import { checkEmailChange, EMAIL_CHANGE_TTL_HOURS } from '../../contracts/profile.rules.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { CounterRepository } from '../kernel/db/counter.repository.ts';
import type { Mailer } from '../kernel/mail/mailer.ts';
import { verifyPassword } from '../kernel/passwords.ts';
import { MAILED_TOKEN, newToken, tokenHash } from './account.service.ts';
import { accountMail, maskEmail } from './account-mail.ts';
import type { EmailChangeOutcome, EmailChangeRepository } from './email-change.repository.ts';

// The member changes their email address (decision 0034): with the current password they
// ask for a new one; a link goes to the new address and a notice to the old one; the
// address changes only when the link is opened, once, within 24 hours. Until then
// everything (sign-in, reset mails) keeps using the old address.

export const EMAIL_CHANGE_LIMITS = {
  ttlS: EMAIL_CHANGE_TTL_HOURS * 3600,
  /** Change mails per member and hour: nobody's mailbox is flooded through this form. */
  mailsPerHour: 3,
} as const;

export interface EmailChangeDeps {
  changes: EmailChangeRepository;
  counters: Pick<CounterRepository, 'hit'>;
  mailer: Mailer;
  site: { name: string; url: string };
  /** The address changed: cached things about the member are read again. */
  changed(userId: number): void;
}

export function createEmailChangeService(deps: EmailChangeDeps) {
  const { changes } = deps;

  return {
    /** `section=email`: checks the password and the address, then mails the link. */
    async request(viewer: Viewer, input: { email: string; pwd: string }): Promise<void> {
      const local = checkEmailChange(input);
      if (local.length > 0) throw AppError.form(local);
      const email = input.email.trim();
      const account = await changes.account(viewer.userId);
      if (!account) throw new AppError('need_auth');
      // The password first: without it nobody learns which addresses have accounts here.
      if (!(await verifyPassword(account.passwordHash, input.pwd))) {
        throw AppError.form([{ field: 'pwd', code: 'invalid_password' }]);
      }
      if (
        email.toLowerCase() === account.email.toLowerCase() ||
        (await changes.emailTaken(email, viewer.userId))
      ) {
        throw AppError.form([{ field: 'email', code: 'email_occupied' }]);
      }
      const sent = await deps.counters.hit(`email-change:${viewer.userId}`, 3_600_000);
      if (sent.hits > EMAIL_CHANGE_LIMITS.mailsPerHour) {
        throw AppError.form([{ field: 'email', code: 'too_many_attempts' }]);
      }
      const token = newToken();
      await changes.request(viewer.userId, email, tokenHash(token), EMAIL_CHANGE_LIMITS.ttlS);
      const mail = {
        lang: account.lang,
        username: account.username,
        site: deps.site.name,
        hours: EMAIL_CHANGE_TTL_HOURS,
      };
      await deps.mailer.send(
        accountMail({
          ...mail,
          kind: 'emailConfirm',
          to: email,
          email,
          link: `${deps.site.url}/api/confirm_email.php?token=${token}`,
        }),
      );
      // The old address hears of it first-hand, so a taken session cannot move the account
      // away silently; its way out is the reset, which ends the change (account.repository).
      await deps.mailer.send(
        accountMail({
          ...mail,
          kind: 'emailNotice',
          to: account.email,
          email: maskEmail(email),
          link: `${deps.site.url}/restore-password/`,
        }),
      );
    },

    /** `section=email_cancel`: the pending change and its link go. */
    cancel: (viewer: Viewer) => changes.cancel(viewer.userId),

    pending: (userId: number) => changes.pending(userId),

    /** The link of the mail to the new address. */
    async confirm(token: string): Promise<EmailChangeOutcome> {
      if (!MAILED_TOKEN.test(token)) return { outcome: 'expired' };
      const result = await changes.redeem(tokenHash(token));
      if (result.outcome === 'changed') deps.changed(result.userId);
      return result;
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
