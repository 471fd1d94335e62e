import type { PropertyDocument } from "@liftoff/schema";

/**
 * A small event forwarding property (platform `edge`): page views to a webhook and, for
 * purchases, to Meta with a hashed e-mail and a secret token. Each call returns a fresh copy.
 */
export function edgeProperty(): PropertyDocument {
  return {
    formatVersion: 1,
    company: {},
    property: { id: "PRedge", name: "Server side", settings: { platform: "edge" } },
    environments: [
      { id: "dev", name: "Development", stage: "development" },
      { id: "stg", name: "Staging", stage: "staging" },
      { id: "prod", name: "Production", stage: "production" },
    ],
    extensions: [{ name: "core" }, { name: "webhook" }, { name: "meta-capi" }],
    dataElements: [
      {
        id: "DE1",
        name: "page url",
        modulePath: "core/src/lib/dataElements/path.js",
        settings: { path: "arc.event.xdm.web.webPageDetails.URL" },
      },
      {
        id: "DE2",
        name: "email",
        modulePath: "core/src/lib/dataElements/path.js",
        settings: { path: "arc.event.data.email" },
      },
      {
        id: "DE3",
        name: "hashed email",
        modulePath: "core/src/lib/dataElements/sha256.js",
        settings: { value: "{{email}}", normalize: "email" },
      },
      {
        id: "DE4",
        name: "meta token",
        modulePath: "core/src/lib/dataElements/secret.js",
        settings: { name: "meta" },
      },
      {
        id: "DE5",
        name: "unused draft",
        modulePath: "core/src/lib/dataElements/constant.js",
        settings: { value: 1 },
        enabled: false,
      },
    ],
    rules: [
      {
        id: "RL1",
        name: "Page views to the webhook",
        events: [
          {
            id: "RL1-e0",
            modulePath: "core/src/lib/events/eventReceived.js",
            settings: { eventTypes: ["web.webpagedetails.pageViews"] },
          },
        ],
        conditions: [
          {
            id: "RL1-c0",
            modulePath: "core/src/lib/conditions/path.js",
            settings: { paths: [{ value: "^/products/", valueIsRegex: true }] },
            negate: true,
          },
        ],
        actions: [
          {
            id: "RL1-a0",
            modulePath: "webhook/src/lib/actions/sendEvent.js",
            settings: {
              url: {
                development: "http://127.0.0.1:4010/hook",
                staging: "https://hooks-staging.example/in",
                production: "https://hooks.example/in",
              },
            },
          },
        ],
      },
      {
        id: "RL2",
        name: "Purchases to Meta",
        events: [
          {
            id: "RL2-e0",
            modulePath: "core/src/lib/events/eventReceived.js",
            settings: { eventTypes: ["commerce.purchases"] },
          },
        ],
        conditions: [],
        actions: [
          {
            id: "RL2-a0",
            modulePath: "meta-capi/src/lib/actions/sendEvent.js",
            settings: {
              pixelId: "1234567890",
              accessToken: "{{meta token}}",
              eventName: "Purchase",
              eventSourceUrl: "{{page url}}",
              email: "{{hashed email}}",
            },
          },
        ],
      },
      {
        id: "RL3",
        name: "Draft",
        enabled: false,
        events: [],
        conditions: [],
        actions: [],
      },
    ],
  };
}
