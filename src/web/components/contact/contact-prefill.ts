import type { ReportObject, ReportSubject } from '../../../contracts/report.rules.ts';

/** What opens the ContactUs modal filled in: a Report entry names its object. */
export interface ContactPrefill {
  subject?: ReportSubject;
  object?: ReportObject;
  /** How the form names the object to the visitor: a video's title, a member's name. */
  label?: string;
}
