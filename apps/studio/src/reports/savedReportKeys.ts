/** TanStack Query keys of saved reports: the list of a property, and one report. */
export const savedReportsKey = (pid: string) => ["savedReports", pid] as const;
export const savedReportKey = (pid: string, id: string) => ["savedReports", pid, id] as const;
