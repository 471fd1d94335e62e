/**
 * The property's rules (issue 9 §1; spec §2, §4, §6, §7, §9). Every send goes through the
 * same two steps (spec §7 "before each send"): update the analytics variable from an XDM
 * data element, clearing the earlier events, interaction name and page views, then send it.
 */
import type {
  PropertyRule,
  PropertyRuleAction,
  PropertyRuleCondition,
  PropertyRuleEvent,
} from "@liftoff/schema";
import loadHostedScript from "./custom-code/loadHostedScript.ts";
import { businessStyles, markNoSnippet } from "./custom-code/stylingFixes.ts";
import { adPixel, insightTag, marketingAutomation } from "./custom-code/thirdPartyTags.ts";
import toSource from "./custom-code/toSource.ts";
import { isExitLink } from "./custom-code/urlParts.ts";
import { ANALYTICS_VARIABLE_ID } from "./dataElements.ts";
import { core, webSdk } from "./modules.ts";

/** Download extensions of spec §9, as one case-insensitive pattern on the link's href. */
export const DOWNLOAD_EXTENSIONS = [
  "doc",
  "docx",
  "eps",
  "xls",
  "ppt",
  "pptx",
  "pdf",
  "xlsx",
  "tab",
  "csv",
  "zip",
  "txt",
  "vsd",
  "vxd",
  "xml",
];
const DOWNLOAD_HREF = `\\.(${DOWNLOAD_EXTENSIONS.join("|")})([?#].*)?$`;

const slug = (name: string) => name.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase();

interface RuleParts {
  events: Array<Omit<PropertyRuleEvent, "id">>;
  conditions?: Array<Omit<PropertyRuleCondition, "id">>;
  actions: Array<Omit<PropertyRuleAction, "id">>;
  description?: string;
}

/** A rule with ids derived from its name, so they stay stable when rules are reordered. */
function rule(name: string, parts: RuleParts): PropertyRule {
  const id = `RLpc_${slug(name)}`;
  const withIds = <T>(list: T[], kind: string) =>
    list.map((component, i) => ({ id: `RC${id.slice(2)}_${kind}${i + 1}`, ...component }));
  return {
    id,
    name,
    ...(parts.description ? { description: parts.description } : {}),
    events: withIds(parts.events, "e"),
    conditions: withIds(parts.conditions ?? [], "c"),
    actions: withIds(parts.actions, "a"),
  };
}

const on = (modulePath: string, settings: Record<string, unknown> = {}, ruleOrder = 50) => ({
  modulePath,
  settings,
  ruleOrder,
});
const javascript = (source: string) => ({
  modulePath: core.customCodeAction,
  settings: { language: "javascript", global: false, source },
});
const notOptedOut = {
  modulePath: core.cookieCondition,
  settings: { name: "dnsCookie", cookieValues: [{ value: "optout", valueIsRegex: false }] },
  negate: true,
};
const path = (value: string, negate = false) => ({
  modulePath: core.pathCondition,
  settings: { paths: [{ value, valueIsRegex: true }] },
  ...(negate ? { negate } : {}),
});

/** Fields every send clears first (spec §7): earlier events, interaction name, page views. */
const CLEARED = {
  "_experience.analytics.event1to100": { clear: true },
  "web.webInteraction.name": { clear: true },
  "web.webPageDetails.pageViews": { clear: true },
};

function update(data: unknown) {
  return {
    modulePath: webSdk.updateVariable,
    settings: { dataElementCacheId: ANALYTICS_VARIABLE_ID, data, transforms: CLEARED },
  };
}
function merge(data: unknown) {
  return {
    modulePath: webSdk.updateVariable,
    settings: { dataElementCacheId: ANALYTICS_VARIABLE_ID, data },
  };
}
function send(type: string, documentUnloading = false) {
  return {
    modulePath: webSdk.sendEvent,
    settings: {
      instanceName: "alloy",
      type,
      xdm: "%analytics variable%",
      ...(documentUnloading ? { documentUnloading } : {}),
    },
  };
}

/**
 * An interaction: the shared interaction XDM, then this rule's name, event number and
 * eVars, then the send. Link clicks that may leave the page go as a beacon.
 */
function interaction(
  name: string,
  event: number | undefined,
  eVars: Record<string, string> = {},
  documentUnloading = false,
) {
  const analytics: Record<string, unknown> = { customDimensions: { eVars } };
  if (event !== undefined) analytics.event1to100 = { [`event${event}`]: { value: 1 } };
  return [
    update("%XDM interaction%"),
    merge({ web: { webInteraction: { name } }, _experience: { analytics } }),
    send("web.webinteraction.linkClicks", documentUnloading),
  ];
}

const click = (elementSelector: string, extra: Record<string, unknown> = {}) =>
  on(core.click, {
    elementSelector,
    bubbleFireIfParent: true,
    bubbleFireIfChildFired: true,
    ...extra,
  });

const scrollRule = (threshold: number, event: number) =>
  rule(`Scroll ${threshold}%`, {
    events: [on(core.scrollDepth, { thresholds: [threshold], initialDelay: 100, timeSpent: 10 })],
    actions: interaction(`scroll ${threshold}%`, event),
  });

const video = "video";
const videoMilestone = (name: string, percent: number, event: number) =>
  rule(name, {
    description:
      percent < 75
        ? `Fires at ${percent} %. The original property names this rule "Video 75% Viewed" (spec §9); the suffix keeps rule names unique.`
        : undefined,
    events: [
      on(core.mediaTimePlayed, { elementSelector: video, amount: percent, unit: "percent" }),
    ],
    actions: interaction(`video ${percent}%`, event, { eVar14: "%video name%" }),
  });

const hostedScript = (file: string) =>
  javascript(
    toSource(
      loadHostedScript,
      "document",
      `_satellite.getVar("hosted scripts base") + ${JSON.stringify(file)}`,
      "_satellite.logger",
    ),
  );

export function createRules(): PropertyRule[] {
  return [
    rule("Data Layer", {
      description: "Publishes window.digitalData before any other rule (ruleOrder 1).",
      events: [on(core.libraryLoaded, {}, 1)],
      actions: [javascript('_satellite.getVar("data layer");')],
    }),
    rule("All Pages - Page View", {
      description: "Every page except /ms/ paths (spec §2).",
      events: [on(core.domReady)],
      conditions: [path("/ms/", true)],
      actions: [update("%XDM page view%"), send("web.webpagedetails.pageViews")],
    }),
    rule("Download Link Click", {
      events: [
        click("a", {
          elementProperties: [{ name: "href", value: DOWNLOAD_HREF, valueIsRegex: true }],
        }),
      ],
      actions: interaction("download", 9, { eVar9: "%downloaded file name%" }, true),
    }),
    rule("Email Link Click", {
      events: [click('a[href^="mailto:" i]')],
      actions: interaction("email link", 8),
    }),
    rule("Phone Link Click", {
      events: [click('a[href^="tel:" i]')],
      actions: interaction("phone link", 77),
    }),
    rule("Podcast Click", {
      events: [click("a.podcast-link")],
      actions: interaction("podcast", 3, { eVar13: "%podcast name%" }),
    }),
    rule("Exit Link Click", {
      events: [click("a[href]")],
      conditions: [
        {
          modulePath: core.customCodeCondition,
          settings: { source: toSource(isExitLink, '_satellite.getVar("link type", event)') },
        },
      ],
      actions: interaction("exit link", undefined, {}, true),
    }),
    rule("Do Not Sell Click", {
      events: [click("a.do-not-sell")],
      actions: interaction("do not sell", 22),
    }),
    rule("Do Not Sell Cookie", {
      description: "Loads the hosted do-not-sell script, which sets dnsCookie=optout (spec §6).",
      events: [click("a.do-not-sell")],
      conditions: [
        {
          modulePath: core.variableCondition,
          settings: { name: "dnsFlag", variableValues: [{ value: "true", valueIsRegex: false }] },
        },
      ],
      actions: [hostedScript("/do-not-sell.js")],
    }),
    scrollRule(25, 18),
    scrollRule(50, 19),
    scrollRule(75, 20),
    scrollRule(100, 21),
    rule("Time and Scroll", {
      events: [on(core.timeAndScroll, { scrollDepth: 50, seconds: 30, initialDelay: 100 })],
      actions: interaction("time and scroll", undefined),
    }),
    rule("Video Play", {
      events: [on(core.mediaPlay, { elementSelector: video })],
      actions: interaction("video play", 12, { eVar14: "%video name%" }),
    }),
    videoMilestone("Video 75% Viewed (25%)", 25, 13),
    videoMilestone("Video 75% Viewed (50%)", 50, 14),
    videoMilestone("Video 75% Viewed", 75, 15),
    rule("Video Complete", {
      events: [on(core.mediaEnded, { elementSelector: video })],
      actions: interaction("video complete", 16, { eVar14: "%video name%" }),
    }),
    rule("Business Pages Styling", {
      events: [on(core.domReady)],
      conditions: [path("business/?$")],
      actions: [javascript(toSource(businessStyles, "document"))],
    }),
    rule("Contact Us No Snippet", {
      events: [on(core.domReady)],
      conditions: [path("^/pcg/contact-us/?$")],
      actions: [javascript(toSource(markNoSnippet, "document"))],
    }),
    rule("Ad Pixel", {
      events: [on(core.windowLoaded)],
      conditions: [notOptedOut],
      actions: [
        javascript(
          toSource(
            adPixel,
            "window",
            "document",
            '_satellite.getVar("ad pixel id")',
            '_satellite.getVar("ad pixel host")',
          ),
        ),
      ],
    }),
    rule("Marketing Automation Tracker", {
      events: [on(core.windowLoaded)],
      actions: [
        javascript(
          toSource(
            marketingAutomation,
            "window",
            "document",
            '_satellite.getVar("marketing automation site id")',
            '_satellite.getVar("marketing automation host")',
          ),
        ),
      ],
    }),
    rule("Insight Tag", {
      events: [on(core.windowLoaded)],
      conditions: [notOptedOut],
      actions: [
        javascript(
          toSource(
            insightTag,
            "window",
            "document",
            '_satellite.getVar("insight partner id")',
            '_satellite.getVar("insight host")',
          ),
        ),
      ],
    }),
    rule("Open UI Change", {
      events: [on(core.windowLoaded)],
      actions: [hostedScript("/open-ui-change.js")],
    }),
    rule("Form Abandonment", {
      events: [on(core.windowLoaded)],
      actions: [hostedScript("/form-abandonment.js")],
    }),
  ];
}
