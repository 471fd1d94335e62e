import { PREVIEW_PARAM } from "@liftoff/schema";

/** A value as a JavaScript literal that is safe anywhere in a page (no `</script>`). */
const literal = (value: string) => JSON.stringify(value).replace(/</g, "\\u003c");

/** Forgets the session in the tab: its sessionStorage key and the link's parameter. */
function forgetSession(param: string): string {
  return `try{sessionStorage.removeItem(${param})}catch(e){}
try{var u=new URL(location.href);if(u.searchParams.has(${param})){u.searchParams.delete(${param});history.replaceState(history.state,"",u.toString())}}catch(e){}`;
}

/**
 * What an ended or unknown session's `preview-<id>.js` runs: the tab forgets the session
 * (so the published library's own check finds nothing) and then runs the environment's
 * published library.
 */
export function leavePreviewScript(published: string): string {
  return `${forgetSession(literal(PREVIEW_PARAM))}
${published}`;
}

/**
 * What a session whose build fails runs: the reason in the console, then the published
 * library (preview never breaks the page). The published library's check must find no
 * session, or it would ask for this file again; the tab keeps the session afterwards, so a
 * fix saved in the studio is built on the next reload.
 */
export function failedBuildScript(reason: string, published: string, sessionId: string): string {
  const param = literal(PREVIEW_PARAM);
  return `console.error(${literal(`Liftoff preview: the preview build failed: ${reason}`)});
${forgetSession(param)}
${published}
;try{sessionStorage.setItem(${param},${literal(sessionId)})}catch(e){}`;
}
