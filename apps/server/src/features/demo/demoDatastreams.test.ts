import { describe, expect, it } from "vitest";
import { fixtureDocument } from "../../main/testSupport.ts";
import { SqliteStore } from "../../store/SqliteStore.ts";
import { demoDatastreams, putDemoDatastreams } from "./demoDatastreams.ts";

describe("demo datastreams", () => {
  it("are named as the document's Web SDK sends, else <property>-<environment>", () => {
    const plain = fixtureDocument();
    expect(demoDatastreams(plain, []).map((d) => d.id)).toEqual([
      "PRfixture-PRfixturedev",
      "PRfixture-PRfixturestage",
      "PRfixture-PRfixtureprod",
    ]);
    const withSdk = fixtureDocument();
    withSdk.extensions.push({
      name: "web-sdk",
      settings: { instances: [{ edgeConfigId: "prod-ds", developmentEdgeConfigId: "dev-ds" }] },
    });
    expect(demoDatastreams(withSdk, ["http://127.0.0.1:8081"])).toMatchObject([
      { id: "dev-ds", stage: "development", allowedOrigins: ["http://127.0.0.1:8081"] },
      { id: "PRfixture-PRfixturestage", stage: "staging" },
      { id: "prod-ds", stage: "production", environmentId: "PRfixtureprod" },
    ]);
  });

  it("add the demo's origins to existing datastreams, keeping the ones an admin listed", async () => {
    const store = new SqliteStore(":memory:");
    await store.migrate();
    try {
      const [first] = demoDatastreams(fixtureDocument(), ["https://www.example.test"]);
      await store.datastreams.put(first!);
      const again = demoDatastreams(fixtureDocument(), ["http://127.0.0.1:8081"]);
      await putDemoDatastreams(store.datastreams, again);
      await putDemoDatastreams(store.datastreams, again);
      expect((await store.datastreams.list()).map((d) => [d.id, d.allowedOrigins])).toEqual([
        ["PRfixture-PRfixturedev", ["https://www.example.test", "http://127.0.0.1:8081"]],
        ["PRfixture-PRfixtureprod", ["http://127.0.0.1:8081"]],
        ["PRfixture-PRfixturestage", ["http://127.0.0.1:8081"]],
      ]);
    } finally {
      await store.close();
    }
  });
});
