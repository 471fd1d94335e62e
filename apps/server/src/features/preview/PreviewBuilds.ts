import type { PreviewSession } from "@liftoff/schema";
import type { PreviewBuild } from "../authoring/BuilderApi.ts";
import type { Publisher } from "../publishing/Publisher.ts";

interface Built {
  key: string;
  build: Promise<PreviewBuild>;
}

/**
 * Preview builds, one per session, kept while the property (and the library's content) stays
 * as it was: a reload gets the same code at once, and the first request after a saved change
 * builds again. Requests that arrive during a build share it. The files a build carries are
 * served from here too, so a preview reads the hosted files of the state it previews.
 */
export class PreviewBuilds {
  private readonly built = new Map<string, Built>();

  constructor(private readonly publisher: Publisher) {}

  /** The session's build for the property as it is now, and the revision it was built from. */
  async code(session: PreviewSession): Promise<{ code: string; revision: number }> {
    const { build, revision } = await this.current(session);
    return { code: (await build).code, revision };
  }

  /** A file the session's current build carries (`preview-<id>/hosted/…`), if any. */
  async file(session: PreviewSession, path: string): Promise<string | undefined> {
    const { files } = await (await this.current(session)).build;
    return files.find((f) => f.path === path)?.text;
  }

  /** Forgets an ended session's build. */
  forget(id: string): void {
    this.built.delete(id);
  }

  private async current(
    session: PreviewSession,
  ): Promise<{ build: Promise<PreviewBuild>; revision: number }> {
    const { document, revision, key } = await this.publisher.previewDocument(
      session.propertyId,
      session.libraryId,
    );
    let built = this.built.get(session.id);
    if (built?.key !== key) {
      built = {
        key,
        build: this.publisher.buildPreview(document, session.environmentId, {
          sessionId: session.id,
          label: session.label,
        }),
      };
      this.built.set(session.id, built);
      // A failed build is not kept: the next request tries again.
      const failed = built;
      built.build.catch(() => {
        if (this.built.get(session.id) === failed) this.built.delete(session.id);
      });
    }
    return { build: built.build, revision };
  }
}
