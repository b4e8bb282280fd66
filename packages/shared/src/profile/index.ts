import { z } from 'zod';

export * from './messages';

/** Issue #25: the e-mailed download link works once, for this many days. */
export const DATA_EXPORT_LINK_DAYS = 7;

/** Where an export is (data_exports.status). */
export const DATA_EXPORT_STATUSES = [
  'queued',
  'building',
  'ready',
  'failed',
  'downloaded',
  'expired',
] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** `GET/POST /api/dataExport`: the parent's latest export; `null` when there is none. */
export const DataExportSchema = z.object({
  status: z.enum(DATA_EXPORT_STATUSES),
  /** ISO instants; null until reached. */
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  downloaded_at: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** `GET /api/dataExport/download?token=…`: the token from the e-mailed link. */
export const DataExportDownloadQuerySchema = z.object({
  token: z
    .string({ error: 'dataExportLinkGone' })
    .trim()
    .min(1, 'dataExportLinkGone')
    .max(128, 'dataExportLinkGone'),
});
