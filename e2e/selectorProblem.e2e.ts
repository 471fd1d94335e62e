import { expect, test } from "@playwright/test";
import { selectorProblem } from "@liftoff/schema";

// Selectors authors write in click, hover and viewport events (and their typos), plus the
// edge cases of the grammar. The server cannot ask a browser, so its parser must agree with
// the browser's own `querySelectorAll` on every one of them.
const SELECTORS = [
  "a",
  "a.cta",
  "#main .nav li:first-child a[href^='/auto']",
  "a.cta, button[data-x='1']",
  "a[href$='.pdf' i]",
  "a[data-track]",
  'form#quote input[type="submit"]',
  "div > p + ul ~ span",
  "div:has(> img)",
  "li:nth-child(2n+1)",
  "li:nth-of-type(odd)",
  "a:not(.x, .y)",
  ":is(h1, h2) > a",
  "a:where(.a)",
  "input:checked",
  "a:hover",
  "a:HOVER",
  "a::before",
  ":-webkit-autofill",
  "*",
  "svg|rect",
  "a\\:b",
  '[data-x="a b"]',
  "a.cta >",
  "> a",
  "a,,b",
  "a,",
  ",a",
  "",
  "   ",
  "[",
  "a[",
  "a[href=]",
  "a:is(",
  "a:hovr",
  "a:first",
  "a:not(> b)",
  "#",
  "[id='']",
  "a#",
  ".",
  "a..b",
  "a)",
  "a:nth-child()",
  "li:nth-child(2n + 1 of .x)",
  "li:nth-child(-n+3)",
  "li:nth-of-type(3n of .x)",
  "li:nth-child(foo)",
  "svg *|rect",
  "[data-x='a=]']",
  "a +",
  "~ a",
  "a > > b",
];

// Browsers close an unclosed `(` at the end as CSS error recovery does; we refuse it, since it
// is a typo every time an author writes it.
const STRICTER = ["a:is("];

test("selectorProblem agrees with Chromium's querySelectorAll on every selector", async ({
  page,
}) => {
  await page.setContent("<main><a class='cta' href='/x'>x</a></main>");
  const browser = await page.evaluate((list) => {
    return list.map((selector) => {
      try {
        document.querySelectorAll(selector);
        return true;
      } catch {
        return false;
      }
    });
  }, SELECTORS);
  const ours = SELECTORS.map((selector) => selectorProblem(selector) === undefined);
  const disagreements = SELECTORS.flatMap((selector, i) =>
    ours[i] === browser[i] || (STRICTER.includes(selector) && !ours[i])
      ? []
      : [`${JSON.stringify(selector)}: browser ${browser[i] ? "accepts" : "refuses"}`],
  );
  expect(disagreements).toEqual([]);
  // The corpus holds both kinds, so the comparison can fail either way.
  expect(browser.filter(Boolean).length).toBeGreaterThan(10);
  expect(browser.filter((ok) => !ok).length).toBeGreaterThan(10);
});
