import { isEmail } from '../../contracts/auth.rules.ts';
import type {
  CounterNoticeAnswer,
  DmcaActAnswer,
  DmcaItem,
  DmcaNotice,
  DmcaNoticesPage,
  DmcaRecordAnswer,
} from '../../contracts/dmca.schema.ts';
import { DMCA_LIMITS, type DmcaNoticeState, isWebUrl, videoIdOfUrl } from '../../contracts/dmca.ts';
import { AppError, type ErrorCode } from '../../contracts/errors.ts';
import { isoTime } from '../../contracts/format.ts';
import { CONSOLE_PAGE_SIZE, consolePages } from '../../contracts/moderation.ts';
import { requireStaff, requireViewer } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import { type Actor, SYSTEM_ACTOR } from '../kernel/audit/audit-entry.ts';
import type { JobQueue } from '../kernel/jobs/queue.ts';
import { paragraphsHtml } from '../kernel/mail/mail-html.ts';
import type { MailMessage } from '../kernel/mail/mailer.ts';
import type { DmcaRepository, ItemRow } from './dmca.repository.ts';
import { type StrikeOutcome, type StrikePolicy, strikeAndMaybeBan } from './people-strikes.ts';
import { videoState } from './review.service.ts';
import type { RejectionNotice } from './statement-mail.ts';
import { struckByNotice } from './strikes.repository.ts';
import type { TakedownRepository } from './takedown.repository.ts';

// DMCA notices (17 U.S.C. §512, decision 0049). Staff record a notice (from the contact form
// or typed in), then act on it: every named video is taken down for `copyright` through the
// takedown repository, its uploader gets one strike (in the takedown's transaction) and a
// statement saying how to counter. The uploader's counter-notice starts the waiting period;
// when it is over the `dmca.restore` job puts the video back and takes the strike back,
// unless staff recorded that the claimant went to court.

type FieldCode = { field: string; code: ErrorCode };

export interface DmcaDeps {
  dmca: DmcaRepository;
  takedowns: TakedownRepository;
  /** The site's address: the URLs of a notice must name its video pages. */
  siteUrl: string;
  /** Business days between a counter-notice and the restore (§512(g)(2)(C): 10 to 14). */
  restoreBusinessDays: number;
  /** Forget every cached answer and media decision that may show (or hide) the video. */
  gone(videoId: number, userId: number): void;
  /** STRIKES_TO_BAN and what a strikes-made ban hides. */
  strikePolicy: StrikePolicy;
  /** After a takedown's strike committed: the member told, and signed out if it banned. */
  struck(
    userId: number,
    done: Pick<StrikeOutcome, 'statementId' | 'inForce' | 'ban'>,
    form: { reason: string; note: string; dmca?: boolean },
  ): Promise<void>;
  tellMember(notice: RejectionNotice): Promise<void>;
  /** Mail to the claimant (copies of counter-notices, restores); failures are logged. */
  mailClaimant(message: MailMessage): Promise<void>;
  /** Where the counter-notice schedules its restore; the daily sweep catches it otherwise. */
  jobs?: Pick<JobQueue, 'send'> | undefined;
  now?: () => Date;
}

const text = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string).trim() : '';

function field(
  errors: FieldCode[],
  form: Record<string, unknown>,
  name: string,
  max: number,
  required: boolean,
): string {
  const value = text(form, name);
  if (required && value === '') errors.push({ field: name, code: 'required' });
  else if (value.length > max) errors.push({ field: name, code: 'max_length' });
  return value;
}

const ticked = (form: Record<string, unknown>, name: string) =>
  form[name] === '1' || form[name] === 'on' || form[name] === 'true' || form[name] === true;

export interface NoticeForm {
  reportId: number | null;
  name: string;
  company: string;
  email: string;
  address: string;
  phone: string;
  works: string;
  urls: string[];
  goodFaith: boolean;
  signature: string;
}

/** The new-notice form of `POST /api/admin/dmca`, checked (SPEC §8 codes per field). */
export function parseNotice(form: Record<string, unknown>): NoticeForm {
  const errors: FieldCode[] = [];
  const reportText = text(form, 'report_id');
  const reportId = /^[1-9]\d{0,8}$/.test(reportText) ? Number(reportText) : null;
  if (reportText !== '' && reportId === null) {
    errors.push({ field: 'report_id', code: 'invalid_params' });
  }
  const name = field(errors, form, 'claimant_name', DMCA_LIMITS.name, true);
  const company = field(errors, form, 'claimant_company', DMCA_LIMITS.company, false);
  const email = text(form, 'claimant_email');
  if (email === '') errors.push({ field: 'claimant_email', code: 'required' });
  else if (email.length > DMCA_LIMITS.email || !isEmail(email)) {
    errors.push({ field: 'claimant_email', code: 'eml_invalid' });
  }
  const address = field(errors, form, 'claimant_address', DMCA_LIMITS.address, false);
  const phone = field(errors, form, 'claimant_phone', DMCA_LIMITS.phone, false);
  const works = field(errors, form, 'works', DMCA_LIMITS.works, true);
  const urls = [
    ...new Set(
      text(form, 'urls')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    ),
  ];
  if (urls.length === 0) errors.push({ field: 'urls', code: 'required' });
  else if (urls.length > DMCA_LIMITS.urls) errors.push({ field: 'urls', code: 'max_length' });
  else if (urls.some((url) => url.length > DMCA_LIMITS.url || !isWebUrl(url))) {
    errors.push({ field: 'urls', code: 'invalid_url' });
  }
  const goodFaith = ticked(form, 'good_faith');
  if (!goodFaith) errors.push({ field: 'good_faith', code: 'required' });
  const signature = field(errors, form, 'signature', DMCA_LIMITS.signature, true);
  if (errors.length > 0) throw AppError.form(errors);
  return { reportId, name, company, email, address, phone, works, urls, goodFaith, signature };
}

export interface CounterForm {
  itemId: number;
  name: string;
  address: string;
  phone: string;
  signature: string;
}

/**
 * The counter-notice of `POST /api/counter_notice.php`: what §512(g)(3) asks for. The two
 * statements (perjury, jurisdiction) are boxes the member ticks; their words are the form's.
 */
export function parseCounter(form: Record<string, unknown>): CounterForm {
  const errors: FieldCode[] = [];
  const idText = text(form, 'item_id');
  if (idText === '') errors.push({ field: 'item_id', code: 'required' });
  else if (!/^[1-9]\d{0,8}$/.test(idText))
    errors.push({ field: 'item_id', code: 'invalid_params' });
  const name = field(errors, form, 'name', DMCA_LIMITS.name, true);
  const address = field(errors, form, 'address', DMCA_LIMITS.address, true);
  const phone = field(errors, form, 'phone', DMCA_LIMITS.phone, true);
  if (!ticked(form, 'mistake')) errors.push({ field: 'mistake', code: 'required' });
  if (!ticked(form, 'consent')) errors.push({ field: 'consent', code: 'required' });
  const signature = field(errors, form, 'signature', DMCA_LIMITS.signature, true);
  if (errors.length > 0) throw AppError.form(errors);
  return { itemId: Number(idText), name, address, phone, signature };
}

/** The statement the member's ticked boxes make, stored with the counter-notice. */
export const COUNTER_STATEMENT =
  'I swear, under penalty of perjury, that I have a good faith belief that the material was removed or disabled as a result of mistake or misidentification of the material to be removed or disabled. I consent to the jurisdiction of the Federal District Court for the judicial district in which my address is located (or, if outside the United States, any judicial district in which the service provider may be found), and I will accept service of process from the person who provided the notification or an agent of such person.';

/** `days` business days (Monday to Friday, UTC) after `from`. */
export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const day = at.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return at;
}

const isoOrNull = (value: string | null) => (value ? isoTime(value) : null);

function itemOf(row: ItemRow): DmcaItem {
  return {
    id: Number(row.id),
    url: row.url,
    video_id: row.video_id === null ? null : Number(row.video_id),
    title: row.title ?? '',
    uploader:
      row.user_id === null ? null : { id: Number(row.user_id), username: row.username ?? '' },
    state: row.state,
    takedown_id: row.takedown_id === null ? null : Number(row.takedown_id),
    counter: row.counter_at
      ? {
          at: isoTime(row.counter_at),
          name: row.counter_name ?? '',
          address: row.counter_address ?? '',
          phone: row.counter_phone ?? '',
          statement: row.counter_statement ?? '',
          signature: row.counter_signature ?? '',
        }
      : null,
    restore_after: isoOrNull(row.restore_after),
    lawsuit_at: isoOrNull(row.lawsuit_at),
    lawsuit_note: row.lawsuit_note,
    restored_at: isoOrNull(row.restored_at),
  };
}

const RESTORE_BATCH = 50;

export function createDmcaService(deps: DmcaDeps) {
  const { dmca, takedowns } = deps;
  const now = deps.now ?? (() => new Date());

  function claimantMail(to: string, subject: string, paragraphs: string[]): MailMessage {
    return {
      to,
      subject,
      text: paragraphs.join('\n\n'),
      html: `<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5">${paragraphsHtml(paragraphs)}</body></html>`,
    };
  }

  async function restoreItem(item: ItemRow): Promise<boolean> {
    const itemId = Number(item.id);
    const takedownId = item.takedown_id === null ? null : Number(item.takedown_id);
    let done: Awaited<ReturnType<TakedownRepository['restore']>>;
    try {
      done =
        takedownId === null
          ? undefined
          : await takedowns.restore(
              takedownId,
              { staffId: null, note: `DMCA counter-notice: waiting period over (item ${itemId})` },
              (takedown) => ({
                actor: SYSTEM_ACTOR,
                action: 'dmca.restore',
                objectType: 'video',
                objectId: takedown.object_id,
                before: { state: 'removed', dmca: 'countered' },
                after: { state: videoState(takedown.previous), dmca: 'restored' },
                note: `Notice ${item.notice_id}, item ${itemId}`,
              }),
              // A lawsuit recorded while this ran wins: throwing rolls the restore back. The
              // restore settles the item and the notice's strike itself.
              async (tx) => {
                if (!(await dmca.stillCountered(tx, itemId))) throw new LawsuitMeanwhile();
              },
            );
    } catch (error) {
      if (error instanceof LawsuitMeanwhile) return false;
      throw error;
    }
    if (!done) {
      // Nothing of the notice's to bring back (no takedown of its own, or the video deleted
      // since): the item is settled, no one is told the video is back.
      await dmca.settleUnrestored({
        id: itemId,
        notice_id: Number(item.notice_id),
        video_id: item.video_id === null ? null : Number(item.video_id),
      });
      return false;
    }
    deps.gone(done.objectId, done.userId);
    await deps.tellMember({
      decision: 'restored',
      id: 0,
      userId: done.userId,
      videoTitle: item.title ?? '',
      reason: 'copyright',
      note: '',
    });
    await deps.mailClaimant(
      claimantMail(item.claimant_email, `DMCA notice ${item.notice_id}: material restored`, [
        `Hello ${item.claimant_name},`,
        `The material at ${item.url}, removed after your notice, has been restored: its uploader sent a counter-notice, we forwarded you a copy, and we were not told within the waiting period that you filed an action seeking a court order against them (17 U.S.C. §512(g)(2)(C)).`,
      ]),
    );
    return true;
  }

  return {
    async list(
      viewer: Viewer | null,
      opts: { page: number; state: DmcaNoticeState | null; q: string },
    ) {
      requireStaff(viewer, 'read', 'report');
      const filter = { state: opts.state, q: opts.q };
      const [rows, total] = await Promise.all([
        dmca.list(filter, {
          limit: CONSOLE_PAGE_SIZE,
          offset: (opts.page - 1) * CONSOLE_PAGE_SIZE,
        }),
        dmca.count(filter),
      ]);
      const page: DmcaNoticesPage = {
        items: rows.map((row) => ({
          id: Number(row.id),
          state: row.state,
          claimant_name: row.claimant_name,
          claimant_company: row.claimant_company,
          claimant_email: row.claimant_email,
          items: Number(row.items),
          received_at: isoTime(row.received_at),
          entered_by: row.entered_name ?? '',
        })),
        total,
        page: opts.page,
        pages: consolePages(total),
      };
      return page;
    },

    async notice(viewer: Viewer | null, id: number): Promise<DmcaNotice> {
      requireStaff(viewer, 'read', 'report');
      const row = await dmca.notice(id);
      if (!row) throw new AppError('not_found');
      const items = await dmca.items(id);
      return {
        id: Number(row.id),
        state: row.state,
        report_id: row.report_id === null ? null : Number(row.report_id),
        claimant_name: row.claimant_name,
        claimant_company: row.claimant_company,
        claimant_email: row.claimant_email,
        claimant_address: row.claimant_address,
        claimant_phone: row.claimant_phone,
        works: row.works,
        good_faith: row.good_faith,
        signature: row.signature,
        note: row.note,
        received_at: isoTime(row.received_at),
        entered_by: row.entered_name ?? '',
        decided_at: isoOrNull(row.decided_at),
        decided_by: row.decided_name ?? '',
        items: items.map(itemOf),
      };
    },

    async record(actor: Actor, body: Record<string, unknown>): Promise<DmcaRecordAnswer> {
      requireStaff(actor.viewer, 'disable', 'video');
      const form = parseNotice(body);
      const named = form.urls.map((url) => ({ url, id: videoIdOfUrl(url, deps.siteUrl) }));
      const existing = await dmca.existingVideos(
        named.flatMap((item) => (item.id === undefined ? [] : [item.id])),
      );
      // One item per video, however many of its URLs the claimant lists (the first kept):
      // two items would be two takedowns' worth of record for one takedown.
      const seen = new Set<number>();
      const items = named.flatMap((item) => {
        const videoId = item.id !== undefined && existing.has(item.id) ? item.id : null;
        if (videoId !== null && seen.has(videoId)) return [];
        if (videoId !== null) seen.add(videoId);
        return [{ url: item.url, videoId }];
      });
      const id = await dmca.record(
        {
          reportId: form.reportId,
          claimantName: form.name,
          claimantCompany: form.company,
          claimantEmail: form.email,
          claimantAddress: form.address,
          claimantPhone: form.phone,
          works: form.works,
          goodFaith: form.goodFaith,
          signature: form.signature,
          enteredBy: actor.viewer.userId,
        },
        items,
        (noticeId) => ({
          actor,
          action: 'dmca.record',
          objectType: 'dmca',
          objectId: noticeId,
          after: {
            state: 'received',
            claimant: form.email,
            videos: items.flatMap((item) => (item.videoId === null ? [] : [item.videoId])),
            report_id: form.reportId,
          },
        }),
      );
      return {
        success: 1,
        id,
        not_found: items.filter((item) => item.videoId === null).length,
      };
    },

    /** Takes down every named video still pending, then marks the notice actioned. */
    async act(actor: Actor, id: number, note: string): Promise<DmcaActAnswer> {
      requireStaff(actor.viewer, 'disable', 'video');
      if (note.length > DMCA_LIMITS.note) {
        throw AppError.form([{ field: 'note', code: 'max_length' }]);
      }
      const notice = await dmca.notice(id);
      if (!notice) throw new AppError('not_found');
      if (notice.state !== 'received') {
        throw AppError.form([{ field: 'state', code: 'already_added' }]);
      }
      const memberNote =
        note ||
        `Copyright notice (DMCA) from ${notice.claimant_company || notice.claimant_name} about: ${notice.works.slice(0, 500)}`;
      let takenDown = 0;
      for (const item of await dmca.items(id)) {
        if (item.state !== 'pending' || item.video_id === null) continue;
        const videoId = Number(item.video_id);
        let strike: StrikeOutcome | undefined;
        const done = await takedowns.takeDownVideo(
          videoId,
          { reason: 'copyright', note: memberNote, staffId: actor.viewer.userId, reportId: null },
          (before) => ({
            actor,
            action: 'video.takedown',
            objectType: 'video',
            objectId: videoId,
            before: { state: videoState(before.state) },
            after: { state: 'removed' },
            reason: 'copyright',
            note: `DMCA notice ${id}`,
          }),
          async (tx, taken) => {
            await dmca.itemTakenDown(tx, Number(item.id), taken.takedownId);
            // One strike per notice for each uploader, however many of their videos it names:
            // repeat infringement is repeated notices (decision 0049).
            if (await struckByNotice(tx, id, taken.userId)) return;
            strike = await strikeAndMaybeBan(
              tx,
              {
                userId: taken.userId,
                reason: 'copyright',
                note: `DMCA notice ${id}`,
                takedownId: taken.takedownId,
                dmcaNoticeId: id,
                staffId: null,
              },
              deps.strikePolicy,
              actor,
            );
          },
        );
        if (done.outcome === 'gone') await dmca.itemGone(Number(item.id));
        else if (done.outcome === 'already') await dmca.itemAlreadyDown(Number(item.id));
        if (done.outcome === 'done') {
          takenDown++;
          deps.gone(videoId, done.userId);
          await deps.tellMember({
            decision: 'removed',
            dmca: true,
            id: done.statementId,
            userId: done.userId,
            videoTitle: done.title,
            reason: 'copyright',
            note: memberNote,
          });
          if (strike) {
            await deps.struck(done.userId, strike, {
              reason: 'copyright',
              note: memberNote,
              dmca: true,
            });
          }
        }
      }
      await dmca.decide(
        id,
        { state: 'actioned', staffId: actor.viewer.userId, note },
        {
          actor,
          action: 'dmca.action',
          objectType: 'dmca',
          objectId: id,
          before: { state: 'received' },
          after: { state: 'actioned', taken_down: takenDown },
          reason: 'copyright',
          note,
        },
      );
      return { success: 1, taken_down: takenDown };
    },

    async reject(actor: Actor, id: number, note: string): Promise<{ success: 1 }> {
      requireStaff(actor.viewer, 'disable', 'video');
      if (note === '') throw AppError.form([{ field: 'note', code: 'required' }]);
      if (note.length > DMCA_LIMITS.note) {
        throw AppError.form([{ field: 'note', code: 'max_length' }]);
      }
      const notice = await dmca.notice(id);
      if (!notice) throw new AppError('not_found');
      const done = await dmca.decide(
        id,
        { state: 'rejected', staffId: actor.viewer.userId, note },
        {
          actor,
          action: 'dmca.reject',
          objectType: 'dmca',
          objectId: id,
          before: { state: notice.state },
          after: { state: 'rejected' },
          note,
        },
      );
      if (!done) throw AppError.form([{ field: 'state', code: 'already_added' }]);
      return { success: 1 };
    },

    async lawsuit(actor: Actor, itemId: number, note: string): Promise<{ success: 1 }> {
      requireStaff(actor.viewer, 'disable', 'video');
      if (note.length > DMCA_LIMITS.note) {
        throw AppError.form([{ field: 'note', code: 'max_length' }]);
      }
      const item = await dmca.item(itemId);
      if (!item) throw new AppError('not_found');
      const done = await dmca.lawsuit(itemId, note, {
        actor,
        action: 'dmca.lawsuit',
        objectType: 'dmca',
        objectId: Number(item.notice_id),
        before: { item: itemId, state: item.state },
        after: { item: itemId, state: 'lawsuit' },
        note,
      });
      if (!done) throw AppError.form([{ field: 'state', code: 'invalid_params' }]);
      return { success: 1 };
    },

    /** The uploader's counter-notice (§512(g)(3)): only theirs, once per item. */
    async counter(
      viewer: Viewer | null,
      body: Record<string, unknown>,
    ): Promise<CounterNoticeAnswer> {
      const member = requireViewer(viewer, 'update', 'video');
      const form = parseCounter(body);
      const item = await dmca.item(form.itemId);
      // Someone else's item is not theirs to see: the same answer as none.
      if (!item || item.user_id === null || Number(item.user_id) !== member.userId) {
        throw new AppError('not_found', { field: 'item_id' });
      }
      if (item.state !== 'taken_down') {
        throw AppError.form([{ field: 'item_id', code: 'already_added' }]);
      }
      // Down under another takedown (a removal for something else): not the notice's to
      // contest, and a restore would bring back what the notice never took down.
      if (item.takedown_id === null) {
        throw AppError.form([{ field: 'item_id', code: 'invalid_params' }]);
      }
      const restoreAfter = addBusinessDays(now(), deps.restoreBusinessDays);
      const done = await dmca.counter(
        form.itemId,
        { ...form, statement: COUNTER_STATEMENT },
        restoreAfter,
      );
      if (!done) throw AppError.form([{ field: 'item_id', code: 'already_added' }]);
      // §512(g)(2)(B): the claimant gets a copy and is told when the material comes back.
      await deps.mailClaimant(
        claimantMail(
          item.claimant_email,
          `DMCA notice ${item.notice_id}: counter-notice received`,
          [
            `Hello ${item.claimant_name},`,
            `The uploader of the material at ${item.url}, which we removed after your notice, sent the counter-notice below. Unless we receive notice, by ${restoreAfter.toISOString().slice(0, 10)}, that you filed an action seeking a court order to restrain them from the infringing activity, the material will be restored after that date (17 U.S.C. §512(g)(2)(C)).`,
            [
              `Name: ${form.name}`,
              `Address: ${form.address}`,
              `Phone: ${form.phone}`,
              `Material: ${item.url}`,
              `Statement: ${COUNTER_STATEMENT}`,
              `Signature: ${form.signature}`,
            ].join('\n'),
          ],
        ),
      );
      if (deps.jobs) {
        await deps.jobs.send('dmca.restore', {}, { startAfter: restoreAfter });
      }
      return { success: 1, restore_after: restoreAfter.toISOString() };
    },

    /** Restores every countered item whose waiting period is over; answers how many. */
    async restoreDue(): Promise<number> {
      let restored = 0;
      for (const item of await dmca.due(RESTORE_BATCH)) {
        if (await restoreItem(item)) restored++;
      }
      return restored;
    },
  };
}

class LawsuitMeanwhile extends Error {
  constructor() {
    super('a lawsuit was recorded while the item was being restored');
    this.name = 'LawsuitMeanwhile';
  }
}

export type DmcaService = ReturnType<typeof createDmcaService>;
