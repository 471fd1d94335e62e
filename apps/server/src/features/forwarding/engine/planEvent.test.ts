import { forwardingCatalog } from "@liftoff/builder";
import { SECRET_CLOSE, SECRET_OPEN } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { conditionModules } from "./conditions.ts";
import { dataElementModules } from "./dataElements.ts";
import { destinationForms } from "./destinations/destinationForms.ts";
import {
  ACTION,
  CONDITION,
  DATA_ELEMENT,
  EVENT_RECEIVED,
  arc,
  module,
  rule,
  ruleset,
} from "./engineTestSupport.ts";
import { idempotencyKey } from "./idempotencyKey.ts";
import { planEvent } from "./planEvent.ts";

const hook = (extra: Record<string, unknown> = {}) =>
  module(ACTION.webhook, { url: "https://hooks.example/in", ...extra });
const pageViews = module(EVENT_RECEIVED, { eventTypes: ["web.webpagedetails.pageViews"] });
const equals = (left: unknown, right: unknown, negate = false) =>
  module(
    CONDITION.valueComparison,
    { leftOperand: left, comparison: { operator: "equals" }, rightOperand: right },
    negate,
  );

describe("planEvent: which rules run", () => {
  const rules = ruleset(
    [
      rule("views", { events: [pageViews], actions: [hook()] }),
      rule("forms", {
        events: [
          module(EVENT_RECEIVED, { eventTypes: ["web.formFilledOut", "commerce.purchases"] }),
        ],
        actions: [hook()],
      }),
      rule("all", { events: [module(EVENT_RECEIVED, { eventTypes: [] })], actions: [hook()] }),
      rule("either", {
        events: [module(EVENT_RECEIVED, { eventTypes: ["commerce.purchases"] }), pageViews],
        actions: [hook()],
      }),
      rule("none", { events: [] }),
    ],
    {},
  );

  it("runs the rules whose event takes the event's type, and says why the others did not", () => {
    const plan = planEvent(rules, arc());
    expect(plan.outcomes).toEqual([
      { ruleId: "views", ruleName: "Rule views", ran: true },
      {
        ruleId: "forms",
        ruleName: "Rule forms",
        ran: false,
        reason:
          'event type "web.webpagedetails.pageViews" is not one of web.formFilledOut, commerce.purchases',
      },
      { ruleId: "all", ruleName: "Rule all", ran: true },
      { ruleId: "either", ruleName: "Rule either", ran: true },
      { ruleId: "none", ruleName: "Rule none", ran: false, reason: "the rule has no event" },
    ]);
    expect(plan.actions.map((action) => action.ruleId)).toEqual(["views", "all", "either"]);
  });

  it("says so when the event has no type", () => {
    const plan = planEvent(rules, arc({ eventType: undefined }));
    expect(plan.outcomes[0]!.reason).toBe(
      "the event has no type (xdm.eventType); the rule takes web.webpagedetails.pageViews",
    );
    expect(plan.actions.map((action) => action.ruleId)).toEqual(["all"]);
  });

  it("names the condition that was false, negated or not, and runs when all hold", () => {
    const plan = planEvent(
      ruleset(
        [
          rule("a", { conditions: [equals(1, 1), equals("{{page}}", "Hats")], actions: [hook()] }),
          rule("b", { conditions: [equals("{{page}}", "Shoes", true)], actions: [hook()] }),
          rule("c", {
            conditions: [equals("{{page}}", "Shoes"), equals("{{page}}", "Hats", true)],
            actions: [hook()],
          }),
        ],
        { page: module(DATA_ELEMENT.path, { path: "arc.event.xdm.web.webPageDetails.name" }) },
      ),
      arc(),
    );
    expect(plan.outcomes.map((o) => [o.ran, o.reason])).toEqual([
      [false, "condition 2 (value comparison) was false"],
      [false, "condition 1 (value comparison) was true, and the rule negates it"],
      [true, undefined],
    ]);
    expect(plan.actions.map((action) => action.ruleId)).toEqual(["c"]);
  });

  it("makes a bad regex, a cycle or a hashed secret an error of that rule only", () => {
    const plan = planEvent(
      ruleset(
        [
          rule("regex", {
            conditions: [module(CONDITION.regex, { value: "x", pattern: "(" })],
            actions: [hook()],
          }),
          rule("cycle", { actions: [hook({ payload: "custom", body: { a: "{{a}}" } }), hook()] }),
          rule("secret", { actions: [hook({ payload: "custom", body: { h: "{{hashed key}}" } })] }),
          rule("fine", { actions: [hook()] }),
        ],
        {
          a: module(DATA_ELEMENT.constant, { value: "{{b}}" }),
          b: module(DATA_ELEMENT.constant, { value: "{{a}}" }),
          key: module(DATA_ELEMENT.secret, { name: "k" }),
          "hashed key": module(DATA_ELEMENT.sha256, { value: "{{key}}" }),
        },
      ),
      arc(),
    );
    expect(plan.outcomes).toEqual([
      {
        ruleId: "regex",
        ruleName: "Rule regex",
        ran: false,
        reason: "condition 1 (regex) could not be checked",
        errors: ['condition 1 (regex): "(" is not a valid regular expression: Unterminated group'],
      },
      {
        ruleId: "cycle",
        ruleName: "Rule cycle",
        ran: true,
        errors: ["action 1 (Webhook): circular data element reference: {{a}} → {{b}} → {{a}}"],
      },
      {
        ruleId: "secret",
        ruleName: "Rule secret",
        ran: true,
        errors: [
          'action 1 (Webhook): data element "hashed key" (SHA-256): a secret cannot be hashed: its value is known only when a request is sent',
        ],
      },
      { ruleId: "fine", ruleName: "Rule fine", ran: true },
    ]);
    // The cycle's rule still sends its other action; the others theirs.
    expect(plan.actions.map((a) => [a.ruleId, a.actionIndex])).toEqual([
      ["cycle", 1],
      ["fine", 0],
    ]);
  });

  it("names unknown modules instead of throwing", () => {
    const plan = planEvent(
      ruleset([
        rule("event", { events: [module("core/src/lib/events/click.js")] }),
        rule("action", { actions: [module("core/src/lib/actions/customCode.js")] }),
      ]),
      arc(),
    );
    expect(plan.outcomes[0]!.reason).toBe("unknown event module core/src/lib/events/click.js");
    expect(plan.outcomes[1]!.errors).toEqual([
      "action 1 (core/src/lib/actions/customCode.js): unknown action module core/src/lib/actions/customCode.js",
    ]);
  });
});

describe("planEvent: the ruleset", () => {
  it("refuses a library that is not a forwarding ruleset", () => {
    const web = { format: undefined, container: {} } as unknown as Parameters<typeof planEvent>[0];
    expect(() => planEvent(web, arc())).toThrow("not a forwarding ruleset (format undefined)");
  });
});

describe("planEvent: consent", () => {
  const rules = ruleset([
    rule("r", {
      actions: [
        hook(), // collect
        module(ACTION.meta, { pixelId: "1", accessToken: "t", eventName: "PageView" }), // share
        hook({ purpose: "personalize" }),
        hook({ purpose: "none" }),
      ],
    }),
  ]);

  it("withholds the actions whose purpose the event's consent refuses, and says why", () => {
    const plan = planEvent(rules, arc({ consent: { share: { val: "n" } } }));
    expect(plan.actions.map((a) => [a.actionIndex, a.purpose])).toEqual([
      [0, "collect"],
      [2, "personalize"],
      [3, "none"],
    ]);
    expect(plan.outcomes[0]).toEqual({
      ruleId: "r",
      ruleName: "Rule r",
      ran: true,
      withheld: [
        {
          actionIndex: 1,
          purpose: "share",
          reason:
            'action 2 (Meta Conversions API) needs consent to share: the event\'s xdm.consent.share.val is "n"',
        },
      ],
    });
  });

  it("sends only purpose none when the general consent is out", () => {
    const plan = planEvent(rules, arc({}, { request: { consent: "out" } }));
    expect(plan.actions.map((a) => a.actionIndex)).toEqual([3]);
    expect(plan.outcomes[0]!.withheld!.map((w) => [w.actionIndex, w.purpose])).toEqual([
      [0, "collect"],
      [1, "share"],
      [2, "personalize"],
    ]);
  });

  it("refuses an unknown purpose as an error", () => {
    const plan = planEvent(
      ruleset([rule("r", { actions: [hook({ purpose: "marketing" })] })]),
      arc(),
    );
    expect(plan.actions).toEqual([]);
    expect(plan.outcomes[0]!.errors).toEqual([
      "action 1 (Webhook): purpose must be one of none, collect, share, personalize, got marketing",
    ]);
  });
});

describe("planEvent: what a planned action holds", () => {
  it("keys each action by request, event, rule and action", () => {
    const rules = ruleset([rule("r1", { actions: [hook(), hook()] })]);
    const first = planEvent(rules, arc());
    expect(first.actions.map((a) => a.idempotencyKey)).toEqual([
      "sp_9OhXGH9MlcfE6tktX5L8lxvUcz3ia",
      "l5BDrMbYIo-thvCTTeCmiy3IvxSEVTTB",
    ]);
    expect(planEvent(rules, arc({}, { index: 2 })).actions[0]!.idempotencyKey).toBe(
      "ZdOfgFFJHjhp1zV2oCqzfissqPytCTIH",
    );
    expect(idempotencyKey("req-1", 0, "r1", 0)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Planning again gives the same plan: a retried inbox row inserts nothing new.
    expect(planEvent(rules, arc())).toEqual(first);
  });

  it("keeps secrets as placeholders everywhere they go", () => {
    const plan = planEvent(
      ruleset(
        [
          rule("r1", {
            actions: [
              module(ACTION.http, {
                method: "POST",
                url: "https://x.example/{{key}}",
                query: [{ name: "k", value: "{{key}}" }],
                headers: [{ name: "Authorization", value: "Bearer {{key}}" }],
                body: { key: "{{key}}", joined: "{{joined}}" },
              }),
            ],
          }),
        ],
        {
          key: module(DATA_ELEMENT.secret, { name: "api" }),
          joined: module(DATA_ELEMENT.join, { values: ["a", "{{key}}"], separator: ":" }),
        },
      ),
      arc(),
    );
    const placeholder = `${SECRET_OPEN}api${SECRET_CLOSE}`;
    expect(plan.actions[0]!.request).toEqual({
      method: "POST",
      url: `https://x.example/${placeholder}`,
      query: [["k", placeholder]],
      headers: [
        ["Authorization", `Bearer ${placeholder}`],
        ["Content-Type", "application/json"],
        ["Idempotency-Key", "sp_9OhXGH9MlcfE6tktX5L8lxvUcz3ia"],
      ],
      body: JSON.stringify({ key: placeholder, joined: `a:${placeholder}` }),
    });
  });

  it("resolves a token naming no data element to nothing", () => {
    const plan = planEvent(
      ruleset([
        rule("r", {
          actions: [hook({ payload: "custom", body: { a: "{{gone}}", b: "x{{gone}}y" } })],
        }),
      ]),
      arc(),
    );
    expect(plan.actions[0]!.request.body).toBe(`{"b":"xy"}`);
  });
});

describe("the engine and the edge catalogue", () => {
  it("implement the same modules", () => {
    const catalogue = forwardingCatalog.flatMap((extension) =>
      extension.modules.map((m) => `${m.kind} ${m.path}`),
    );
    const engine = [
      `event ${EVENT_RECEIVED}`,
      ...Object.keys(conditionModules).map((path) => `condition ${path}`),
      ...Object.keys(dataElementModules).map((path) => `dataElement ${path}`),
      ...Object.keys(destinationForms).map((path) => `action ${path}`),
    ];
    expect([...catalogue].sort()).toEqual([...engine].sort());
  });

  it("default each action's purpose as the catalogue's form says", () => {
    for (const [path, form] of Object.entries(destinationForms)) {
      const manifest = forwardingCatalog.flatMap((e) => e.modules).find((m) => m.path === path)!;
      expect({ path, purpose: manifest.settings.properties!.purpose!.default }).toEqual({
        path,
        purpose: form.defaultPurpose,
      });
    }
  });
});

describe("planEvent at scale", () => {
  it("plans an event against 2,000 rules", () => {
    const types = [
      "web.webpagedetails.pageViews",
      "web.formFilledOut",
      "commerce.purchases",
      "web.webinteraction.linkClicks",
    ];
    const rules = Array.from({ length: 2000 }, (_, i) =>
      rule(`r${i}`, {
        events: [module(EVENT_RECEIVED, { eventTypes: [types[i % types.length]] })],
        conditions: [
          module(CONDITION.path, { paths: [{ value: `^/products/`, valueIsRegex: true }] }),
          equals("{{section}}", i % 3 === 0 ? "Shoes" : "Hats"),
        ],
        actions: [
          module(ACTION.http, {
            method: "POST",
            url: `https://collect.example/r/${i}`,
            query: [{ name: "page", value: "{{url}}" }],
            body: { email: "{{hashed email}}", page: "{{url}}", rule: i },
          }),
        ],
      }),
    );
    const rs = ruleset(rules, {
      url: module(DATA_ELEMENT.path, { path: "arc.event.xdm.web.webPageDetails.URL" }),
      section: module(DATA_ELEMENT.path, { path: "arc.event.xdm.web.webPageDetails.name" }),
      email: module(DATA_ELEMENT.path, { path: "arc.event.data.email" }),
      "hashed email": module(DATA_ELEMENT.sha256, { value: "{{email}}", normalize: "email" }),
    });
    const events = Array.from({ length: 110 }, (_, i) =>
      arc({}, { index: i, data: { email: `user${i}@example.com` } }),
    );
    for (const event of events.slice(0, 10)) planEvent(rs, event); // warm up the JIT
    const measured = events.slice(10);
    const started = performance.now();
    let planned = 0;
    for (const event of measured) planned += planEvent(rs, event).actions.length;
    const perEvent = (performance.now() - started) / measured.length;
    // 2,000 rules, a quarter take page views, a third of those pass their conditions.
    expect(planned / measured.length).toBe(167);
    console.log(`planEvent: 2,000 rules, ${perEvent.toFixed(2)} ms per event`);
  });
});
