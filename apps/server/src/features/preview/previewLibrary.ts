import { LIBRARY_FILE } from "../publishing/Publisher.ts";
import { problems } from "../../http/problems.ts";
import type { Store } from "../../store/Store.ts";
import type { PreviewBuilds } from "./PreviewBuilds.ts";
import { failedBuildScript, leavePreviewScript } from "./previewScripts.ts";
import type { PreviewSessions } from "./PreviewSessions.ts";

/** What the library routes answer for a preview session (docs/preview.md). */
export interface PreviewLibrary {
  /** `GET /libs/:propertyId/:environmentId/preview-<id>.js` */
  script(propertyId: string, environmentId: string, sessionId: string): Promise<string>;
  /**
   * `GET /libs/:propertyId/:environmentId/preview-<id>/hosted/<extension>/<file>`: a file the
   * session's build carries; undefined for an ended or unknown session or a file it lacks.
   */
  file(
    propertyId: string,
    environmentId: string,
    sessionId: string,
    path: string,
  ): Promise<string | undefined>;
}

/**
 * An active session of the property: its preview build (the revision it was built from is
 * recorded on the session, and watchers hear of a new one). Ended, unknown or another
 * property's: the script that leaves preview and runs the environment's published library
 * (404 when the environment serves none). A failing build: its reason in the console, then
 * the published library.
 */
export default function previewLibrary(
  store: Store,
  sessions: PreviewSessions,
  builds: PreviewBuilds,
): PreviewLibrary {
  const published = async (propertyId: string, environmentId: string) =>
    (await store.libraries.get(propertyId, environmentId, LIBRARY_FILE))?.body.toString("utf8");
  const active = async (propertyId: string, sessionId: string) => {
    const session = await sessions.get(sessionId);
    return session && !session.endedAt && session.propertyId === propertyId ? session : undefined;
  };

  return {
    async script(propertyId, environmentId, sessionId) {
      const session = await active(propertyId, sessionId);
      if (!session) {
        builds.forget(sessionId);
        const code = await published(propertyId, environmentId);
        if (code === undefined)
          throw problems.notFound(`No library ${LIBRARY_FILE} for ${propertyId}/${environmentId}.`);
        return leavePreviewScript(code);
      }
      try {
        const { code, revision } = await builds.code(session);
        await sessions.setRevision(session.id, revision);
        return code;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const code = (await published(propertyId, environmentId)) ?? "";
        return failedBuildScript(reason, code, session.id);
      }
    },
    async file(propertyId, _environmentId, sessionId, path) {
      const session = await active(propertyId, sessionId);
      if (!session) return undefined;
      return builds.file(session, path).catch(() => undefined);
    },
  };
}
