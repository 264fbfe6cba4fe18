import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { RecordAnswer } from '../../contracts/records.schema.ts';
import { apiQuery } from '../api/query.ts';
import styles from './console.module.css';
import { whenUtc } from './console-format.ts';
import { ConsoleTitle, EmptyState, ScreenHeader, useConsoleMe } from './console-ui.tsx';
import record from './record.module.css';
import {
  DOCUMENT_LABELS,
  EXEMPTION_LABELS,
  fileSize,
  recordApiPath,
  recordDocumentPath,
  TYPE_LABELS,
} from './records-format.ts';

// A video's 2257 record (decision 0055), decrypted for an administrator: who declared it,
// from where and when, and the performers with their documents, or the exemption claimed.
// Opening this page and each document is written to the audit log; moderators never get
// here (they see on the review screen only that a record exists).

export function RecordScreen({ id }: { id: number }) {
  const me = useConsoleMe();
  if (!me.permissions.includes('read:record:any')) {
    return (
      <EmptyState title="Administrators only">
        <p>
          2257 records are read by administrators only. The review screen shows whether one was
          filed. <Link to={`/admin/review/${id}/`}>Back to the video</Link>
        </p>
      </EmptyState>
    );
  }
  return <RecordContents id={id} />;
}

function RecordContents({ id }: { id: number }) {
  const { data } = useSuspenseQuery({
    ...apiQuery<RecordAnswer>(recordApiPath(id)),
    staleTime: Infinity,
  });
  const { video, record: filed } = data;
  const title = `2257 record: ${video.title || `video #${video.id}`}`;
  return (
    <div className={record.page}>
      <ConsoleTitle title={title} />
      <nav className={record.crumbs} aria-label="Video">
        <Link to={`/admin/review/${video.id}/`}>← The video</Link>
      </nav>
      <ScreenHeader
        title={title}
        count={
          filed.exemption
            ? 'exempt'
            : `${filed.performers.length} performer${filed.performers.length === 1 ? '' : 's'}`
        }
      />
      <p className={record.audited} role="note">
        Confidential. Opening this record and each document is written to the audit log under your
        name.
      </p>
      <dl className={record.facts}>
        <div>
          <dt>Video</dt>
          <dd>
            #{video.id} · {video.state}
          </dd>
        </div>
        <div>
          <dt>Uploader</dt>
          <dd>
            <Link to={`/admin/members/${video.uploader.id}/`}>{video.uploader.username}</Link>
          </dd>
        </div>
        <div>
          <dt>Filed</dt>
          <dd>{whenUtc(filed.filed_at)}</dd>
        </div>
        <div>
          <dt>Forbidden content confirmed</dt>
          <dd>{whenUtc(filed.rules_confirmed_at)}</dd>
        </div>
        <div>
          <dt>Declared from</dt>
          <dd className={styles.mono}>{filed.declared_from || '—'}</dd>
        </div>
        <div>
          <dt>Sealed with key</dt>
          <dd className={styles.mono}>{filed.key_id}</dd>
        </div>
        {filed.exemption ? (
          <div>
            <dt>Exemption</dt>
            <dd>{EXEMPTION_LABELS[filed.exemption] ?? filed.exemption}</dd>
          </div>
        ) : (
          <div>
            <dt>Date of production</dt>
            <dd>{filed.production_date}</dd>
          </div>
        )}
      </dl>
      {filed.performers.length > 0 ? (
        <ol className={record.performers}>
          {filed.performers.map((performer) => (
            // A performer's documents have ids of their own: the first names them.
            <li
              key={performer.documents[0]?.id ?? performer.legal_name}
              className={record.performer}
            >
              <h2 className={record.name}>{performer.legal_name}</h2>
              <dl className={record.facts}>
                <div>
                  <dt>Date of birth</dt>
                  <dd>{performer.birth_date}</dd>
                </div>
                <div>
                  <dt>Age at production</dt>
                  <dd>{performer.age_at_production}</dd>
                </div>
                <div>
                  <dt>Other names</dt>
                  <dd>{performer.aliases.length ? performer.aliases.join(', ') : '—'}</dd>
                </div>
              </dl>
              <ul className={record.documents}>
                {performer.documents.map((document) => (
                  <li key={document.id}>
                    <a
                      className={styles.button}
                      href={recordDocumentPath(video.id, document.id)}
                      download
                    >
                      {DOCUMENT_LABELS[document.kind]} (
                      {TYPE_LABELS[document.type] ?? document.type}, {fileSize(document.size)})
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
