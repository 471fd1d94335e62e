import { manifest } from "@liftoff/core";
import type { JsonSettings, SettingsSchema } from "@liftoff/schema";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { PathMessage } from "./problems.ts";
import SettingsForm from "./SettingsForm.tsx";

afterEach(cleanup);

const click = manifest.find((m) => m.kind === "event" && m.name === "click")!.settings;

// A grouped field comes first in the manifest, so ungrouped-first ordering is visible.
const mixed: SettingsSchema = {
  type: "object",
  properties: {
    delay: { type: "number", title: "Wait (ms)", group: "Timing" },
    name: { type: "string", title: "Name" },
    pattern: { type: "string", title: "Pattern", format: "regex", group: "Advanced" },
    poll: { type: "number", title: "Look every (ms)", group: "Timing" },
  },
};

function Harness({
  schema,
  initial,
  problems,
}: {
  schema: SettingsSchema;
  initial?: JsonSettings;
  problems?: PathMessage[];
}) {
  const [value, setValue] = useState<JsonSettings | undefined>(initial);
  return (
    <SettingsForm
      idPrefix="g"
      schema={schema}
      value={value}
      problems={problems}
      onChange={setValue}
    />
  );
}

const toggle = (name: string) => screen.getByRole("button", { name: new RegExp(`^${name}`) });

describe("SettingsGroup", () => {
  it("shows ungrouped fields first, then each group in the order of its first field", () => {
    render(<Harness schema={mixed} />);
    const labels = [...document.querySelectorAll("label, .settings-group > button")].map((e) =>
      e.textContent.trim(),
    );
    expect(labels).toEqual([
      "Name",
      "Timing",
      "Wait (ms)",
      "Look every (ms)",
      expect.stringMatching(/^Advanced/),
      "Pattern",
    ]);
    const timing = screen.getByRole("group", { name: "Timing" });
    expect(within(timing).getByRole("spinbutton", { name: "Wait (ms)" })).toBeTruthy();
    expect(within(timing).getByRole("spinbutton", { name: "Look every (ms)" })).toBeTruthy();
  });

  it("starts Advanced closed with a one-line summary and other groups open", () => {
    render(<Harness schema={click} initial={{ elementSelector: "a.cta" }} />);
    expect(toggle("Advanced").getAttribute("aria-expanded")).toBe("false");
    expect(toggle("Advanced").textContent).toBe("Advanced4 settings");
    // Closed, its fields are out of sight and out of the accessibility tree.
    expect(screen.queryByRole("group", { name: "Advanced" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: /Stop rules for outer elements/ })).toBeNull();
    expect(screen.getByRole("combobox", { name: "Elements matching (CSS selector)" })).toBeTruthy();

    render(<Harness schema={mixed} />);
    expect(toggle("Timing").getAttribute("aria-expanded")).toBe("true");
  });

  it("opens on a click and keeps the fields inside labelled", () => {
    render(<Harness schema={click} />);
    const button = toggle("Advanced");
    // A native button: Tab reaches it and Enter or Space presses it (e2e/ruleEditor checks the keys).
    expect(button.tagName).toBe("BUTTON");
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const group = screen.getByRole("group", { name: "Advanced" });
    expect(button.getAttribute("aria-controls")).toBe(group.id);
    const stop = within(group).getByRole("checkbox", {
      name: "Stop rules for outer elements after this one runs",
    });
    expect(stop).toHaveProperty("checked", false);
    fireEvent.click(stop);
    expect(stop).toHaveProperty("checked", true);
    const delay = within(group).getByRole("spinbutton", { name: "Hold a clicked link (ms)" });
    expect(document.getElementById(delay.getAttribute("aria-describedby")!)!.textContent).toMatch(
      /^Gives the rule time/,
    );
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.textContent).toBe("Advanced4 settings · 1 changed");
  });

  it("starts open when a field inside has a stored problem, and says so when closed", () => {
    render(
      <Harness
        schema={click}
        initial={{ elementSelector: "a" }}
        problems={[{ path: "anchorDelay", message: "must be at least 1, got 0" }]}
      />,
    );
    const group = screen.getByRole("group", { name: "Advanced" });
    const delay = within(group).getByRole("spinbutton", { name: "Hold a clicked link (ms)" });
    expect(delay.getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(toggle("Advanced"));
    expect(toggle("Advanced").textContent).toBe("Advanced4 settings · 1 problem");
  });

  it("starts open when a value inside breaks the schema as typed, or differs from its default", () => {
    render(<Harness schema={mixed} initial={{ pattern: "^/auto(" }} />);
    const pattern = within(screen.getByRole("group", { name: "Advanced" })).getByRole("combobox", {
      name: "Pattern",
    });
    expect(pattern.getAttribute("aria-invalid")).toBe("true");
    cleanup();
    render(<Harness schema={click} initial={{ elementSelector: "a", bubbleStop: true }} />);
    expect(toggle("Advanced").getAttribute("aria-expanded")).toBe("true");
    cleanup();
    // Values equal to the defaults (what a new component starts with) leave it closed.
    render(
      <Harness
        schema={click}
        initial={{ elementSelector: "a", bubbleStop: false, anchorDelay: 100 }}
      />,
    );
    expect(toggle("Advanced").getAttribute("aria-expanded")).toBe("false");
  });

  it("opens by itself when a new problem arrives inside it (a rejected save)", () => {
    const { rerender } = render(<Harness schema={click} initial={{ elementSelector: "a" }} />);
    expect(toggle("Advanced").getAttribute("aria-expanded")).toBe("false");
    rerender(
      <Harness
        schema={click}
        initial={{ elementSelector: "a" }}
        problems={[{ path: "bubbleStop", message: "expected boolean, got string" }]}
      />,
    );
    expect(toggle("Advanced").getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText("expected boolean, got string")).toBeTruthy();
  });
});
