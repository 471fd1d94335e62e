/**
 * The nonce the server's Content-Security-Policy allows this page's `<style>` elements
 * (docs/server.md, Response headers): `vite build` puts a placeholder on
 * `<meta property="csp-nonce">` (`html.cspNonce` in vite.config.ts) and the server replaces it
 * in every answer. Read from the `nonce` property: once a policy applies, browsers hide the
 * attribute's value from `getAttribute`. Empty when there is none (tests, the dev server).
 */
export function cspNonce(): string {
  return document.querySelector<HTMLMetaElement>("meta[property=csp-nonce]")?.nonce ?? "";
}
