import type { AddressInfo } from "node:net";
import type { PropertyDocument } from "@liftoff/schema";
import type { DemoOptions } from "../../main/createApp.ts";
import type { DemoVariant } from "../../main/parseServeArgs.ts";
import publicOrigin from "../../main/publicOrigin.ts";
import type { DemoModules, PcMarketingModule } from "./loadDemoModules.ts";

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

/** The property package's two factories of the server-side variant, or an error naming them. */
function serverSideFactories(property: PcMarketingModule) {
  const { createServerSideProperty, createForwardingProperty } = property;
  if (
    typeof createServerSideProperty !== "function" ||
    typeof createForwardingProperty !== "function"
  )
    throw new Error(
      "--demo-variant server-side needs @liftoff/pc-marketing to export createServerSideProperty and createForwardingProperty; reinstall a matching version.",
    );
  return { createServerSideProperty, createForwardingProperty };
}

/**
 * `liftoff serve --demo`: the demo site (apps/demo-site) on its own port of the server's host,
 * so the library runs cross-origin as in production. It listens first, so its origin is known
 * when the property is seeded: the vendor tags load its stand-ins and its origins are the
 * ones the demo datastreams accept.
 *
 * `server-side` (`--demo-variant`): the web property leaves the vendor tags out, and an event
 * forwarding property sends their calls from the server to the same stand-ins; its hosts are
 * on loopback, so they are allowed as private (docs/event-forwarding.md, Hosts).
 */
export default async function startDemoSite(
  modules: DemoModules,
  where: { host: string; port: number },
  variant: DemoVariant = "client-side",
): Promise<DemoSite> {
  const serverSide = variant === "server-side" ? serverSideFactories(modules.property) : undefined;
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
    options: (serverOrigin) => {
      const seed = {
        vendorOrigin: origin,
        ...(serverOrigin
          ? { edgeOrigin: serverOrigin, identityServer: new URL(serverOrigin).host }
          : {}),
      };
      return {
        origins: originsOf(origin),
        document: () => {
          document = serverSide
            ? serverSide.createServerSideProperty(seed)
            : modules.property.createPropertyDocument(seed);
          // The demo shows a team's workflow: whoever submits a library needs someone else
          // to approve it (docs/studio.md, Publishing). The seed itself is exempt.
          document.property.settings.separationOfDuties = true;
          return Promise.resolve(document);
        },
        ...(serverSide
          ? {
              forwarding: {
                document: () => {
                  const edge = serverSide.createForwardingProperty({ vendorOrigin: origin });
                  edge.property.settings.separationOfDuties = true;
                  return Promise.resolve(edge);
                },
                hosts: originsOf(origin).map((o) => ({
                  host: new URL(o).host,
                  allowPrivate: true,
                })),
              },
            }
          : {}),
      };
    },
    serveLibraryFrom(serverOrigin) {
      const development = document?.environments.find((e) => e.stage === "development");
      if (!document || !development) return undefined;
      libraryUrl = `${serverOrigin}/libs/${document.property.id}/${development.id}/launch.min.js`;
      return libraryUrl;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
