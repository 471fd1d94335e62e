import type { PresenceEntry } from "@liftoff/schema";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../test/FakeEventSource.ts";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import DataElementsPage from "../dataElements/DataElementsPage.tsx";
import ExtensionsPage from "../extensions/ExtensionsPage.tsx";
import RuleEditor from "../rules/RuleEditor.tsx";
import RulesPage from "../rules/RulesPage.tsx";
import { TAB_ID } from "./presence.ts";
import { usePropertyChanges } from "./usePropertyChanges.ts";

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (tab: string, user: string, kind: PresenceEntry["item"]["kind"], id: string) =>
  ({
    tab,
    user,
    role: "editor",
    item: { kind, id },
    since: "2026-01-01T10:00:00.000Z",
  }) satisfies PresenceEntry;

/** A page of the property as PropertyLayout shows it: its change stream, then the page. */
function withStream(page: React.ReactElement) {
  return function Page() {
    usePropertyChanges("PR1");
    return page;
  };
}

function open(page: React.ReactElement, path: string, pattern: string) {
  const Page = withStream(page);
  const rendered = renderStudio(<Page />, {
    role: "editor",
    path,
    pattern,
    state: propertyState(),
  });
  const stream = FakeEventSource.opened[0]!;
  act(() => stream.send("ready", { revision: 1 }));
  const said = () => rendered.presence.filter((c) => c.path === "/api/properties/PR1/presence");
  return { ...rendered, stream, said };
}

describe("presence in the studio", () => {
  it("says the open rule, lists who else has it open, and says when it leaves", async () => {
    const { stream, said, router } = open(
      <RuleEditor />,
      "/properties/PR1/rules/RL1",
      "/properties/:pid/rules/:id",
    );
    expect(stream.url).toBe(`/api/properties/PR1/changes?tab=${TAB_ID}`);
    await waitFor(() =>
      expect(said().map((c) => c.body)).toContainEqual({
        tab: TAB_ID,
        item: { kind: "rule", id: "RL1" },
      }),
    );
    expect(screen.queryByRole("list", { name: "Also here:" })).toBeNull();

    act(() =>
      stream.send("presence", [
        entry(TAB_ID, "editor-user", "rule", "RL1"),
        entry("samtab0001", "sam", "rule", "RL1"),
        entry("samtab0002", "sam", "rule", "RL1"),
        entry("mytab00002", "editor-user", "rule", "RL1"),
        entry("kimtab0001", "kim", "dataElement", "DE1"),
      ]),
    );
    const list = await screen.findByRole("list", { name: "Also here:" });
    // This tab is left out; a colleague's two tabs are one name; my other tab says so.
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["sam", "You in another tab"]);

    act(() => stream.send("presence", [entry(TAB_ID, "editor-user", "rule", "RL1")]));
    await waitFor(() => expect(screen.queryByRole("list", { name: "Also here:" })).toBeNull());

    const before = said().length;
    await act(() => router.navigate("/elsewhere"));
    await waitFor(() => expect(said().length).toBe(before + 1));
    expect(said().at(-1)!.body).toEqual({ tab: TAB_ID, item: null });
  });

  it("marks the rules and data elements someone else has open, in words", async () => {
    const rules = open(<RulesPage />, "/properties/PR1/rules", "/properties/:pid/rules");
    act(() =>
      rules.stream.send("presence", [
        entry("samtab0001", "sam", "rule", "RL1"),
        entry(TAB_ID, "editor-user", "rule", "RL1"),
      ]),
    );
    const row = (await screen.findByText("Open by sam")).closest("tr")!;
    expect(within(row).getByRole("link", { name: "Page View" })).toBeTruthy();
    cleanup();

    FakeEventSource.opened = [];
    const elements = open(
      <DataElementsPage />,
      "/properties/PR1/data-elements",
      "/properties/:pid/data-elements",
    );
    act(() => elements.stream.send("presence", [entry("kimtab0001", "kim", "dataElement", "DE1")]));
    expect(await screen.findByText("Open by kim")).toBeTruthy();
    expect(screen.queryByText("Open by sam")).toBeNull();
  });

  it("on the Extensions page, says the extension whose form has focus and who else is in it", async () => {
    const { stream, said } = open(
      <ExtensionsPage />,
      "/properties/PR1/extensions",
      "/properties/:pid/extensions",
    );
    const core = await screen.findByRole("form", { name: "Core" });
    act(() => stream.send("presence", [entry("samtab0001", "sam", "extension", "core")]));
    const list = await within(core).findByRole("list", { name: "Also here:" });
    expect(within(list).getByRole("listitem").textContent).toBe("sam");

    fireEvent.focus(within(core).getByRole("button", { name: "Save Core" }));
    await waitFor(() =>
      expect(said().map((c) => c.body)).toContainEqual({
        tab: TAB_ID,
        item: { kind: "extension", id: "core" },
      }),
    );
  });
});
