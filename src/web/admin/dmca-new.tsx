import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DmcaRecordAnswer } from '../../contracts/dmca.schema.ts';
import { DMCA_LIMITS, siteVideoUrlsIn } from '../../contracts/dmca.ts';
import type { ErrorCode } from '../../contracts/errors.ts';
import type { ReportItem } from '../../contracts/moderation.schema.ts';
import { isApiError, postForm } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { useOverlays } from '../components/overlays/overlays.tsx';
import { ConsoleTitle, ScreenHeader } from './console-ui.tsx';
import list from './dmca.module.css';
import { DMCA_PATH, dmcaNoticeHref, isDmcaPath } from './dmca-paths.ts';
import { reportItemPath } from './report-paths.ts';

// A new DMCA notice (decision 0049): typed in from a letter or an e-mail, or opened from a
// contact-form report with the sender's address, the message and the site's video URLs
// found in it filled in. The server resolves each URL to a video and keeps the others.

type Field =
  | 'claimant_name'
  | 'claimant_company'
  | 'claimant_email'
  | 'claimant_address'
  | 'claimant_phone'
  | 'works'
  | 'urls'
  | 'good_faith'
  | 'signature';

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  required: 'Required.',
  eml_invalid: 'Not an e-mail address.',
  max_length: 'Too long.',
  invalid_url: 'Each line must be a full http(s) address.',
};

const REQUIRED: Field[] = ['claimant_name', 'claimant_email', 'works', 'urls', 'signature'];

const LIMITS: Partial<Record<Field, number>> = {
  claimant_name: DMCA_LIMITS.name,
  claimant_company: DMCA_LIMITS.company,
  claimant_email: DMCA_LIMITS.email,
  claimant_address: DMCA_LIMITS.address,
  claimant_phone: DMCA_LIMITS.phone,
  works: DMCA_LIMITS.works,
  signature: DMCA_LIMITS.signature,
};

export function DmcaNewScreen({ reportId }: { reportId: number | null }) {
  const report = useQuery({
    ...apiQuery<ReportItem>(reportItemPath(reportId ?? 0)),
    enabled: reportId !== null,
  }).data?.report;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useOverlays();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    claimant_name: '',
    claimant_company: '',
    claimant_email: report?.email ?? '',
    claimant_address: '',
    claimant_phone: '',
    works: report?.message ?? '',
    urls: '',
    good_faith: '',
    signature: '',
  }));
  const [goodFaith, setGoodFaith] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, ErrorCode>>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  // The site's address is the browser's: the URLs of the report's message that name its
  // videos, once the page is live (the server's render leaves the box empty).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, from the report
  useEffect(() => {
    if (!report) return;
    const urls = siteVideoUrlsIn(report.message, window.location.origin);
    setValues((now) => (now.urls === '' ? { ...now, urls: urls.join('\n') } : now));
  }, []);

  const set = (name: Field) => (event: { target: { value: string } }) => {
    setValues((now) => ({ ...now, [name]: event.target.value }));
    setErrors((now) => ({ ...now, [name]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // What is missing is said here, before asking the server (which checks it all again).
    const missing: Partial<Record<Field, ErrorCode>> = {};
    for (const name of REQUIRED) if (values[name].trim() === '') missing[name] = 'required';
    if (!goodFaith) missing.good_faith = 'required';
    const first = Object.keys(missing)[0];
    if (first) {
      setErrors(missing);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      const answer = await postForm<DmcaRecordAnswer>(DMCA_PATH, {
        ...values,
        good_faith: goodFaith ? '1' : '',
        report_id: reportId === null ? '' : String(reportId),
      });
      await queryClient.invalidateQueries({
        predicate: (query) => isDmcaPath(String(query.queryKey[1] ?? '')),
      });
      toast(
        'success',
        answer.not_found > 0
          ? `Notice #${answer.id} recorded; ${answer.not_found} URL(s) name no video of the site`
          : `Notice #${answer.id} recorded`,
      );
      void navigate(dmcaNoticeHref(answer.id));
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.codes.length > 0) {
        const next: Partial<Record<Field, ErrorCode>> = {};
        for (const failure of error.codes) next[failure.field as Field] ??= failure.code;
        setErrors(next);
        const first = error.codes[0]?.field;
        if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        if (!error.codes.some((failure) => failure.field in values)) setProblem(error.message);
      } else {
        setProblem(isApiError(error) ? error.message : 'Something went wrong.');
      }
    }
  }

  const errorOf = (name: Field) =>
    errors[name] ? (
      <span id={`${id}-${name}-error`} className={list.error}>
        {MESSAGES[errors[name]] ?? errors[name]}
      </span>
    ) : null;
  const input = (name: Field, label: string, opts: { type?: string; rows?: number } = {}) => {
    const common = {
      id: `${id}-${name}`,
      name,
      value: values[name],
      onChange: set(name),
      maxLength: LIMITS[name],
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    };
    return (
      <label className={list.field} htmlFor={common.id}>
        <span>{label}</span>
        {opts.rows ? (
          <textarea rows={opts.rows} {...common} />
        ) : (
          <input type={opts.type ?? 'text'} autoComplete="off" {...common} />
        )}
        {errorOf(name)}
      </label>
    );
  };

  const title = 'New DMCA notice';
  return (
    <>
      <ConsoleTitle title={title} />
      <ScreenHeader title={title} count={report ? `from report #${report.id}` : ''} />
      <form ref={formRef} className={list.form} onSubmit={submit} noValidate aria-busy={busy}>
        <p className={list.hint}>
          What 17 U.S.C. §512(c)(3) asks of a notice. Each URL on its own line; those naming a video
          of this site are taken down when you act on the notice, the others are kept as not found.
        </p>
        <div className={list.row}>
          {input('claimant_name', 'Claimant’s full name')}
          {input('claimant_company', 'Company (optional)')}
        </div>
        <div className={list.row}>
          {input('claimant_email', 'E-mail', { type: 'email' })}
          {input('claimant_phone', 'Phone (optional)', { type: 'tel' })}
        </div>
        {input('claimant_address', 'Postal address (optional)', { rows: 2 })}
        {input('works', 'The copyrighted works', { rows: 4 })}
        {input('urls', 'URLs of the infringing videos, one per line', { rows: 5 })}
        <label className={list.check}>
          <input
            type="checkbox"
            name="good_faith"
            checked={goodFaith}
            aria-invalid={errors.good_faith ? true : undefined}
            aria-describedby={errors.good_faith ? `${id}-good_faith-error` : undefined}
            onChange={(event) => {
              setGoodFaith(event.target.checked);
              setErrors((now) => ({ ...now, good_faith: undefined }));
            }}
          />
          <span>
            The notice states a good-faith belief that the use is not authorised, and, under penalty
            of perjury, that it is accurate and the claimant may act for the owner.
            {errors.good_faith ? <> {errorOf('good_faith')}</> : null}
          </span>
        </label>
        {input('signature', 'Signature (as on the notice)')}
        {problem ? (
          <p role="alert" className={list.error}>
            {problem}
          </p>
        ) : null}
        <div>
          <button type="submit" className={list.primary} disabled={busy}>
            {busy ? 'Recording…' : 'Record notice'}
          </button>
        </div>
      </form>
    </>
  );
}
