import { modulePaths as coreModulePaths } from "@liftoff/core/build.mjs";
import { extensionModuleFiles as identityFiles } from "@liftoff/identity/build.mjs";
import { extensionModules } from "@liftoff/web-sdk/extension";
import {
  extensionModuleFiles as webSdkFiles,
  helperModules as webSdkHelpers,
} from "@liftoff/web-sdk/build.mjs";
import { describe, expect, it } from "vitest";
import { catalog, findByLaunchName, findModule } from "./catalog.ts";

describe("catalog", () => {
  it("lists core, web-sdk and identity with their Launch names", () => {
    expect(catalog.map((e) => [e.name, e.launchNames ?? []])).toEqual([
      ["core", []],
      ["web-sdk", ["adobe-alloy"]],
      ["identity", ["adobe-mcid"]],
    ]);
    expect(findByLaunchName("adobe-alloy")?.name).toBe("web-sdk");
    expect(findByLaunchName("acme")).toBeUndefined();
  });

  it("has a module build for every module it describes, under the extension's key", () => {
    const buildable = new Set([
      ...coreModulePaths(),
      ...Object.keys(webSdkFiles),
      ...Object.keys(identityFiles),
    ]);
    for (const extension of catalog)
      for (const module of extension.modules) {
        expect(module.path.startsWith(`${extension.name}/`)).toBe(true);
        expect(buildable.has(module.path), module.path).toBe(true);
      }
  });

  it("describes every Web SDK module except helpers, with the delegate names the modules declare", () => {
    for (const [path, entry] of Object.entries(extensionModules)) {
      const full = `web-sdk/${path}`;
      if (webSdkHelpers.includes(full)) continue;
      expect(findModule(full)?.name, full).toBe(entry.name);
      expect(findModule(full)?.kind === "shared", full).toBe(entry.shared === true);
    }
  });
});
