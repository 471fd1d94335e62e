/**
 * The property's reporting mapping (`settings.reporting`, @liftoff/schema reporting.ts): the
 * eVars its reports group by and the reports built on them and on its event numbers
 * (docs/pc-marketing.md, docs/analytics-mapping.md). The server keeps no column for any of
 * them: it reads each field from the stored event, XDM first (`customDimensions.eVars`, what
 * the Web SDK sends), then the Analytics-style `data.__adobe.analytics` a Launch
 * implementation sends.
 */
import type { PropertyReporting, ReportField, ReportMeasure } from "@liftoff/schema";

const PAGE_VIEW = "web.webpagedetails.pageViews";

/** A field read from eVar N, XDM first. */
const eVar = (name: string, label: string, n: number): ReportField => ({
  name,
  label,
  paths: [
    `xdm._experience.analytics.customDimensions.eVars.eVar${n}`,
    `data.__adobe.analytics.eVar${n}`,
  ],
});

const events = (name: string, eventNumber?: number): ReportMeasure => ({
  name,
  of: "events",
  ...(eventNumber === undefined ? {} : { eventNumber }),
});
const VISITORS: ReportMeasure = { name: "visitors", of: "visitors" };

export const REPORTING: PropertyReporting = {
  fields: [
    eVar("searchTerm", "Search term (eVar7)", 7),
    eVar("deviceType", "Device type (eVar15)", 15),
    eVar("downloadName", "Downloaded file name (eVar9)", 9),
  ],
  reports: [
    {
      // event9 marks a download; the link URL stands in when a download lacks eVar9.
      kind: "top",
      name: "downloads",
      title: "Downloads",
      label: ["downloadName", "linkUrl"],
      labelName: "fileName",
      eventNumber: 9,
      measures: [events("downloads")],
    },
    {
      // A search is a results-page view carrying eVar7; event1 marks one that found results.
      kind: "top",
      name: "searchTerms",
      title: "Search terms and success rate",
      label: ["searchTerm"],
      labelName: "term",
      lowercase: true,
      eventType: PAGE_VIEW,
      measures: [events("searches"), events("successes", 1)],
      rate: { name: "successRate", numerator: "successes", denominator: "searches" },
    },
    {
      kind: "top",
      name: "notFound",
      title: "Pages not found (404)",
      label: ["pageUrl"],
      labelName: "url",
      eventNumber: 17,
      measures: [events("views")],
    },
    {
      kind: "steps",
      name: "scrollFunnel",
      title: "Scroll-depth funnel",
      labelName: "depth",
      steps: [
        { name: "25%", eventNumber: 18 },
        { name: "50%", eventNumber: 19 },
        { name: "75%", eventNumber: 20 },
        { name: "100%", eventNumber: 21 },
      ],
    },
    {
      kind: "steps",
      name: "videoMilestones",
      title: "Video milestones",
      labelName: "milestone",
      steps: [
        { name: "play", eventNumber: 12 },
        { name: "25%", eventNumber: 13 },
        { name: "50%", eventNumber: 14 },
        { name: "75%", eventNumber: 15 },
        { name: "complete", eventNumber: 16 },
      ],
    },
    {
      kind: "top",
      name: "deviceTypes",
      title: "Device types",
      label: ["deviceType"],
      labelName: "deviceType",
      eventType: PAGE_VIEW,
      measures: [events("pageViews"), VISITORS],
    },
  ],
};
