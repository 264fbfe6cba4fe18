import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { FieldError } from '../../contracts/auth.rules.ts';
import { AppError } from '../../contracts/errors.ts';
import { isoTime } from '../../contracts/format.ts';
import {
  type Declaration,
  PERFORMER_FILES,
  type PerformerFile,
  parseDeclaration,
  performerField,
  RECORD_RULES,
  type RecordExemption,
  type RecordFileType,
  sniffRecordFile,
} from '../../contracts/records.rules.ts';
import type { RecordAnswer, RecordFiled, RecordSummary } from '../../contracts/records.schema.ts';
import type { Database } from '../../db/client.ts';
import { requireStaff, requireViewer } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { Actor } from '../kernel/audit/audit-entry.ts';
import { videoState } from '../moderation/review.service.ts';
import type { LateFiling, RecordsRepository } from './records.repository.ts';
import {
  openBytes,
  openJson,
  type RecordsKeyring,
  RecordsSealError,
  sealBytes,
  sealJson,
} from './records-crypto.ts';

// 2257 records (issue 17, decision 0055). At upload, the member's declaration (the
// performers with their documents, or an exemption) is checked, its documents sniffed and
// written encrypted under random names in RECORDS_DIR, and the declaration sealed into
// `performer_records` in the same transaction as the video. Only administrators read a
// record back (`read:record:any`, held by no other role); each read of the record and of
// each document is in the audit log before anything is sent. Moderators and the uploader
// learn only that a record was filed, and its kind.

export interface RecordsDeps {
  records: RecordsRepository;
  keyring: RecordsKeyring;
  /** Where the encrypted documents live: never under a served folder. */
  dir: string;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** One stored document, as the sealed declaration names it. */
export interface SealedDocument {
  id: string;
  kind: PerformerFile;
  type: RecordFileType;
  size: number;
  sha256: string;
}

/** The declaration as sealed in `performer_records.sealed` (version 1). */
interface SealedRecord {
  v: 1;
  video_id: number;
  user_id: number;
  username: string;
  declared_at: string;
  declared_from: string;
  rules_confirmed_at: string;
  exemption: string | null;
  production_date: string | null;
  performers: {
    legal_name: string;
    birth_date: string;
    aliases: string[];
    documents: SealedDocument[];
  }[];
}

const recordAad = (videoId: number) => `afterglow:2257:record:${videoId}`;
const documentAad = (id: string) => `afterglow:2257:document:${id}`;
const DOCUMENT_ID = /^[a-f0-9]{32}$/;

/** The documents one upload form carries, encrypted to disk as they are read. */
export interface RecordIntake {
  /** A document field's bytes, as the form is read. */
  take(field: string, data: Buffer): Promise<void>;
  /** The document fields holding a usable file. */
  readonly files: ReadonlySet<string>;
  /** Documents refused (not JPEG/PNG/PDF, too large). */
  readonly errors: readonly FieldError[];
  /** The documents written, by their form field. */
  readonly documents: ReadonlyMap<string, SealedDocument>;
  /** Removes what was written: the upload did not go through. */
  discard(): Promise<void>;
  /** The record was filed with its video: `discard` leaves the documents alone from now. */
  keep(): void;
}

/** A checked declaration, ready to go into the upload's transaction. */
export interface PreparedRecord {
  declaration: Declaration;
  /** Writes the row in the video's transaction. */
  file(tx: Pick<Database, 'query'>, video: { id: number; userId: number }): Promise<void>;
}

function ageOn(birthDate: string, onDate: string): number {
  const years = Number(onDate.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return onDate.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/**
 * A sealed exemption for a video filed outside the upload form (the demo's review queue,
 * whose synthetic clips show no one): the row's key id and text.
 */
export function sealedExemption(
  keyring: RecordsKeyring,
  video: { id: number; userId: number; username: string },
  exemption: RecordExemption,
): { keyId: string; sealed: string } {
  const now = new Date().toISOString();
  const record: SealedRecord = {
    v: 1,
    video_id: video.id,
    user_id: video.userId,
    username: video.username,
    declared_at: now,
    declared_from: '',
    rules_confirmed_at: now,
    exemption,
    production_date: null,
    performers: [],
  };
  return sealJson(keyring, record, recordAad(video.id));
}

export function createRecordsService(deps: RecordsDeps) {
  const { records, keyring } = deps;
  const documentPath = (id: string) => path.join(deps.dir, id.slice(0, 2), id);

  async function readRow(videoId: number) {
    const row = await records.find(videoId);
    if (!row) throw new AppError('not_found', { field: 'video_id' });
    return row;
  }

  function open(row: { video_id: number; key_id: string; sealed: string }): SealedRecord {
    try {
      return openJson(
        keyring,
        row.key_id,
        row.sealed,
        recordAad(Number(row.video_id)),
      ) as SealedRecord;
    } catch (error) {
      if (!(error instanceof RecordsSealError)) throw error;
      deps.log.error({ err: error, videoId: row.video_id }, '2257 record does not open');
      throw new AppError('unavailable', { info: { reason: `records_${error.reason}` } });
    }
  }

  const service = {
    intake(): RecordIntake {
      const files = new Set<string>();
      const errors: FieldError[] = [];
      const written = new Map<string, SealedDocument>();
      let kept = false;
      return {
        files,
        errors,
        documents: written,
        async take(field, data) {
          if (data.length === 0) return;
          if (data.length > RECORD_RULES.fileMaxBytes) {
            errors.push({ field, code: 'file_too_large' });
            return;
          }
          const type = sniffRecordFile(data.subarray(0, 8));
          if (!type) {
            errors.push({ field, code: 'file_invalid_type' });
            return;
          }
          const kind = PERFORMER_FILES.find((f) => field.endsWith(`_${f}`));
          if (!kind) return;
          const id = randomBytes(16).toString('hex');
          const file = documentPath(id);
          await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
          await writeFile(file, sealBytes(keyring, data, documentAad(id)), { mode: 0o600 });
          written.set(field, {
            id,
            kind,
            type,
            size: data.length,
            sha256: createHash('sha256').update(data).digest('hex'),
          });
          files.add(field);
        },
        async discard() {
          if (kept) return;
          await Promise.all(
            [...written.values()].map((d) => rm(documentPath(d.id), { force: true })),
          );
          written.clear();
          files.clear();
        },
        keep() {
          kept = true;
        },
      };
    },

    /**
     * The confirmation and declaration of an upload form, checked: its field errors (the
     * documents' own included), or what `file` seals into the video's transaction.
     */
    prepare(
      who: Viewer,
      fields: Record<string, unknown>,
      intake: RecordIntake,
      from: { ip: string; now?: Date },
    ): { ok: true; record: PreparedRecord } | { ok: false; errors: FieldError[] } {
      const parsed = parseDeclaration(fields, intake.files);
      // A document the declaration does not use (any with an exemption) would be kept with no
      // record naming it: refused, so the caller's discard removes it with the rest.
      const used = new Set(
        parsed.ok
          ? parsed.performerNumbers.flatMap((n) => PERFORMER_FILES.map((f) => performerField(n, f)))
          : [],
      );
      const unused: FieldError[] = parsed.ok
        ? [...intake.files]
            .filter((f) => !used.has(f))
            .map((field) => ({ field, code: 'invalid_params' }))
        : [];
      if (!parsed.ok || intake.errors.length > 0 || unused.length > 0) {
        // A refused document is told as refused, not also as missing.
        const refused = new Set(intake.errors.map((e) => e.field));
        const missing = parsed.ok ? [] : parsed.errors.filter((e) => !refused.has(e.field));
        return { ok: false, errors: [...missing, ...unused, ...intake.errors] };
      }
      const declaration = parsed.value;
      const written = intake.documents;
      const now = (from.now ?? new Date()).toISOString();
      return {
        ok: true,
        record: {
          declaration,
          async file(tx, video) {
            const sealed: SealedRecord = {
              v: 1,
              video_id: video.id,
              user_id: video.userId,
              username: who.username,
              declared_at: now,
              declared_from: from.ip,
              rules_confirmed_at: now,
              exemption: declaration.kind === 'exempt' ? declaration.exemption : null,
              production_date:
                declaration.kind === 'performers' ? declaration.productionDate : null,
              performers:
                declaration.kind === 'performers'
                  ? declaration.performers.map((p, i) => {
                      const n = parsed.performerNumbers[i] ?? i + 1;
                      return {
                        legal_name: p.legalName,
                        birth_date: p.birthDate,
                        aliases: p.aliases,
                        documents: PERFORMER_FILES.flatMap((f) => {
                          const doc = written.get(performerField(n, f));
                          return doc ? [doc] : [];
                        }),
                      };
                    })
                  : [],
            };
            const { keyId, sealed: text } = sealJson(keyring, sealed, recordAad(video.id));
            await records.insert(tx, {
              videoId: video.id,
              userId: video.userId,
              exemption: sealed.exemption,
              performers: sealed.performers.length,
              keyId,
              sealed: text,
            });
          },
        },
      };
    },

    /**
     * `section=records`: the owner files the record of a video that has none (an upload made
     * before records existed, or one that lost it), with the upload form's fields and rules.
     * One transaction; a refusal of any kind keeps nothing, the documents included.
     */
    async fileLater(
      viewer: Viewer | null,
      videoField: string,
      fields: Record<string, unknown>,
      intake: RecordIntake,
      from: { ip: string },
    ): Promise<RecordFiled> {
      try {
        const who = requireViewer(viewer, 'update', 'video');
        const videoId = /^\d{1,9}$/.test(videoField.trim()) ? Number(videoField) : 0;
        if (videoId < 1) throw new AppError('invalid_params', { field: 'video_id' });
        const prepared = service.prepare(who, fields, intake, from);
        if (!prepared.ok) throw AppError.form(prepared.errors);
        let outcome: LateFiling;
        try {
          outcome = await records.fileLater(videoId, who.userId, (tx) =>
            prepared.record.file(tx, { id: videoId, userId: who.userId }),
          );
        } catch (error) {
          // Two filings at once: the second meets the first's row.
          if ((error as { code?: unknown }).code !== '23505') throw error;
          outcome = 'already_filed';
        }
        switch (outcome) {
          case 'not_found':
            throw new AppError('not_found', { field: 'video_id' });
          case 'not_owner':
            // Only the uploader declares what is in their video: staff cannot file for them.
            throw new AppError('no_permission', { field: 'video_id' });
          case 'removed':
            throw new AppError('no_permission', {
              field: 'video_id',
              info: { reason: 'video_removed' },
            });
          case 'already_filed':
            throw new AppError('already_added', {
              field: 'video_id',
              info: { reason: 'record_filed' },
            });
          case 'filed':
            break;
        }
        intake.keep();
        deps.log.info({ videoId, userId: who.userId }, '2257 record filed after upload');
        return { success: 1, video_id: String(videoId), record_filed: true };
      } catch (error) {
        await intake.discard();
        throw error;
      }
    },

    /** A video whose upload could not be stored loses its record too. */
    discard: (videoId: number) => records.discard(videoId),

    /** That a record exists, and its kind: for moderators and the uploader. */
    async summary(videoId: number): Promise<RecordSummary | null> {
      const row = await records.summary(videoId);
      return row
        ? {
            filed_at: isoTime(row.created_at),
            exemption: row.exemption,
            performers: Number(row.performers),
          }
        : null;
    },

    /** The whole record, for an administrator; the read is audited first. */
    async read(actor: Actor, videoId: number): Promise<RecordAnswer> {
      requireStaff(actor.viewer, 'read', 'record');
      const row = await readRow(videoId);
      await records.audit({
        actor,
        action: 'records.read',
        objectType: 'video',
        objectId: videoId,
        after: { record: Number(row.id) },
      });
      const sealed = open(row);
      const video = await records.video(videoId);
      const onDate = sealed.production_date;
      return {
        video: {
          id: videoId,
          title: video?.title ?? '',
          state: video ? videoState(video.status_id) : 'gone',
          uploader: { id: Number(row.user_id), username: video?.username ?? sealed.username },
        },
        record: {
          filed_at: isoTime(row.created_at),
          key_id: row.key_id,
          rules_confirmed_at: sealed.rules_confirmed_at,
          declared_from: sealed.declared_from,
          exemption: sealed.exemption,
          production_date: sealed.production_date,
          performers: sealed.performers.map((p) => ({
            legal_name: p.legal_name,
            birth_date: p.birth_date,
            aliases: p.aliases,
            age_at_production: onDate ? ageOn(p.birth_date, onDate) : 0,
            documents: p.documents.map((d) => ({
              id: d.id,
              kind: d.kind,
              type: d.type,
              size: d.size,
            })),
          })),
        },
      };
    },

    /** One document of a record, decrypted, for an administrator; audited first. */
    async document(
      actor: Actor,
      videoId: number,
      documentId: string,
    ): Promise<{ type: RecordFileType; data: Buffer; name: string }> {
      requireStaff(actor.viewer, 'read', 'record');
      if (!DOCUMENT_ID.test(documentId)) throw new AppError('not_found', { field: 'id' });
      const row = await readRow(videoId);
      const sealed = open(row);
      const document = sealed.performers
        .flatMap((p) => p.documents)
        .find((d) => d.id === documentId);
      if (!document) throw new AppError('not_found', { field: 'id' });
      await records.audit({
        actor,
        action: 'records.read_document',
        objectType: 'video',
        objectId: videoId,
        after: { record: Number(row.id), document: documentId, kind: document.kind },
      });
      let data: Buffer;
      try {
        data = openBytes(
          keyring,
          row.key_id,
          await readFile(documentPath(documentId)),
          documentAad(documentId),
        );
      } catch (error) {
        deps.log.error({ err: error, videoId, documentId }, '2257 document does not open');
        throw new AppError('unavailable', { info: { reason: 'records_document' } });
      }
      const ext =
        document.type === 'application/pdf' ? 'pdf' : document.type === 'image/png' ? 'png' : 'jpg';
      return {
        type: document.type,
        data,
        name: `2257-${videoId}-${document.kind}-${documentId.slice(0, 8)}.${ext}`,
      };
    },
  };
  return service;
}

export type RecordsService = ReturnType<typeof createRecordsService>;
