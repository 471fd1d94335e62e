import type { PropertyDataElement } from "@liftoff/schema";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import DataElementEditor from "./DataElementEditor.tsx";

afterEach(cleanup);

const at = {
  path: "/properties/PR1/data-elements/DE1",
  pattern: "/properties/:pid/data-elements/:id",
};

describe("DataElementEditor's Save bar", () => {
  it("saves with Ctrl+S, says Saved, and asks before a link drops later edits", async () => {
    const { calls, router } = renderStudio(<DataElementEditor />, {
      ...at,
      role: "editor",
      state: propertyState(),
      routes: {
        "PUT /api/properties/PR1/data-elements/DE1": (body) => {
          const element = (body as { dataElement: PropertyDataElement }).dataElement;
          const next = propertyState({ revision: 8 });
          next.document.dataElements[0] = element;
          next.resources.find((r) => r.id === "DE1")!.revision = 2;
          return { body: { ...next, saved: { kind: "dataElement", id: "DE1", revision: 2 } } };
        },
      },
    });
    // The form (and its bar) starts over after a save, so look the bar up each time.
    const bar = () => within(screen.getByRole("group", { name: "Save" }));
    // Data elements can be disabled (kept, left out of builds), and the bar says which.
    expect(bar().getByText("Enabled")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Path"), { target: { value: "digitalData.page.type" } });
    expect(bar().getByRole("status").textContent).toBe("Unsaved changes");
    const key = new KeyboardEvent("keydown", { key: "s", ctrlKey: true, cancelable: true });
    act(() => void window.dispatchEvent(key));
    expect(key.defaultPrevented).toBe(true);
    await waitFor(() => expect(bar().getByRole("status").textContent).toBe("Saved"));
    expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({
      revision: 1,
      dataElement: { settings: { path: "digitalData.page.type" } },
    });
    fireEvent.change(screen.getByLabelText("Notes"), { target: { value: "half done" } });
    act(() => void router.navigate("/properties/PR1/rules"));
    const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
    expect(dialog.textContent).toContain("this data element");
  });

  it("asks before deleting a data element others name, naming them", async () => {
    const state = propertyState();
    state.document.rules[0]!.actions[0]!.settings = {
      source: "console.log('%page name%')",
      language: "javascript",
    };
    renderStudio(<DataElementEditor />, { ...at, role: "editor", state, routes: {} });
    fireEvent.click(
      within(screen.getByRole("group", { name: "Save" })).getByRole("button", {
        name: "Delete",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: /Delete the data element/ });
    expect(dialog.textContent).toContain(
      'It is used by rule "Page View": their %page name% would reach pages as that text.',
    );
    expect(within(dialog).getByRole("button", { name: "Delete anyway" })).toBeTruthy();
  });
});
