import type {
  ExtensionManifest,
  ModuleKind,
  ModuleManifest,
  PropertyPlatform,
  SettingsSchema,
} from "@liftoff/schema";
import { useQuery } from "@tanstack/react-query";
import { usePlatform } from "../properties/platform.ts";
import { useApi } from "../session/SessionContext.tsx";

/** The manifests of one platform; one function per platform, so `select` keeps its result. */
const ofPlatform: Record<PropertyPlatform, (all: ExtensionManifest[]) => ExtensionManifest[]> = {
  web: (all) => all.filter((x) => (x.platform ?? "web") === "web"),
  edge: (all) => all.filter((x) => x.platform === "edge"),
};

/** The catalogue's query key: the web one is the catalogue the studio always had. */
export const catalogKey = (platform: PropertyPlatform) =>
  platform === "web" ? ["extensions"] : ["extensions", platform];

/**
 * The extension catalog (`GET /api/extensions`, `?platform=edge` for an event forwarding
 * property): every module's settings schema, for forms. Only manifests of the property's
 * platform are kept: the server-side Core has the same name and module paths as the web one,
 * so the two must never be mixed in one lookup.
 */
export function useCatalog() {
  const api = useApi();
  const platform = usePlatform();
  return useQuery({
    queryKey: catalogKey(platform),
    queryFn: () => api.extensions(platform),
    staleTime: Infinity,
    select: ofPlatform[platform],
  });
}

export function modulesOfKind(
  catalog: readonly ExtensionManifest[] | undefined,
  kind: ModuleKind,
): ModuleManifest[] {
  return (catalog ?? []).flatMap((x) => x.modules.filter((m) => m.kind === kind));
}

export function findModule(
  catalog: readonly ExtensionManifest[] | undefined,
  path: string,
): ModuleManifest | undefined {
  for (const x of catalog ?? []) {
    const found = x.modules.find((m) => m.path === path);
    if (found) return found;
  }
  return undefined;
}

/** A module's display name, or its path when the catalog does not know it (opaque imports). */
export function moduleLabel(
  catalog: readonly ExtensionManifest[] | undefined,
  path: string,
): string {
  return findModule(catalog, path)?.displayName ?? path;
}

/**
 * A module's settings schema for its form. Custom code is marked with `format: "code"`;
 * Core's custom-code modules (`…/customCode.js`) get the mark on `source` when their manifest
 * lacks it, so their code is always edited in the code editor.
 */
export function settingsSchemaOf(module: ModuleManifest): SettingsSchema {
  const source = module.settings.properties?.source;
  if (!module.path.endsWith("/customCode.js") || !source || source.format) return module.settings;
  return {
    ...module.settings,
    properties: { ...module.settings.properties, source: { ...source, format: "code" } },
  };
}
