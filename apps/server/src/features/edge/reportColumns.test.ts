import { describe, expect, it } from "vitest";
import reportColumns from "./reportColumns.ts";

describe("reportColumns", () => {
  it("reads the generic XDM fields the reports group by, and no property's own (docs/analytics-mapping.md)", () => {
    expect(
      reportColumns({
        xdm: {
          eventType: "web.webinteraction.linkClicks",
          web: {
            webPageDetails: {
              name: "pc:claims",
              URL: "https://www.example.test/claims",
              siteSection: "claims",
            },
            webInteraction: { type: "download", URL: "https://www.example.test/f.pdf" },
          },
          marketing: { trackingCode: "cmp-1" },
          _experience: {
            analytics: {
              customDimensions: { eVars: { eVar7: "hail", eVar9: "f.pdf", eVar15: "Mobile" } },
              event1to100: { event9: { value: 1 }, event1: {}, event18: { value: 0 }, eventx: {} },
            },
          },
        },
      }),
    ).toEqual({
      eventType: "web.webinteraction.linkClicks",
      pageName: "pc:claims",
      pageUrl: "https://www.example.test/claims",
      siteSection: "claims",
      eventNumbers: "1,9",
      linkType: "download",
      linkUrl: "https://www.example.test/f.pdf",
      // The eVars are a property's own: its reporting mapping reads them from the event.
      campaign: "cmp-1",
    });
  });

  it("falls back to data.__adobe.analytics and ignores empty or non-string values", () => {
    const columns = reportColumns({
      xdm: {
        eventType: "",
        _experience: { analytics: { customDimensions: { eVars: { eVar7: 3 } } } },
      },
      data: {
        __adobe: {
          analytics: {
            pageName: "pc:home",
            channel: "home",
            events: "event22, event77=2,prop1,event1001",
            eVar7: "flood",
            eVar15: "",
            campaign: "cmp-2",
            linkType: "e",
          },
        },
      },
    });
    expect(columns).toMatchObject({
      eventType: null,
      pageName: "pc:home",
      siteSection: "home",
      eventNumbers: "22,77",
      campaign: "cmp-2",
      linkType: "e",
    });
    expect(reportColumns({ xdm: {} })).toMatchObject({ eventNumbers: null, pageName: null });
  });
});
