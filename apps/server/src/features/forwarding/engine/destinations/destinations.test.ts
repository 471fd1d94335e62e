import { SECRET_CLOSE, SECRET_OPEN, type ForwardingRuleset } from "@liftoff/schema";
import { describe, expect, it } from "vitest";
import { ACTION, DATA_ELEMENT, arc, module, rule, ruleset } from "../engineTestSupport.ts";
import { planEvent } from "../planEvent.ts";

const secret = (name: string) => `${SECRET_OPEN}${name}${SECRET_CLOSE}`;
const EMAIL_HASH = "b5fc85e55755f9e0d030a10ab4429b6b2944855f9a0d60077fe832becbc41d72";
const KEY = "sp_9OhXGH9MlcfE6tktX5L8lxvUcz3ia"; // requestId req-1, event 0, rule r1, action 0
const elements: ForwardingRuleset["dataElements"] = {
  email: module(DATA_ELEMENT.path, { path: "arc.event.data.email" }),
  "hashed email": module(DATA_ELEMENT.sha256, { value: "{{email}}", normalize: "email" }),
  url: module(DATA_ELEMENT.path, { path: "arc.event.xdm.web.webPageDetails.URL" }),
  ip: module(DATA_ELEMENT.path, { path: "arc.request.ip" }),
  ua: module(DATA_ELEMENT.path, { path: "arc.request.userAgent" }),
  ecid: module(DATA_ELEMENT.path, { path: "arc.request.ecid" }),
  total: module(DATA_ELEMENT.path, { path: "arc.event.data.total" }),
  order: module(DATA_ELEMENT.path, { path: "arc.event.data.order" }),
  "meta token": module(DATA_ELEMENT.secret, { name: "meta" }),
  "ga secret": module(DATA_ELEMENT.secret, { name: "ga" }),
  "li token": module(DATA_ELEMENT.secret, { name: "linkedin" }),
  "hook token": module(DATA_ELEMENT.secret, { name: "hook" }),
};
const event = arc(
  { timestamp: "2026-11-29T09:59:30.000Z" },
  { data: { email: " Ada@Example.com ", total: 59.9, order: { id: "o-1", items: 2 } } },
);
/** The one request rule r1's one action plans for the event. */
function plan(modulePath: string, settings: Record<string, unknown>, at = event) {
  const result = planEvent(
    ruleset([rule("r1", { actions: [module(modulePath, settings)] })], elements),
    at,
    {
      now: new Date("2030-01-01T00:00:00Z"),
    },
  );
  return result;
}
const requestOf = (modulePath: string, settings: Record<string, unknown>, at = event) => {
  const result = plan(modulePath, settings, at);
  expect(result.outcomes[0]!.errors).toBeUndefined();
  return result.actions[0]!.request;
};
const errorsOf = (modulePath: string, settings: Record<string, unknown>) =>
  plan(modulePath, settings).outcomes[0]!.errors;

describe("Send HTTP request", () => {
  it("sends the request described, tokens filled, query as pairs, JSON body with types kept", () => {
    expect(
      requestOf(ACTION.http, {
        method: "PUT",
        url: "https://collect.example/v1/{{ecid}}?src=liftoff",
        query: [
          { name: "page", value: "{{url}}" },
          { name: "missing", value: "{{nothing}}" },
          { name: "n", value: "{{total}}" },
        ],
        headers: [{ name: "Authorization", value: "Bearer {{hook token}}" }],
        bodyType: "json",
        body: {
          total: "{{total}}",
          order: "{{order}}",
          label: "total {{total}}",
          none: "{{nothing}}",
        },
      }),
    ).toEqual({
      method: "PUT",
      url: "https://collect.example/v1/12345678901234567890123456789012345678?src=liftoff",
      query: [
        ["page", "https://shop.example/products/shoes?color=red"],
        ["n", "59.9"],
      ],
      headers: [
        ["Authorization", `Bearer ${secret("hook")}`],
        ["Content-Type", "application/json"],
        ["Idempotency-Key", KEY],
      ],
      body: `{"total":59.9,"order":{"id":"o-1","items":2},"label":"total 59.9"}`,
    });
  });

  it("encodes a form body, keeping secret placeholders whole, and sends raw text", () => {
    expect(
      requestOf(ACTION.http, {
        method: "POST",
        url: "https://collect.example/form",
        bodyType: "form",
        body: { "page name": "Shoes & Socks", key: "{{hook token}}", n: "{{total}}" },
        headers: [
          { name: "content-type", value: "application/x-www-form-urlencoded; charset=utf-8" },
        ],
      }),
    ).toEqual({
      method: "POST",
      url: "https://collect.example/form",
      query: [],
      headers: [
        ["content-type", "application/x-www-form-urlencoded; charset=utf-8"],
        ["Idempotency-Key", KEY],
      ],
      body: `page+name=Shoes+%26+Socks&key=${secret("hook")}&n=59.9`,
    });
    expect(
      requestOf(ACTION.http, {
        method: "POST",
        url: "https://collect.example/raw",
        bodyType: "raw",
        body: "hit {{total}}",
      }),
    ).toMatchObject({
      body: "hit 59.9",
      headers: [
        ["Content-Type", "text/plain;charset=UTF-8"],
        ["Idempotency-Key", KEY],
      ],
    });
  });

  it("sends GET without a body, and refuses a body on GET, a bad URL and an unknown method", () => {
    expect(
      requestOf(ACTION.http, { method: "GET", url: "http://collect.example/p", bodyType: "none" }),
    ).toEqual({
      method: "GET",
      url: "http://collect.example/p",
      query: [],
      headers: [["Idempotency-Key", KEY]],
      body: null,
    });
    expect(
      errorsOf(ACTION.http, { method: "GET", url: "https://x.example", body: { a: 1 } }),
    ).toEqual([
      "action 1 (Send HTTP request): a GET request has no body: set the body to none or use another method",
    ]);
    expect(errorsOf(ACTION.http, { method: "POST", url: "ftp://x.example" })).toEqual([
      'action 1 (Send HTTP request): url must be an http:// or https:// URL, got "ftp://x.example"',
    ]);
    expect(errorsOf(ACTION.http, { method: "TRACE", url: "https://x.example" })![0]).toContain(
      "method must be one of",
    );
  });
});

describe("Meta Conversions API", () => {
  const settings = {
    pixelId: "1234567890",
    accessToken: "{{meta token}}",
    eventName: "Purchase",
    eventSourceUrl: "{{url}}",
    email: "{{hashed email}}",
    externalId: "{{ecid}}",
    clientIpAddress: "{{ip}}",
    clientUserAgent: "{{ua}}",
    customData: { value: "{{total}}", currency: "EUR" },
    testEventCode: "TEST123",
  };

  it("posts one event with the idempotency key as event_id and the token as a placeholder", () => {
    const request = requestOf(ACTION.meta, settings);
    expect(request).toEqual({
      method: "POST",
      url: "https://graph.facebook.com/v21.0/1234567890/events",
      query: [["access_token", secret("meta")]],
      headers: [["Content-Type", "application/json"]],
      body: expect.any(String),
    });
    expect(JSON.parse(request.body!)).toEqual({
      data: [
        {
          event_name: "Purchase",
          event_time: 1795946370,
          event_id: KEY,
          action_source: "website",
          event_source_url: "https://shop.example/products/shoes?color=red",
          user_data: {
            em: [EMAIL_HASH],
            external_id: "12345678901234567890123456789012345678",
            client_ip_address: "203.0.113.9",
            client_user_agent: "Mozilla/5.0 Test",
          },
          custom_data: { value: 59.9, currency: "EUR" },
        },
      ],
      test_event_code: "TEST123",
    });
  });

  it("leaves out what resolves to nothing, and takes another endpoint", () => {
    const request = requestOf(
      ACTION.meta,
      {
        pixelId: "1",
        accessToken: "{{meta token}}",
        eventName: "PageView",
        email: "{{hashed email}}",
        endpoint: "http://127.0.0.1:4010/meta/",
      },
      arc({}, { data: {} }),
    );
    expect(request.url).toBe("http://127.0.0.1:4010/meta/1/events");
    expect(JSON.parse(request.body!)).toEqual({
      data: [
        {
          event_name: "PageView",
          event_time: 1795946400, // no xdm.timestamp: when the edge received it
          event_id: KEY,
          action_source: "website",
          user_data: {},
        },
      ],
    });
  });

  it("refuses a plain e-mail address and an empty pixel id", () => {
    expect(errorsOf(ACTION.meta, { ...settings, email: "{{email}}" })).toEqual([
      "action 1 (Meta Conversions API): email must be hashed (a SHA-256 data element); a plain e-mail address is not sent",
    ]);
    expect(errorsOf(ACTION.meta, { ...settings, pixelId: "{{nothing}}" })).toEqual([
      "action 1 (Meta Conversions API): pixelId is empty",
    ]);
  });
});

describe("Google Analytics 4 Measurement Protocol", () => {
  it("posts one event with the id and secret as query pairs", () => {
    const request = requestOf(ACTION.ga4, {
      measurementId: "G-ABC123",
      apiSecret: "{{ga secret}}",
      clientId: "{{ecid}}",
      userId: "u-7",
      eventName: "purchase",
      params: { value: "{{total}}", currency: "EUR", page_location: "{{url}}" },
    });
    expect(request).toEqual({
      method: "POST",
      url: "https://www.google-analytics.com/mp/collect",
      query: [
        ["measurement_id", "G-ABC123"],
        ["api_secret", secret("ga")],
      ],
      headers: [["Content-Type", "application/json"]],
      body: JSON.stringify({
        client_id: "12345678901234567890123456789012345678",
        user_id: "u-7",
        events: [
          {
            name: "purchase",
            params: {
              value: 59.9,
              currency: "EUR",
              page_location: "https://shop.example/products/shoes?color=red",
            },
          },
        ],
      }),
    });
  });

  it("sends empty params when none are given, and refuses a missing client id", () => {
    const request = requestOf(ACTION.ga4, {
      measurementId: "G-1",
      apiSecret: "s",
      clientId: "c",
      eventName: "page_view",
    });
    expect(JSON.parse(request.body!)).toEqual({
      client_id: "c",
      events: [{ name: "page_view", params: {} }],
    });
    expect(
      errorsOf(ACTION.ga4, {
        measurementId: "G-1",
        apiSecret: "s",
        clientId: "{{nothing}}",
        eventName: "x",
      }),
    ).toEqual(["action 1 (Google Analytics 4): clientId is empty"]);
  });
});

describe("LinkedIn Conversions API", () => {
  it("posts the conversion with its headers, the key as eventId and the value", () => {
    const request = requestOf(ACTION.linkedin, {
      conversionRuleId: "987654",
      accessToken: "{{li token}}",
      email: "{{hashed email}}",
      value: "{{total}}",
      currency: "EUR",
    });
    expect(request).toEqual({
      method: "POST",
      url: "https://api.linkedin.com/rest/conversionEvents",
      query: [],
      headers: [
        ["Authorization", `Bearer ${secret("linkedin")}`],
        ["LinkedIn-Version", "202404"],
        ["X-Restli-Protocol-Version", "2.0.0"],
        ["Content-Type", "application/json"],
      ],
      body: JSON.stringify({
        conversion: "urn:lla:llaPartnerConversion:987654",
        conversionHappenedAt: 1795946370000,
        eventId: KEY,
        user: { userIds: [{ idType: "SHA256_EMAIL", idValue: EMAIL_HASH }] },
        conversionValue: { currencyCode: "EUR", amount: "59.9" },
      }),
    });
  });

  it("leaves out the value when there is none, and refuses a missing or plain e-mail", () => {
    const request = requestOf(ACTION.linkedin, {
      conversionRuleId: "1",
      accessToken: "t",
      email: "{{hashed email}}",
    });
    expect(JSON.parse(request.body!)).not.toHaveProperty("conversionValue");
    expect(
      errorsOf(ACTION.linkedin, {
        conversionRuleId: "1",
        accessToken: "t",
        email: "{{nothing}}",
      })![0],
    ).toContain("email is empty: LinkedIn needs the visitor's hashed e-mail");
    expect(
      errorsOf(ACTION.linkedin, {
        conversionRuleId: "1",
        accessToken: "t",
        email: "a@b.example",
      })![0],
    ).toContain("email must be hashed");
  });
});

describe("Webhook", () => {
  it("posts the event with the request's facts, and the idempotency key", () => {
    const request = requestOf(ACTION.webhook, {
      url: "https://hooks.example/in",
      headers: [{ name: "X-Token", value: "{{hook token}}" }],
    });
    expect(request).toEqual({
      method: "POST",
      url: "https://hooks.example/in",
      query: [],
      headers: [
        ["X-Token", secret("hook")],
        ["Content-Type", "application/json"],
        ["Idempotency-Key", KEY],
      ],
      body: JSON.stringify({
        xdm: event.event.xdm,
        data: event.event.data,
        request: {
          receivedAt: "2026-11-29T10:00:00.000Z",
          origin: "https://shop.example",
          ecid: "12345678901234567890123456789012345678",
        },
      }),
    });
  });

  it("posts a custom body with tokens keeping their types", () => {
    const request = requestOf(ACTION.webhook, {
      url: "https://hooks.example/in",
      payload: "custom",
      body: { order: "{{order}}", total: "{{total}}", page: "{{url}}" },
    });
    expect(request.body).toBe(
      `{"order":{"id":"o-1","items":2},"total":59.9,"page":"https://shop.example/products/shoes?color=red"}`,
    );
    expect(
      errorsOf(ACTION.webhook, { url: "https://hooks.example/in", payload: "custom" }),
    ).toEqual(["action 1 (Webhook): body is empty (payload custom)"]);
  });
});
