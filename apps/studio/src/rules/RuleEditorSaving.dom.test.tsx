import type { PropertyRule } from "@liftoff/schema";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio, type Routes } from "../../test/renderStudio.tsx";
import RuleEditor from "./RuleEditor.tsx";

afterEach(cleanup);

const at = { path: "/properties/PR1/rules/RL1", pattern: "/properties/:pid/rules/:id" };

/** The server's answer to a save: the rule as sent, one revision on. */
const saving: Routes = {
  "PUT /api/properties/PR1/rules/RL1": (body) => {
    const rule = (body as { rule: PropertyRule }).rule;
    const next = propertyState({ revision: 8 });
    next.document.rules[0] = rule;
    Object.assign(
      next.resources.find((r) => r.id === "RL1")!,
      { revision: 2, name: rule.name },
    );
    return { body: { ...next, saved: { kind: "rule", id: "RL1", name: rule.name, revision: 2 } } };
  },
};

const bar = () => within(screen.getByRole("group", { name: "Save" }));
const status = () => bar().getByRole("status");

function open(routes: Routes = saving) {
  return renderStudio(<RuleEditor />, { ...at, role: "editor", state: propertyState(), routes });
}

describe("RuleEditor's Save bar", () => {
  it("shows the rule's state: unsaved changes, then Saved with the new revision", async () => {
    open();
    expect(status().textContent).toBe("No unsaved changes");
    expect(bar().getByText("Revision 1")).toBeTruthy();
    expect(bar().getByText("Enabled")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Page View 2" } });
    expect(status().textContent).toBe("Unsaved changes");
    fireEvent.click(screen.getByLabelText("Enabled"));
    expect(bar().getByText("Disabled")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save rule" }));
    await waitFor(() => expect(status().textContent).toBe("Saved"));
    expect(bar().getByText("Revision 2")).toBeTruthy();
    // The next edit makes it unsaved again.
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Page View 3" } });
    expect(status().textContent).toBe("Unsaved changes");
  });

  it("saves with Ctrl+S and with Cmd+S, keeping the browser from saving the page", async () => {
    const { calls } = open();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "By keyboard" } });
    const ctrl = new KeyboardEvent("keydown", { key: "s", ctrlKey: true, cancelable: true });
    act(() => void window.dispatchEvent(ctrl));
    expect(ctrl.defaultPrevented).toBe(true);
    await waitFor(() => expect(status().textContent).toBe("Saved"));
    const puts = () => calls.filter((c) => c.method === "PUT");
    expect(puts()[0]!.body).toMatchObject({ revision: 1, rule: { name: "By keyboard" } });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "By Mac keyboard" } });
    const cmd = new KeyboardEvent("keydown", { key: "S", metaKey: true, cancelable: true });
    act(() => void window.dispatchEvent(cmd));
    expect(cmd.defaultPrevented).toBe(true);
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]!.body).toMatchObject({ rule: { name: "By Mac keyboard" } });
  });

  it("Cancel discards the edits and goes back to the stored rule", () => {
    open();
    const cancel = screen.getByRole("button", { name: "Cancel" });
    expect(cancel).toHaveProperty("disabled", true);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Scratch" } });
    fireEvent.click(screen.getByRole("button", { name: "Add action" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByLabelText("Name")).toHaveProperty("value", "Page View");
    expect(screen.queryByRole("region", { name: /Action 2/ })).toBeNull();
    expect(status().textContent).toBe("No unsaved changes");
  });

  it("asks before an in-app link drops unsaved edits, and stays or leaves as told", async () => {
    const { router } = open();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Half done" } });
    act(() => void router.navigate("/properties/PR1/data-elements"));
    const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
    expect(dialog.textContent).toContain("Your unsaved changes to this rule will be lost.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/properties/PR1/rules/RL1");
    expect(screen.getByLabelText("Name")).toHaveProperty("value", "Half done");
    act(() => void router.navigate("/properties/PR1/data-elements"));
    const again = await screen.findByRole("dialog", { name: "Leave without saving?" });
    fireEvent.click(within(again).getByRole("button", { name: "Leave without saving" }));
    await screen.findByText("Another page");
    expect(router.state.location.pathname).toBe("/properties/PR1/data-elements");
  });

  it("lets an unedited rule go without asking, and asks the browser on tab close only with edits", async () => {
    const { router } = open();
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Half done" } });
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(unload()).toBe(false);
    act(() => void router.navigate("/properties/PR1/data-elements"));
    await screen.findByText("Another page");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("offers Save disabled when the server refuses an enabled rule with problems", async () => {
    const refusing: Routes = {
      "PUT /api/properties/PR1/rules/RL1": (body) => {
        const rule = (body as { rule: PropertyRule }).rule;
        if (rule.enabled !== false)
          return {
            status: 422,
            body: {
              type: "urn:liftoff:errors:api:item-has-problems",
              title: "This rule has problems",
              status: 422,
              detail: "…",
              errors: [{ path: "rule.actions[0].settings.source", message: "does not parse" }],
            },
          };
        return saving["PUT /api/properties/PR1/rules/RL1"]!(body);
      },
    };
    const { calls } = open(refusing);
    expect(screen.queryByRole("button", { name: "Save disabled" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Half done" } });
    fireEvent.click(screen.getByRole("button", { name: "Save rule" }));
    const saveDisabled = await screen.findByRole("button", { name: "Save disabled" });
    expect(bar().getByText(/1 problem: fix it, or save this rule disabled/)).toBeTruthy();
    expect(status().textContent).toBe("Unsaved changes");
    fireEvent.click(saveDisabled);
    await waitFor(() => expect(status().textContent).toBe("Saved"));
    expect(bar().getByText("Disabled")).toBeTruthy();
    const puts = calls.filter((c) => c.method === "PUT");
    expect(puts.map((c) => (c.body as { rule: PropertyRule }).rule.enabled)).toEqual([
      undefined,
      false,
    ]);
    expect(screen.queryByRole("button", { name: "Save disabled" })).toBeNull();
  });
});
