import {
  exchange,
  StaleConnectionError,
  type ExchangeRequest,
  type ExchangeResult,
} from "./exchange.ts";

/** Errors of the connect step, after which the next checked address may do better. */
const CONNECT_ERRORS = new Set([
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "EAFNOSUPPORT",
]);

/**
 * `exchange` over a name's checked addresses: the next address when the connection cannot
 * be made (an IPv6 address on a host without IPv6 routes, one server of several down), and
 * one fresh connection when a pooled one turns out closed. Anything after the request went
 * out is final: it may have been processed.
 */
export async function exchangeWithFallback(
  addresses: readonly string[],
  request: Omit<ExchangeRequest, "address">,
): Promise<ExchangeResult> {
  let staleRetried = false;
  for (let index = 0; ;) {
    try {
      return await exchange({ ...request, address: addresses[index]! });
    } catch (error) {
      if (error instanceof StaleConnectionError && !staleRetried) {
        staleRetried = true;
        continue;
      }
      const code = (error as NodeJS.ErrnoException).code;
      const another = index + 1 < addresses.length && !request.signal.aborted;
      if (code !== undefined && CONNECT_ERRORS.has(code) && another) {
        index++;
        continue;
      }
      throw error instanceof StaleConnectionError ? error.original : error;
    }
  }
}
