import type { Company } from "@liftoff/schema";

export interface DynamicHostResolver {
  /** `protocol//host` of the library when dynamic host resolution is enforced, else `""`. */
  host_: string;
  /** Prefixes a relative hosted-file path with the library's host when enforced. */
  decorate_(url: string): string;
}

function fail(message: string, code: string): never {
  throw Object.assign(new Error(message), { code });
}

/**
 * Dynamic host resolution (spec §1, reference §4): when the company enables the dynamic CDN
 * and carries an allow list, the library must be loaded from an allowed host, and hosted
 * files are fetched from that same host. Throws the two documented errors with their codes.
 */
export default function createDynamicHostResolver(
  company: Company | undefined,
  embedUrl: string,
): DynamicHostResolver {
  if (!company?.dynamicCdnEnabled || !Array.isArray(company.cdnAllowList))
    return { host_: "", decorate_: (url) => url };
  let url: URL | undefined;
  try {
    // Absolute or protocol-relative (`//host/...`, which takes the page's protocol).
    if (/^(https?:)?\/\/./.test(embedUrl)) url = new URL(embedUrl, location.href);
  } catch {
    // unparseable: reported below
  }
  if (!url || !url.hostname) {
    fail(
      "Unable to find the Library Embed Code for Dynamic Host Resolution.",
      "dynamic_host_resolver_constructor_error",
    );
  }
  if (company.cdnAllowList.indexOf(url.hostname) < 0) {
    fail(
      "This library is not authorized for this domain. Please contact your CSM for more information.",
      "dynamic_host_not_allowed",
    );
  }
  // URL.host already drops the default :80/:443.
  const host = `${url.protocol}//${url.host}`;
  return { host_: host, decorate_: (path) => `${host}/${path.replace(/^\//, "")}` };
}
