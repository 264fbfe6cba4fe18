import type { RecordExemption } from '../../contracts/records.rules.ts';

// Words and paths of the console's 2257 screens (decision 0055); console strings are English.

export const EXEMPTION_LABELS: Record<RecordExemption, string> & Record<string, string> = {
  no_explicit_conduct: 'no actual sexually explicit conduct',
  produced_before_1990: 'produced before 1 November 1990',
  no_real_people: 'no real people (animation or CGI only)',
};

export const NO_RECORD =
  'No 2257 record: this video cannot be approved until its uploader files one.';

/**
 * The review's record box when there is none: what it blocks, where a phone shows the box
 * first and the note by Approve far below.
 */
export const NO_RECORD_YET = 'Not filed yet: Approve stays off until it is.';

/** Where the uploader files a missing record (decision 0055, `section=records`). */
export const NO_RECORD_HOW =
  'The uploader files it from their uploads tab, which offers “File record”; this screen shows the record as soon as it is filed. Nobody else can file it for them.';

/** The console page of a video's record (administrators only). */
export const recordScreenPath = (videoId: number) => `/admin/records/${videoId}/`;

/** The API read of a record: each read is written to the audit log. */
export const recordApiPath = (videoId: number) => `/api/admin/records/${videoId}`;

export const recordDocumentPath = (videoId: number, documentId: string) =>
  `/api/admin/records/${videoId}/documents/${documentId}`;

/** A document's size as staff read it: bytes, KB or MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const DOCUMENT_LABELS = { id_document: 'ID document', release: 'Model release' } as const;

export const TYPE_LABELS: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'application/pdf': 'PDF',
};
