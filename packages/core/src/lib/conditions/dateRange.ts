/** Core condition "Date Range": now lies within `start`..`end` (ISO date-times; either may be absent). */
export default function dateRange(settings: { start?: string; end?: string }): boolean {
  const now = Date.now();
  const bound = (value: string | undefined, field: string) => {
    if (value == null || value === "") return undefined;
    const time = Date.parse(value);
    if (isNaN(time)) throw new Error(`settings.${field} must be an ISO date-time.`);
    return time;
  };
  const start = bound(settings.start, "start");
  const end = bound(settings.end, "end");
  return (start === undefined || now >= start) && (end === undefined || now <= end);
}
