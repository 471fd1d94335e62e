import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import startIdentityServer, { type IdentityServer } from "../../test/startIdentityServer.ts";
import type { VisitorInstance } from "../createVisitor.ts";
import createVisitorNamespace from "../createVisitorNamespace.ts";
import {
  ORG_ID_NOT_STRING,
  type MarketingCloudWindow,
  type Turbine,
} from "./createMcidInstance.ts";
import mcidInstance from "./mcidInstance.ts";
import toVisitorConfig from "./toVisitorConfig.ts";

// The extension module run the way the runtime runs it, `script(module, exports, require,
// turbine)`, with a stand-in `turbine` that records what the module logs (the runtime is
// tested on its own), against the local identity server.
const win = window as unknown as MarketingCloudWindow;
let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentityServer();
});
afterAll(() => server.close());
beforeEach(() => {
  for (const pair of document.cookie.split("; ").filter(Boolean))
    document.cookie = `${pair.split("=")[0]}=; path=/; max-age=0`;
  delete win.Visitor;
  delete win.adobe;
  delete win._satellite;
});

function fakeTurbine(settings: Record<string, unknown>) {
  const logged: string[] = [];
  const turbine: Turbine = {
    getExtensionSettings: () => settings,
    logger: { info: (m) => logged.push(`info ${m}`), warn: (m) => logged.push(`warn ${m}`) },
  };
  return { turbine, logged };
}

function run(settings: Record<string, unknown>) {
  const { turbine, logged } = fakeTurbine(settings);
  const module = { exports: {} as unknown };
  mcidInstance(module, module.exports, () => undefined, turbine);
  return { visitor: module.exports as VisitorInstance, logged };
}

const variables = () => [
  { name: "loadSSL", value: "false" },
  { name: "marketingCloudServer", value: server.crossHost },
  { name: "loadTimeout", value: "5000" },
];

describe("the mcid-instance shared module", () => {
  it("exports the Visitor instance and serves it from _satellite.getVisitorId", async () => {
    const { visitor, logged } = run({ orgId: "ABC123@AdobeOrg", variables: variables() });
    expect(win._satellite?.getVisitorId).toBeTypeOf("function");
    expect((win._satellite!.getVisitorId as () => unknown)()).toBe(visitor);
    expect(logged).toEqual(['info Created instance using orgId: "ABC123@AdobeOrg"']);
    const mid = await new Promise<string>((resolve) => visitor.getMarketingCloudVisitorID(resolve));
    expect(mid).toMatch(/^\d{38}$/);
    expect(server.calls("/id").at(-1)!.searchParams.get("d_orgid")).toBe("ABC123@AdobeOrg");
  });

  it("throws the extension's message for an org ID that is not a string", () => {
    expect(() => run({ orgId: 42 })).toThrow(ORG_ID_NOT_STRING);
    expect(ORG_ID_NOT_STRING).toBe("Org ID is not a string.");
    expect(() => run({})).toThrow("Org ID is not a string.");
  });

  it("shares the instance page code made with window.Visitor", async () => {
    win.Visitor = createVisitorNamespace(win);
    const pageInstance = win.Visitor.getInstance("ABC123@AdobeOrg", {
      loadSSL: false,
      marketingCloudServer: server.crossHost,
    });
    const { visitor } = run({ orgId: "ABC123@AdobeOrg", variables: variables() });
    expect(visitor).toBe(pageInstance);
    await new Promise((resolve) => visitor.getMarketingCloudVisitorID(resolve));
  });
});

describe("toVisitorConfig", () => {
  it("converts Launch's text values", () => {
    const warnings: string[] = [];
    expect(
      toVisitorConfig(
        [
          { name: "doesOptInApply", value: "true" },
          { name: "loadTimeout", value: "1500" },
          { name: "preOptInApprovals", value: '{"aa":true}' },
          { name: "cookieDomain", value: "example.com" },
          { name: "cookieLifetime", value: "86400" },
        ],
        (m) => warnings.push(m),
      ),
    ).toEqual({
      doesOptInApply: true,
      loadTimeout: 1500,
      preOptInApprovals: { aa: true },
      cookieDomain: "example.com",
      cookieLifetime: "86400",
    });
    expect(warnings).toEqual([]);
  });

  it("names the row it skips", () => {
    const warnings: string[] = [];
    const config = toVisitorConfig(
      [
        { value: "x" },
        { name: "loadTimeout", value: "soon" },
        { name: "previousPermissions", value: "{" },
        null,
      ],
      (m) => warnings.push(m),
    );
    expect(config).toEqual({});
    expect(warnings).toEqual([
      'Ignoring settings.variables[0]: "name" must be a non-empty string.',
      'Ignoring settings.variables[1] (loadTimeout): "soon" is not a number.',
      'Ignoring settings.variables[2] (previousPermissions): "{" is not JSON.',
      'Ignoring settings.variables[3]: "name" must be a non-empty string.',
    ]);
    expect(toVisitorConfig("nope", (m) => warnings.push(m))).toEqual({});
    expect(warnings.at(-1)).toBe(
      "Ignoring settings.variables: expected an array of { name, value }.",
    );
  });
});
