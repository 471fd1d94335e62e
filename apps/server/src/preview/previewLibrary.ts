import { LIBRARY_FILE } from "../api/Publisher.ts";
import { problems } from "../http/problems.ts";
import type { Store } from "../storage/Store.ts";
import type { PreviewBuilds } from "./PreviewBuilds.ts";
import { failedBuildScript, leavePreviewScript } from "./previewScripts.ts";
import type { PreviewSessions } from "./PreviewSessions.ts";

/** What `GET /libs/:propertyId/:environmentId/preview-<id>.js` answers (docs/preview.md). */
export type PreviewLibrary = (
  propertyId: string,
  environmentId: string,
  sessionId: string,
) => Promise<string>;

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

  return async (propertyId, environmentId, sessionId) => {
    const session = sessions.get(sessionId);
    if (!session || session.endedAt || session.propertyId !== propertyId) {
      if (session?.endedAt) builds.forget(sessionId);
      const code = await published(propertyId, environmentId);
      if (code === undefined)
        throw problems.notFound(`No library ${LIBRARY_FILE} for ${propertyId}/${environmentId}.`);
      return leavePreviewScript(code);
    }
    try {
      const { code, revision } = await builds.code(session);
      sessions.setRevision(session.id, revision);
      return code;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const code = (await published(propertyId, environmentId)) ?? "";
      return failedBuildScript(reason, code, session.id);
    }
  };
}
