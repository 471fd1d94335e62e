import type { FastifyInstance, FastifyRequest } from "fastify";
import { problems } from "./problems.ts";

/**
 * The routes a page uses, by Fastify route pattern: what a separate public origin serves
 * (`--public-origin`; docs/server.md, "Trust boundaries"). Libraries and the files beside
 * them, the Edge endpoints, the Visitor API's identity calls, a previewed page's trace
 * reports, and the probes a load balancer in front of that host sends.
 */
export function isPublicSurface(url: string, edgeBase: string): boolean {
  return (
    url.startsWith("/libs/") ||
    url.startsWith(edgeBase) ||
    url === "/id" ||
    url === "/optOutStatus" ||
    url === "/dest5.html" ||
    url === "/preview/:id/trace" ||
    url === "/healthz" ||
    url === "/readyz"
  );
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/**
 * Whether the request came to `origin`'s host: the same host name, and the same port when
 * the Host header carries one (a default port is the same as none). A proxy that passes
 * `Host: tags.example.com` without a port, as nginx's `$host` does, matches an origin on
 * any port of that name. A trailing dot is the same name; a Host that is no host at all
 * counts as the public origin's.
 */
export function isOriginHost(request: FastifyRequest, origin: URL): boolean {
  let asked: URL;
  try {
    asked = new URL(`${origin.protocol}//${request.host}`);
  } catch {
    // A Host no URL can hold (`tags.example.com:443.`): fail closed, as if it were the public
    // origin's, so an odd spelling of that host never reaches the studio there.
    return true;
  }
  // `tags.example.com.` is the same host to DNS and to a browser (which keeps cookies apart
  // for it): the fully qualified spelling must not reach the studio on the public origin.
  const name = (url: URL) => url.hostname.replace(/\.$/, "");
  if (name(asked) !== name(origin)) return false;
  const wanted = origin.port || DEFAULT_PORTS[origin.protocol];
  // URL drops the scheme's default port, so an explicit :443 reads as none here.
  return asked.port === "" || asked.port === wanted;
}

/**
 * With a public origin, requests to its host reach only the public surface: the studio, its
 * API and the landing page answer 404 there, so no page on the origin that serves the site
 * owner's code can be the studio, and no studio session cookie is ever set for it. Other
 * hosts keep every route (libraries included, for embeds made before the split). Added
 * before the access hook, so a refused route is a 404 whatever session is sent.
 */
export default function publicHostOnly(
  app: FastifyInstance,
  options: { publicOrigin: string; edgeBase: string },
): void {
  const origin = new URL(options.publicOrigin);
  app.addHook("onRequest", (request, _reply, done) => {
    const url = request.routeOptions.url;
    // No route: the not-found handler answers.
    if (
      url === undefined ||
      isPublicSurface(url, options.edgeBase) ||
      !isOriginHost(request, origin)
    )
      return done();
    done(
      problems.notFound(
        `${request.method} ${url} is not served on ${origin.host}, the origin of libraries and the edge.`,
      ),
    );
  });
}
