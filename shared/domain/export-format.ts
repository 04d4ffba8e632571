/** The files the accountant's export can be (the IPC contract, the back office and the command line name them alike). */
export const EXPORT_FORMATS = ['csv', 'excel', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);
}
