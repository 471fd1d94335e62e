import type {
  ExtensionManifest,
  ModuleKind,
  ModuleManifest,
  SettingsSchema,
} from "@liftoff/schema";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../session/SessionContext.tsx";

/** The extension catalog (`GET /api/extensions`): every module's settings schema, for forms. */
export function useCatalog() {
  const api = useApi();
  return useQuery({ queryKey: ["extensions"], queryFn: api.extensions, staleTime: Infinity });
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
