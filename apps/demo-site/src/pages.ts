/**
 * The demo site's pages, with the shapes of the insurer's real site (issue 9 §2): one table
 * row per page, rendered by renderPage.ts. Deep pages and search variants are generated
 * from the tables below rather than written out.
 */
export interface Page {
  path: string;
  title: string;
  /** Breadcrumb items in order (channel, section, sub-section, sub-section 2). */
  breadcrumb?: string[];
  /** Extra markup inside <main>. */
  body: string;
  /** AEM page-data manager values (window.pageDataManager). */
  pageData?: Record<string, string>;
}

const teasers = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `<div class="teaser"><h3>Teaser ${i + 1}</h3><p>Helpful text ${i + 1}.</p></div>`,
  ).join("");

/** Segments of the deepest page; page N uses the first N (spec §3 "path depth"). */
export const DEEP_SEGMENTS = [
  "pcg",
  "auto",
  "coverage",
  "options",
  "liability",
  "limits",
  "state",
  "texas",
  "city",
  "austin",
  "zip",
  "78701",
];

const title = (segment: string) => segment.charAt(0).toUpperCase() + segment.slice(1);

const deepPages: Page[] = DEEP_SEGMENTS.map((_, i) => {
  const segments = DEEP_SEGMENTS.slice(0, i + 1);
  return {
    path: `/${segments.join("/")}`,
    title: `${title(segments[segments.length - 1]!)} | Example Insurance`,
    breadcrumb: segments.slice(0, 4).map(title),
    // Tall enough to scroll on every depth page.
    body: `<h1>Depth ${i + 1}</h1><div style="height:3000px">Long article.</div>`,
  };
});

/** Search result variants: with/without the totalCount element and the formType field. */
export const SEARCH_VARIANTS = [
  { path: "/search", totalCount: true, formType: true },
  { path: "/search/no-results", totalCount: false, formType: true },
  { path: "/search/site", totalCount: true, formType: false },
  { path: "/search/bare", totalCount: false, formType: false },
];

const searchPages: Page[] = SEARCH_VARIANTS.map((v) => ({
  path: v.path,
  title: "Search | Example Insurance",
  body:
    `<form action="${v.path}"><input name="q">` +
    (v.formType ? '<input type="hidden" name="formType" value="site-search">' : "") +
    "</form>" +
    (v.totalCount ? '<p><span id="totalCount">42</span> results</p>' : "<p>No results.</p>"),
}));

/** Download links, one per extension of spec §9. */
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

export const PAGES: Page[] = [
  {
    path: "/",
    title: "Home | Example Insurance",
    body:
      '<section class="hero-banner"><img alt="" src="/media/hero.svg" width="1200" height="400"></section>' +
      "<h1>Protect what matters</h1><p>Auto, home and business insurance.</p>" +
      teasers(3) +
      // The real home page runs well past one screen (news, claims, agents, awards).
      '<section class="home-stories" style="min-height:2400px"><h2>Stories</h2></section>' +
      '<p><a id="promo" href="/small-business?intcmp=home-hero">Small business</a></p>',
  },
  {
    path: "/small-business",
    title: "Small Business | Example Insurance",
    breadcrumb: ["Business"],
    body:
      '<section class="hero-banner"><img alt="" src="/media/hero.svg" width="1200" height="400">' +
      '<span class="play-icon">▶</span></section><h1>Small business</h1>' +
      teasers(4),
  },
  {
    path: "/ms/agent-portal",
    title: "Agent Portal | Example Insurance",
    body: "<h1>Agent portal</h1>",
  },
  {
    path: "/pcg/contact-us",
    title: "Contact Us | Example Insurance",
    breadcrumb: ["Personal", "Contact Us"],
    pageData: { sitesection: "support", subsection: "contact", sc_category2: "service" },
    body: "<h1>Contact us</h1>" + teasers(5),
  },
  {
    path: "/pcg/auto/auto-insurance",
    title: "Auto Insurance | Example Insurance",
    breadcrumb: ["Personal", "Auto", "Auto Insurance"],
    body:
      "<h1>Auto insurance</h1>" +
      '<div class="product-cta-row"><a href="/pcg/auto/quote">Get a quote</a><a href="/pcg/contact-us">Find an agent</a></div>',
  },
  {
    // Where "Get a quote" leads: the start of a quote, as the real site's form begins.
    path: "/pcg/auto/quote",
    title: "Auto Quote | Example Insurance",
    breadcrumb: ["Personal", "Auto", "Quote"],
    body:
      "<h1>Get an auto quote</h1>" +
      '<form id="quote-form" class="quote" action="/pcg/auto/quote" method="get">' +
      '<label for="quote-zip">ZIP code</label> <input id="quote-zip" name="zip" inputmode="numeric" autocomplete="postal-code"> ' +
      '<label for="quote-year">Vehicle year</label> <input id="quote-year" name="year" inputmode="numeric"> ' +
      '<button type="submit">Start my quote</button></form>' +
      '<p><a href="/pcg/contact-us">Rather talk to an agent?</a></p>',
  },
  {
    path: "/pcg/page-not-found",
    title: "Page Not Found | Example Insurance",
    body: "<h1>We could not find that page</h1>",
  },
  {
    // Mixed case: the 404 test matches page-not-found case-insensitively (spec §2).
    path: "/pcg/claims/Page-Not-Found",
    title: "Page Not Found | Example Insurance",
    body: "<h1>We could not find that claim page</h1>",
  },
  {
    path: "/pcg/resources/media",
    title: "Media | Example Insurance",
    breadcrumb: ["Personal", "Resources", "Media"],
    body:
      '<video id="claims-video" controls muted preload="auto" src="/media/claims-explained.wav"></video>' +
      '<ul><li><a class="podcast-link" id="podcast-ep-12" href="#ep12">Episode 12: storm season</a></li>' +
      '<li><a class="podcast-link" id="podcast-ep-13" href="#ep13">Episode 13: teen drivers</a></li></ul>',
  },
  {
    path: "/pcg/resources/forms",
    title: "Forms | Example Insurance",
    breadcrumb: ["Personal", "Resources", "Forms"],
    body:
      "<ul>" +
      DOWNLOAD_EXTENSIONS.map(
        (ext) =>
          `<li><a class="download" href="/files/claim-form.${ext}">Claim form (${ext})</a></li>`,
      ).join("") +
      "</ul>" +
      '<p><a id="email" href="mailto:claims@example.test">Email claims</a> ' +
      '<a id="phone" href="tel:+18005550100">Call 1-800-555-0100</a> ' +
      '<a id="exit" href="https://partner.example.test/roadside">Roadside partner</a></p>',
  },
  ...searchPages,
  ...deepPages,
];

/** Looks a page up by its URL path (query and trailing slash ignored). */
export function findPage(urlPath: string): Page | undefined {
  const path = urlPath.length > 1 ? urlPath.replace(/\/+$/, "") : urlPath;
  return PAGES.find((p) => p.path === path);
}
