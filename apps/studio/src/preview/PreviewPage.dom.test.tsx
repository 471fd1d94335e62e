import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { devLibrary, previewSession } from "../../test/previewFixtures.ts";
import { renderStudio, type Routes } from "../../test/renderStudio.tsx";
import PreviewPage from "./PreviewPage.tsx";

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const published = { ...devLibrary, id: "LB0", name: "October release", state: "published" };

function renderPreview(
  role: "editor" | "viewer",
  routes: Routes = {},
  path = "/properties/PR1/preview",
) {
  return renderStudio(<PreviewPage />, {
    role,
    path,
    pattern: "/properties/:pid/preview",
    state: propertyState(),
    routes: {
      "GET /api/properties/PR1/libraries": () => ({ body: [devLibrary, published] }),
      "GET /api/properties/PR1/previews": () => ({ body: [] }),
      ...routes,
    },
  });
}

describe("PreviewPage", () => {
  it("starts a preview of a development library on the given page and remembers the page", async () => {
    const session = previewSession();
    const { calls, router } = renderPreview("editor", {
      "POST /api/properties/PR1/previews": () => ({ status: 201, body: session }),
    });
    const url = screen.getByLabelText<HTMLInputElement>("Page URL");
    // Nothing used before: the property's first domain.
    expect(url.value).toBe("https://example.com/");
    const what = screen.getByLabelText("What to preview");
    await within(what).findByRole("option", { name: "Library: November release" });
    // Only development libraries can be previewed.
    expect(within(what).queryByRole("option", { name: /October release/ })).toBeNull();
    fireEvent.change(what, { target: { value: "LB1" } });
    fireEvent.change(url, { target: { value: "https://example.com/pcg/auto/quote" } });
    fireEvent.click(screen.getByRole("button", { name: "Start preview" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/properties/PR1/preview/${session.id}`),
    );
    const post = calls.find((c) => c.method === "POST");
    expect(post).toMatchObject({
      path: "/api/properties/PR1/previews",
      body: { libraryId: "LB1", url: "https://example.com/pcg/auto/quote" },
      csrf: "csrf-1",
    });
    expect(localStorage.getItem("liftoff.preview.url.PR1")).toBe(
      "https://example.com/pcg/auto/quote",
    );
  });

  it("prefills the site the development datastream allows, before the property's domain", async () => {
    renderPreview("editor", {
      "GET /api/datastreams": () => ({
        body: {
          datastreams: [
            {
              id: "other",
              propertyId: "PR9",
              stage: "development",
              allowedOrigins: ["https://x.test"],
            },
            {
              id: "prod",
              propertyId: "PR1",
              stage: "production",
              allowedOrigins: ["https://www.example.com"],
            },
            {
              id: "dev",
              propertyId: "PR1",
              stage: "development",
              allowedOrigins: ["http://127.0.0.1:8081"],
            },
          ],
        },
      }),
    });
    const url = screen.getByLabelText<HTMLInputElement>("Page URL");
    await waitFor(() => expect(url.value).toBe("http://127.0.0.1:8081/"));
    // Once edited, the field keeps what was typed.
    fireEvent.change(url, { target: { value: "http://127.0.0.1:8081/pcg/auto/quote" } });
    expect(url.value).toBe("http://127.0.0.1:8081/pcg/auto/quote");
  });

  it("previews the working state without a library, prefilled with the last page used", async () => {
    localStorage.setItem("liftoff.preview.url.PR1", "https://example.com/last");
    const { calls } = renderPreview("editor", {
      "POST /api/properties/PR1/previews": () => ({ status: 201, body: previewSession() }),
    });
    expect(screen.getByLabelText<HTMLInputElement>("Page URL").value).toBe(
      "https://example.com/last",
    );
    fireEvent.click(screen.getByRole("button", { name: "Start preview" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      url: "https://example.com/last",
    });
  });

  it("chooses the library a library page sent it with", async () => {
    renderPreview("editor", {}, "/properties/PR1/preview?library=LB1");
    await screen.findByRole("option", { name: "Library: November release" });
    expect(screen.getByLabelText<HTMLSelectElement>("What to preview").value).toBe("LB1");
  });

  it("refuses a page address that is not http(s) and says why, sending nothing", async () => {
    const { calls } = renderPreview("editor", {
      "POST /api/properties/PR1/previews": () => ({ status: 201, body: previewSession() }),
    });
    const url = screen.getByLabelText("Page URL");
    fireEvent.change(url, { target: { value: "example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Start preview" }));
    expect(await screen.findByText(/starting with https:\/\/ or http:\/\//)).toBeTruthy();
    expect(url.getAttribute("aria-invalid")).toBe("true");
    // Corrected, it starts: the one request sent is the corrected one.
    fireEvent.change(url, { target: { value: "https://example.com/a" } });
    fireEvent.click(screen.getByRole("button", { name: "Start preview" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { url: "https://example.com/a" },
    ]);
  });

  it("shows a viewer why they cannot start one", async () => {
    renderPreview("viewer");
    expect(screen.getByText(/Starting a preview needs the editor role/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Start preview" }).disabled).toBe(
      true,
    );
    expect(screen.getByLabelText<HTMLInputElement>("Page URL").disabled).toBe(true);
    expect(await screen.findByText("You have no preview sessions here.")).toBeTruthy();
  });

  it("lists my sessions: active ones with Open and End preview, ended ones greyed", async () => {
    const active = previewSession();
    const ended = previewSession({
      id: "f".repeat(32),
      label: "Working state",
      libraryId: undefined,
      endedAt: new Date().toISOString(),
    });
    let list = [ended, active];
    const { calls } = renderPreview("editor", {
      "GET /api/properties/PR1/previews": () => ({ body: list }),
      [`DELETE /api/previews/${active.id}`]: () => {
        list = [ended, { ...active, endedAt: new Date().toISOString() }];
        return { body: list[1] };
      },
    });
    const open = await screen.findByRole("link", { name: "Open the preview of November release" });
    expect(open.getAttribute("href")).toBe(`/properties/PR1/preview/${active.id}`);
    expect(screen.getByText(/ends in 58 min/)).toBeTruthy();
    const endedItem = screen
      .getByRole("link", { name: "Open the preview of Working state" })
      .closest("li")!;
    expect(endedItem.className).toContain("preview-ended");
    expect(within(endedItem).queryByRole("button", { name: /End/ })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "End preview of November release" }));
    const dialog = await screen.findByRole("dialog", {
      name: "End the preview of “November release”?",
    });
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "End preview" }));
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "End preview of November release" })).toBeNull(),
    );
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      `/api/previews/${active.id}`,
    ]);
  });
});
