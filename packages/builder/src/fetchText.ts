/**
 * One file downloaded for an import (importFolder.ts): plain `fetch`, bounded in time and in
 * size, with errors that name the URL and what went wrong.
 */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export class FetchError extends Error {}

export async function fetchText(url: string, limits: FetchLimits): Promise<string> {
  if (!/^https?:\/\//i.test(url)) throw new FetchError("not an http(s) URL");
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: "follow" });
  } catch (error) {
    if (signal.aborted) throw new FetchError(`no answer within ${limits.timeoutMs / 1000} s`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new FetchError(cause?.code ?? cause?.message ?? (error as Error).message);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FetchError(`HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get("content-length"));
  if (declared > limits.maxBytes) {
    await response.body?.cancel();
    throw new FetchError(`larger than ${limits.maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > limits.maxBytes) throw new FetchError(`larger than ${limits.maxBytes} bytes`);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FetchError) throw error;
    if (signal.aborted) throw new FetchError(`no answer within ${limits.timeoutMs / 1000} s`);
    throw new FetchError((error as Error).message);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** `GET <url>: <reason>` for the import report. */
export function describeFetch(url: string, error: unknown): string {
  return `GET ${url}: ${error instanceof Error ? error.message : String(error)}`;
}
