import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../contracts/errors.ts';
import { fieldName, isCleanText } from '../../../contracts/text.ts';

// The one reader of multipart forms (member.php, video_edit.php, age_verification.php,
// album_edit.php; decision 0026). Whatever a client sends, reading answers a failure of the catalogue:
// - a text field holding what contracts/text.ts refuses: 400 `invalid_characters` (the
//   same rule the input guard applies to every other body);
// - a file over the route's size: the route's own `file_too_large` failure;
// - anything else that is not a well-formed form (no boundary, a body cut mid-part, random
//   bytes, a part without a name, more files or parts than the form has): 400 `bad_request`.
// busboy reports most of these as plain errors without a status, which the error handler
// can only take for a fault of ours (a 500), so they are all turned into failures here.

/** Longest text field: the longest form value (a video's description) with room to spare. */
const FIELD_MAX_BYTES = 64 * 1024;
const FIELDS_MAX = 20;

export interface MultipartFormRules {
  /** The file fields the form takes, at most one file each; other files are skipped. */
  files: readonly string[];
  /** The largest file any field takes: reading stops there. */
  maxFileBytes: number;
  /** A field's own limit when it is smaller than `maxFileBytes` (default: that). */
  maxBytesOf?(field: string): number;
  /** The route's failure for a file over its field's limit. */
  tooLarge(field: string): AppError;
  /** Files one field may carry (default 1; more answer `bad_request`). */
  maxFilesPerField?: number;
  /** Text fields the form may have (default 20; more answer `bad_request`). */
  maxFields?: number;
  /**
   * Takes each file as soon as it is read, with the fields sent before it, instead of
   * keeping it in `files`: a form of several images is never held whole. An AppError it
   * throws is the answer.
   */
  onFile?(
    field: string,
    data: Buffer,
    fieldsSoFar: Readonly<Record<string, string>>,
  ): Promise<void>;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Partial<Record<string, Buffer>>;
}

const malformed = () => new AppError('bad_request');

/** Reads the whole form into memory (files are small images here; videos go through tus). */
export async function readMultipartForm(
  request: FastifyRequest,
  rules: MultipartFormRules,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw malformed();
  const form: MultipartForm = { fields: {}, files: {} };
  const perField = rules.maxFilesPerField ?? 1;
  const fieldsMax = rules.maxFields ?? FIELDS_MAX;
  const counts = new Map<string, number>();
  const fieldMax = (field: string) =>
    Math.min(rules.maxFileBytes, rules.maxBytesOf?.(field) ?? rules.maxFileBytes);
  let reading = '';
  try {
    const parts = request.parts({
      limits: {
        fileSize: rules.maxFileBytes,
        files: rules.files.length * perField,
        fields: fieldsMax,
        parts: fieldsMax + rules.files.length * perField,
        fieldSize: FIELD_MAX_BYTES,
      },
    });
    for await (const part of parts) {
      const name: unknown = part.fieldname;
      if (typeof name !== 'string' || name === '') throw malformed();
      if (!isCleanText(name)) {
        throw AppError.form([{ field: fieldName(name), code: 'invalid_characters' }]);
      }
      if (part.type === 'field') {
        // A part typed application/json arrives parsed: these forms only hold text.
        if (typeof part.value !== 'string') throw malformed();
        if (part.valueTruncated) throw AppError.form([{ field: name, code: 'max_length' }]);
        if (!isCleanText(part.value)) {
          throw AppError.form([{ field: name, code: 'invalid_characters' }]);
        }
        form.fields[name] = part.value;
      } else if (rules.onFile && rules.files.includes(name)) {
        const count = (counts.get(name) ?? 0) + 1;
        if (count > perField) throw malformed();
        counts.set(name, count);
        reading = name;
        const data = await part.toBuffer();
        reading = '';
        if (data.length > fieldMax(name)) throw rules.tooLarge(name);
        await rules.onFile(name, data, form.fields);
      } else if (rules.files.includes(name) && form.files[name] === undefined) {
        reading = name;
        const data = await part.toBuffer();
        reading = '';
        if (data.length > fieldMax(name)) throw rules.tooLarge(name);
        form.files[name] = data;
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw rules.tooLarge(reading || (rules.files[0] ?? 'file'));
    }
    request.log.info({ err: error }, 'malformed multipart form');
    throw malformed();
  }
  return form;
}
