import { expect, test, type Page } from "@playwright/test";
import { openDemoStudio, type DemoStudio } from "./demoStudio.ts";
import type { RunningServer } from "./startServer.ts";

// Validation before save against a real `liftoff serve --demo`, in Chromium: a regex that does
// not compile is said at its field as it is typed; a rule saved under another rule's name is
// refused by the server and said at Name, and the form stays the new rule's; an unfinished
// rule is kept only disabled, and builds go ahead without it.
test.describe.configure({ mode: "serial" });

const pid = "PRpcmarketing";
let server: RunningServer;
let page: Page;
let errors: string[] = [];
let studio: DemoStudio | undefined;

test.beforeAll(async ({ browser }) => {
  studio = await openDemoStudio(browser, "validation");
  ({ server, page, errors } = studio);
});
test.afterAll(async () => {
  await studio?.close();
});

/** The text of the elements a control's aria-describedby names. */
async function description(page: Page, id: string): Promise<string> {
  return page.evaluate((target) => {
    const ids = document.getElementById(target)?.getAttribute("aria-describedby") ?? "";
    return ids
      .split(" ")
      .map((ref) => document.getElementById(ref)?.textContent ?? "")
      .join(" ");
  }, id);
}

test("a regex that does not compile is said at its field while typing", async () => {
  await page.goto(`${server.origin}/studio/properties/${pid}/rules/new`);
  await page.getByRole("button", { name: "Add condition" }).click();
  const condition = page.getByRole("region", { name: /Condition 1/ });
  await condition.getByLabel("Condition type").selectOption({ label: "Path Without Query String" });
  await condition.getByRole("button", { name: "Add path" }).click();
  const value = condition.getByRole("combobox", { name: "Value", exact: true });
  await value.fill("^/auto(");
  await condition.getByRole("checkbox", { name: /regular expression|regex/i }).check();
  await expect(value).toHaveAttribute("aria-invalid", "true");
  const id = (await value.getAttribute("id"))!;
  expect(await description(page, id)).toMatch(/not a valid regular expression: Unterminated group/);
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await value.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`invalid-regex-${width}.png`) });
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await value.fill("^/auto(/|$)");
  await expect(value).toHaveAttribute("aria-invalid", "false");
});

test("a rule saved under another rule's name is refused and said at Name", async () => {
  const state = await page.request.get(`${server.origin}/api/properties/${pid}`);
  const taken = ((await state.json()) as { document: { rules: { name: string }[] } }).document
    .rules[0]!.name;
  await page.goto(`${server.origin}/studio/properties/${pid}/rules/new`);
  const name = page.getByLabel("Name", { exact: true });
  await name.fill(taken);
  const refused = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().endsWith(`/properties/${pid}/rules`),
  );
  await page.getByRole("button", { name: "Save rule" }).click();
  expect((await refused).status()).toBe(409);
  await expect(name).toHaveAttribute("aria-invalid", "true");
  expect(await description(page, "rule-name")).toContain(`A rule named "${taken}" already exists.`);
  await expect(page).toHaveURL(/\/rules\/new$/);
  await expect(page.getByRole("heading", { name: "New rule", level: 1 })).toBeVisible();
  // The 409 is the only console error: Chromium logs every failed request.
  expect(errors.filter((e) => !e.includes("409"))).toEqual([]);
});

test("an unfinished rule is refused enabled, saved disabled, and left out of builds", async () => {
  const name = "Quote page draft";
  await page.goto(`${server.origin}/studio/properties/${pid}/rules/new`);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Add event" }).click();
  await page.getByRole("button", { name: "Add condition" }).click();
  const condition = page.getByRole("region", { name: /Condition 1/ });
  await condition.getByLabel("Condition type").selectOption({ label: "Path Without Query String" });
  await condition.getByRole("button", { name: "Add path" }).click();
  await condition.getByRole("combobox", { name: "Value", exact: true }).fill("^/auto(");
  await condition.getByRole("checkbox", { name: /regular expression|regex/i }).check();
  const refused = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().endsWith(`/properties/${pid}/rules`),
  );
  await page.getByRole("button", { name: "Save rule" }).click();
  expect((await refused).status()).toBe(422);
  const bar = page.getByRole("group", { name: "Save" });
  await expect(bar).toContainText("1 problem: fix it, or save this rule disabled.");
  await bar.getByRole("button", { name: "Save disabled" }).click();
  await expect(bar.getByRole("status")).toHaveText("Saved");
  await expect(bar).toContainText("Disabled");
  await page.screenshot({ path: test.info().outputPath("saved-disabled.png") });

  await page.goto(`${server.origin}/studio/properties/${pid}/rules`);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(
    "Disabled · 1 problem",
  );
  await page.goto(`${server.origin}/studio/properties/${pid}/problems`);
  const disabled = page.getByRole("region", { name: /Disabled items/ });
  await expect(disabled).toContainText(`Rule "${name}" › Condition 1`);
  await expect(disabled).toContainText("not a valid regular expression");

  // The property still builds, and the library carries no trace of the disabled rule.
  const api = page.request;
  const session = (await (await api.get(`${server.origin}/api/session`)).json()) as {
    csrfToken: string;
  };
  const headers = { "x-csrf-token": session.csrfToken };
  const lib = await api.post(`${server.origin}/api/properties/${pid}/libraries`, {
    headers,
    data: { name: "With a draft", environmentId: "ENpcmarketingdevelopment", addAllChanged: true },
  });
  expect(lib.status(), await lib.text()).toBe(201);
  const { id } = (await lib.json()) as { id: string };
  const built = await api.post(`${server.origin}/api/properties/${pid}/libraries/${id}/build`, {
    headers,
  });
  expect(built.status(), await built.text()).toBe(200);
  const code = await (
    await api.get(`${server.origin}/libs/${pid}/ENpcmarketingdevelopment/launch.min.js`)
  ).text();
  expect(code).toContain("_satellite");
  expect(code).not.toContain(name);
  expect(errors.filter((e) => !e.includes("409") && !e.includes("422"))).toEqual([]);
});
