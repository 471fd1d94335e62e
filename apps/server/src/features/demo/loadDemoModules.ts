import type { Server } from "node:http";
import type { PropertyDocument } from "@liftoff/schema";

interface SeedOptions {
  edgeOrigin?: string;
  identityServer?: string;
  vendorOrigin?: string;
}

/** What the demo uses of `@liftoff/pc-marketing` (properties/pc-marketing). */
export interface PcMarketingModule {
  createPropertyDocument(options: SeedOptions): PropertyDocument;
  /** `--demo-variant server-side`: the web property without the vendor tags. */
  createServerSideProperty?: (options: SeedOptions) => PropertyDocument;
  /** `--demo-variant server-side`: the event forwarding property that sends them. */
  createForwardingProperty?: (options: { vendorOrigin?: string }) => PropertyDocument;
}

/** What the demo uses of `@liftoff/demo-site` (apps/demo-site). */
export interface DemoSiteModule {
  createDemoServer(options: { libraryUrl?: string | (() => string | undefined) }): Server;
}

export interface DemoModules {
  property: PcMarketingModule;
  site: DemoSiteModule;
}

const missing = (error: unknown) =>
  (error as { code?: unknown }).code === "ERR_MODULE_NOT_FOUND" ||
  (error as { code?: unknown }).code === "MODULE_NOT_FOUND";

/**
 * Imports an optional package by name at run time. The name is a variable so bundlers leave
 * it out: a server installed without the demo packages never loads them.
 */
async function importOptional<T>(name: string, exported: keyof T & string): Promise<T> {
  let module: T;
  try {
    module = (await import(name)) as T;
  } catch (error) {
    const reason = missing(error)
      ? "it is not installed"
      : `it could not be loaded (${error instanceof Error ? error.message : String(error)})`;
    throw new Error(
      `--demo needs the ${name} package, but ${reason}. Install it beside @liftoff/server ` +
        `(npm install ${name}), or start without --demo.`,
      { cause: error },
    );
  }
  if (typeof module[exported] !== "function")
    throw new Error(`--demo needs ${name} to export ${exported}; reinstall a matching version.`);
  return module;
}

/**
 * The insurance property and the demo site, for `liftoff serve --demo` only; the package
 * names can be replaced for tests of the error path.
 */
export default async function loadDemoModules(
  names = { property: "@liftoff/pc-marketing", site: "@liftoff/demo-site" },
): Promise<DemoModules> {
  return {
    property: await importOptional<PcMarketingModule>(names.property, "createPropertyDocument"),
    site: await importOptional<DemoSiteModule>(names.site, "createDemoServer"),
  };
}
