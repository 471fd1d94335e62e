import { expect, test } from "@playwright/test";
import { runContainer } from "./differential.ts";
import { container, P, record, rule } from "./testExtension.ts";

/**
 * One broken rule, module or data element never stops the others and never throws into the
 * page: modules that throw, reject with non-Errors, return garbage, never settle, or are
 * missing — with sequencing off and on.
 */
const broken = {
  [`${P}/actions/garbage.js`]: {
    name: "garbage",
    displayName: "Garbage",
    script: (module: { exports: unknown }) => void (module.exports = { not: "a function" }),
  },
  [`${P}/actions/throwsString.js`]: {
    name: "throws-string",
    displayName: "Throws String",
    script: (module: { exports: unknown }) =>
      void (module.exports = () => {
        throw "a string"; // eslint-disable-line @typescript-eslint/only-throw-error
      }),
  },
  [`${P}/conditions/returnsGarbage.js`]: {
    name: "rg",
    displayName: "Returns Garbage",
    script: (module: { exports: unknown }) => void (module.exports = () => ({ then: 42 })),
  },
  [`${P}/events/throwsOnInit.js`]: {
    name: "throws-on-init",
    displayName: "Throws On Init",
    script: (module: { exports: unknown }) =>
      void (module.exports = () => {
        throw new TypeError("init exploded");
      }),
  },
};

function brokenContainer(sequencing: boolean) {
  const t = { timeout: 50, delayNext: true };
  return container({
    settings: { ruleComponentSequencingEnabled: sequencing },
    modules: broken,
    dataElements: {
      bad: { modulePath: `${P}/dataElements/throws.js`, settings: {} },
      gone: { modulePath: `${P}/dataElements/gone.js`, settings: {} },
    },
    rules: [
      rule("event throws on init", {
        events: [{ modulePath: `${P}/events/throwsOnInit.js`, settings: {}, ruleOrder: 1 }],
        actions: [record("never")],
      }),
      rule("missing event module", {
        events: [{ modulePath: `${P}/events/gone.js`, settings: {}, ruleOrder: 1 }],
      }),
      rule("garbage action", {
        actions: [{ modulePath: `${P}/actions/garbage.js`, settings: {}, ...t }],
      }),
      rule("throws a string", {
        actions: [{ modulePath: `${P}/actions/throwsString.js`, settings: {}, ...t }],
      }),
      rule("rejects with nothing", {
        actions: [{ modulePath: `${P}/actions/rejects.js`, settings: {}, ...t }],
      }),
      rule("rejects with an object", {
        actions: [
          { modulePath: `${P}/actions/rejects.js`, settings: { reason: { code: 7 } }, ...t },
        ],
      }),
      rule("never settles", {
        actions: [{ modulePath: `${P}/actions/never.js`, settings: {}, ...t }],
      }),
      rule("missing action", {
        actions: [{ modulePath: `${P}/actions/gone.js`, settings: {}, ...t }],
      }),
      rule("missing condition", {
        conditions: [{ modulePath: `${P}/conditions/gone.js`, settings: {}, timeout: 50 }],
      }),
      rule("garbage condition", {
        conditions: [
          { modulePath: `${P}/conditions/returnsGarbage.js`, settings: {}, timeout: 50 },
        ],
        actions: [record("garbage condition ran")],
      }),
      rule("bad data elements", { actions: [record("bad", "%bad%|%gone%")] }),
      rule("healthy", { actions: [record("healthy")] }),
    ],
  });
}

for (const sequencing of [false, true]) {
  test(`broken modules are isolated (sequencing ${sequencing ? "on" : "off"})`, async ({
    browser,
  }) => {
    const r = await runContainer(browser, "liftoff", brokenContainer(sequencing), {
      after: (page) =>
        page.waitForFunction(
          "window.__events.some(function (e) { return e[2] === 'healthy' })",
          undefined,
          { timeout: 5000 },
        ),
    });
    expect(r.errors).toEqual([]);
    const labels = r.events.map((e) => (e as unknown[])[2]);
    expect(labels).toContain("healthy");
    expect(labels).not.toContain("never");
    expect(labels).toContain("garbage condition ran"); // `{then: 42}` is not a promise: a truthy result
    expect(r.events).toContainEqual(["action", "bad data elements", "bad", "undefined|undefined"]);
    const logs = r.logs.join("\n");
    expect(logs).toContain(
      'Failed to execute "Throws On Init" for "event throws on init" rule. init exploded',
    );
    expect(logs).toContain(
      `Failed to execute "${P}/events/gone.js" for "missing event module" rule. Module ${P}/events/gone.js not found.`,
    );
    expect(logs).toContain(
      'Failed to execute "Garbage" for "garbage action" rule. Module did not export a function.',
    );
    expect(logs).toContain(`Failed to execute "${P}/actions/gone.js" for "missing action" rule.`);
    expect(logs).toContain(
      `Failed to execute "${P}/conditions/gone.js" for "missing condition" rule.`,
    );
    expect(logs).toContain("Failed to execute data element module");
    expect(logs).toContain(
      'Failed to execute "Throws String" for "throws a string" rule. a string',
    );
    expect(logs).toContain(
      'Failed to execute "Rejecting Action" for "rejects with nothing" rule. The extension triggered an error, but no error information was provided.',
    );
    expect(logs).toContain(
      'Failed to execute "Rejecting Action" for "rejects with an object" rule. {"code":7}',
    );
    const timeout =
      'Failed to execute "Never Settles" for "never settles" rule. A timeout occurred because the action took longer than 0.05 seconds to complete. ';
    if (sequencing) expect(logs).toContain(timeout);
    else expect(logs).not.toContain(timeout); // without sequencing nothing waits for it
  });
}
