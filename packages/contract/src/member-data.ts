import { z } from 'zod';
import type { Calls } from './call.ts';
import { idParam } from './fields.ts';

export { ADDRESS_LABELS, MEMBER_DATA_TEXTS } from './texts/member-data.ts';

/**
 * A person's data, all of it (UK GDPR subject access; decision 077): the member downloads their own from My details,
 * staff (administrators, and centre managers for their venues' customers) a customer's for a request, audited.
 * The reply is a file streamed as it is read, not JSON: `json` (machine-readable, one object of sections) or `html`
 * (a readable page); files (photo, documents, freeze proof) are listed with links to `…/data-export/files/:file`.
 */
export const DATA_EXPORT_FORMATS = ['json', 'html'] as const;
export const dataExportQuery = z.object({ format: z.enum(DATA_EXPORT_FORMATS).default('json') });
/** `photo`, `document-<id>` or `freeze-<id>`. */
export const dataExportFile = z.string().regex(/^(photo|document-[1-9][0-9]{0,9}|freeze-[1-9][0-9]{0,9})$/);
export const dataExportFileParams = z.object({ file: dataExportFile });
export const staffDataExportParams = z.object({ id: idParam });
export const staffDataExportFileParams = z.object({ id: idParam, file: dataExportFile });

export const memberDataCalls = {
  /** The caller's own data (no JSON reply: a download). */
  exportMyData: { query: dataExportQuery },
  /** One of the caller's files the download lists. */
  exportMyDataFile: { params: dataExportFileParams },
  /** A customer's data for a subject access request (audited; no JSON reply). */
  exportStaffMemberData: { params: staffDataExportParams, query: dataExportQuery },
  exportStaffMemberDataFile: { params: staffDataExportFileParams },
} as const satisfies Calls;
