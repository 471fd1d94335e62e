/**
 * GET a JSON object over CORS with a deadline (`AbortSignal.timeout`). Cookies travel only
 * when third-party cookies are allowed (`disableThirdPartyCookies: false`); the default is
 * not to send them (spec §9). Rejects with `HTTP <status>`, `Response is not JSON` (the
 * 5.5.0 wording) or the platform's `TimeoutError`; never throws synchronously.
 */
export default async function requestJson(
  url: string,
  timeoutMs: number,
  withCredentials: boolean,
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    credentials: withCredentials ? "include" : "omit",
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body: unknown = response.ok && (await response.json().catch(() => 0));
  if (!body || typeof body !== "object")
    throw new Error(response.ok ? "Response is not JSON" : `HTTP ${response.status}`);
  return body as Record<string, unknown>;
}
