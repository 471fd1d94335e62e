import type { AddressInfo } from "node:net";
import type { PropertyDocument } from "@liftoff/schema";
import type { DemoOptions } from "../../main/createApp.ts";
import publicOrigin from "../../main/publicOrigin.ts";
import type { DemoModules } from "./loadDemoModules.ts";

export interface DemoSite {
  /** Where a browser opens the demo site (`http://127.0.0.1:8081`). */
  origin: string;
  /** The app's `demo` option: the property sending to `serverOrigin`, this site allowed. */
  options(serverOrigin: string | undefined): DemoOptions;
  /** Once the server listens, pages load the property's development library from it. */
  serveLibraryFrom(serverOrigin: string): string | undefined;
  close(): Promise<void>;
}

/** The demo's origin and, on a loopback host, its other loopback name: browsers use either. */
function originsOf(origin: string): string[] {
  const url = new URL(origin);
  const alias = { localhost: "127.0.0.1", "127.0.0.1": "localhost" }[url.hostname];
  return alias ? [origin, `http://${alias}:${url.port}`] : [origin];
}

/**
 * `liftoff serve --demo`: the demo site (apps/demo-site) on its own port of the server's host,
 * so the library runs cross-origin as in production. It listens first, so its origin is known
 * when the property is seeded: the vendor tags load its stand-ins and its origins are the
 * ones the demo datastreams accept.
 */
export default async function startDemoSite(
  modules: DemoModules,
  where: { host: string; port: number },
): Promise<DemoSite> {
  let libraryUrl: string | undefined;
  let document: PropertyDocument | undefined;
  const server = modules.site.createDemoServer({ libraryUrl: () => libraryUrl });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "EADDRINUSE"
            ? `demo site: port ${where.port} is in use; pick another with --demo-port (0: any free port)`
            : `demo site: ${error.message}`,
        ),
      ),
    );
    server.listen(where.port, where.host, resolve);
  });
  const origin = publicOrigin(where.host, (server.address() as AddressInfo).port, false)!;
  return {
    origin,
    options: (serverOrigin) => ({
      origins: originsOf(origin),
      document: () => {
        document = modules.property.createPropertyDocument({
          vendorOrigin: origin,
          ...(serverOrigin
            ? { edgeOrigin: serverOrigin, identityServer: new URL(serverOrigin).host }
            : {}),
        });
        // The demo shows a team's workflow: whoever submits a library needs someone else
        // to approve it (docs/studio.md, Publishing). The seed itself is exempt.
        document.property.settings.separationOfDuties = true;
        return Promise.resolve(document);
      },
    }),
    serveLibraryFrom(serverOrigin) {
      const development = document?.environments.find((e) => e.stage === "development");
      if (!document || !development) return undefined;
      libraryUrl = `${serverOrigin}/libs/${document.property.id}/${development.id}/launch.min.js`;
      return libraryUrl;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
