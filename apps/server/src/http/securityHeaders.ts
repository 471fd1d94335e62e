import { randomBytes } from "node:crypto";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * What `vite build` writes where a nonce belongs (`html.cspNonce` in
 * apps/studio/vite.config.ts, which must say the same): on a `<meta property="csp-nonce">`
 * and on every tag it adds to index.html. The server replaces it in each answer.
 */
export const CSP_NONCE_PLACEHOLDER = "__LIFTOFF_CSP_NONCE__";

/** A fresh nonce for one document: 128 random bits (CSP 3 asks for at least 128), base64. */
export function newCspNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of the studio and the landing page. Everything the studio loads
 * is its own built files and its own API: no inline script (`vite build` writes none; a
 * script that could be injected has nowhere to run), no plugin, no `<base>`, no framing
 * (clickjacking), forms post only to this origin, fetch and EventSource only to /api here.
 * `data:` images are the empty favicon of index.html and the lint markers CodeMirror draws
 * as `data:image/svg+xml` backgrounds. Styles are the built CSS files plus, with `nonce`, the
 * `<style>` element CodeMirror's style-mod writes its theme into (it uses constructed
 * stylesheets only inside a shadow root; in a document it appends a `<style>` and sets its
 * text, which a hash cannot cover as the text changes with each extension): the studio
 * reads the nonce from `<meta property="csp-nonce">` and hands it to CodeMirror
 * (`EditorView.cspNonce`). Style attributes stay refused; React and CodeMirror set styles
 * through the CSSOM (`element.style`), which CSP does not govern.
 */
export function documentCsp(nonce?: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The headers of an HTML document of the studio or the landing page. `Referrer-Policy:
 * same-origin` keeps studio URLs (property and session ids) from the sites a link opens;
 * `X-Frame-Options` is `frame-ancestors` for browsers older than CSP 2.
 */
export function documentHeaders(nonce?: string): Record<string, string> {
  return {
    "content-security-policy": documentCsp(nonce),
    "referrer-policy": "same-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
  };
}

/**
 * Every answer under /api. `no-store`: no browser or proxy cache keeps an answer (the
 * session's CSRF token, user lists, events), errors included. The policy makes any answer
 * that a browser is led to open as a page inert: nothing loads, nothing frames it.
 */
export const apiHeaders: Readonly<Record<string, string>> = {
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "referrer-policy": "same-origin",
  "x-content-type-options": "nosniff",
};

/** Whether a request URL (path and query, as sent) is under /api. */
export function isApiUrl(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

/**
 * Sets `apiHeaders` on every /api answer and `LIBRARY_FILE_HEADERS` on every /libs/ one, in
 * one place rather than per route (unmatched URLs and the not-found handler too). Two hooks,
 * because neither sees every answer: `onSend` runs for every answer Fastify sends — a
 * handler's, and a problem that a hook, the body parser or a handler threw — and has the
 * last word over a route's own headers. A Server-Sent Events route hijacks the reply and
 * writes its head on the raw response, which no `onSend` sees; `onRequest` has set the
 * headers on the reply by then (this hook is added before every other, so nothing refuses
 * first), and `eventStreams` copies the reply's headers into that head. The router's own
 * errors run no hook at all: `withSurfaceHeaders` wraps Fastify's `frameworkErrors` for them.
 */
export default function securityHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    setSurfaceHeaders(request, reply);
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    setSurfaceHeaders(request, reply);
    done(null, payload);
  });
}

/**
 * Fastify's `frameworkErrors` handler with the surface's headers set first: an undecodable URL or
 * an over-long path segment is refused by the router before any hook runs.
 */
export function withSurfaceHeaders(
  handler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    setSurfaceHeaders(request, reply);
    handler(error, request, reply);
  };
}

/**
 * Sent with every answer under /libs/ (docs/server.md, "Trust boundaries"): files, problems
 * and the router's own refusals alike. The files are the site owner's code, loaded by tags as
 * scripts, stylesheets, JSON or images; none is a page. `nosniff` keeps a browser to the
 * declared type, and the policy makes a file opened by itself (an SVG, a text file) an
 * opaque-origin document that runs no script and loads nothing, so it can never act on the
 * studio's origin. A policy on a script or stylesheet response does not affect the page that
 * loads it.
 */
export const LIBRARY_FILE_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "sandbox; default-src 'none'",
};

/** The headers of the surface `url` is on: the studio API's, the libraries', or none. */
function setSurfaceHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (isApiUrl(request.url)) reply.headers(apiHeaders);
  else if (request.url.startsWith("/libs/")) reply.headers(LIBRARY_FILE_HEADERS);
}
