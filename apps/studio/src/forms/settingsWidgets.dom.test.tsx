import type { JsonSettings, SettingsSchema } from "@liftoff/schema";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import SettingsForm from "./SettingsForm.tsx";

afterEach(cleanup);

// Shaped like the Web SDK's update-variable and send-event settings.
const schema: SettingsSchema = {
  type: "object",
  properties: {
    dataElementCacheId: {
      type: "string",
      title: "Variable to update",
      widget: "variableDataElement",
    },
    data: { format: "json", title: "Values to set", widget: "jsonOrToken" },
    type: { type: "string", title: "Event type", widget: "xdmEventType" },
  },
};

const variable = "web-sdk/src/lib/dataElements/variable.js";

function open(initial: JsonSettings = {}) {
  const state = propertyState();
  state.document.dataElements.push(
    {
      id: "DE2",
      name: "analytics variable",
      modulePath: variable,
      settings: { dataElementCacheId: "pc-analytics-xdm" },
    },
    {
      id: "DE3",
      name: "page variable",
      modulePath: variable,
      settings: { dataElementId: "DEpage" },
    },
  );
  const seen: { value: JsonSettings } = { value: initial };
  function Harness() {
    const [value, setValue] = useState<JsonSettings>(initial);
    return (
      <SettingsForm
        idPrefix="s"
        schema={schema}
        value={value}
        onChange={(next) => {
          seen.value = next;
          setValue(next);
        }}
      />
    );
  }
  const at = { path: "/properties/PR1/form", pattern: "/properties/:pid/form" };
  renderStudio(<Harness />, { ...at, role: "editor", state });
  return seen;
}

describe("settings widgets", () => {
  it("picks the Variable data element by name and stores the key the runtime looks up", () => {
    const seen = open();
    const picker = screen.getByLabelText("Variable to update");
    const options = within(picker)
      .getAllByRole("option")
      .map((o) => o.textContent);
    // Only Variable data elements, by name; the JavaScript Variable "page name" is not one.
    expect(options).toEqual([
      "— Choose a Variable data element —",
      "analytics variable",
      "page variable",
    ]);
    fireEvent.change(picker, { target: { value: "pc-analytics-xdm" } });
    expect(seen.value.dataElementCacheId).toBe("pc-analytics-xdm");
    fireEvent.change(picker, { target: { value: "DEpage" } });
    expect(seen.value.dataElementCacheId).toBe("DEpage");
  });

  it("says so when the stored variable key matches none of the property's variables", () => {
    open({ dataElementCacheId: "gone" });
    expect(
      screen.getByText("No Variable data element of this property has the key “gone”."),
    ).toBeTruthy();
    expect(screen.getByLabelText("Variable to update").getAttribute("aria-invalid")).toBe("true");
  });

  it("stores typed JSON as an object and a whole token as the token, flagging anything else as you type", () => {
    const seen = open();
    const data = screen.getByLabelText("Values to set");
    fireEvent.change(data, {
      target: { value: '{"web": {"webPageDetails": {"name": "%page name%"}}' },
    });
    expect(data.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/^Not valid JSON/)).toBeTruthy();
    fireEvent.change(data, {
      target: { value: '{"web": {"webPageDetails": {"name": "%page name%"}}}' },
    });
    expect(data.getAttribute("aria-invalid")).toBe("false");
    expect(seen.value.data).toEqual({ web: { webPageDetails: { name: "%page name%" } } });
    fireEvent.change(data, { target: { value: "%XDM page view%" } });
    expect(seen.value.data).toBe("%XDM page view%");
    expect(data.getAttribute("aria-invalid")).toBe("false");
    fireEvent.change(data, { target: { value: "[1, 2]" } });
    expect(
      screen.getByText("Expected a JSON object { … }, or one %data element% token."),
    ).toBeTruthy();
    fireEvent.change(data, { target: { value: "" } });
    expect(seen.value).not.toHaveProperty("data");
  });

  it("offers XDM's event types and warns about other spellings while allowing them", () => {
    const seen = open();
    const type = screen.getByLabelText("Event type");
    const list = document.getElementById(type.getAttribute("list")!)!;
    const values = [...list.querySelectorAll("option")].map((o) => o.value);
    expect(values).toContain("web.webpagedetails.pageViews");
    expect(values).toContain("web.webinteraction.linkClicks");
    expect(values).toContain("commerce.purchases");
    expect(values).toContain("media.sessionStart");
    fireEvent.change(type, { target: { value: "web.webInteraction.linkClicks" } });
    expect(screen.getByRole("status").textContent).toBe(
      "XDM spells it web.webinteraction.linkClicks; a different case counts as a different event type.",
    );
    expect(seen.value.type).toBe("web.webInteraction.linkClicks");
    fireEvent.change(type, { target: { value: "pc.quoteStarted" } });
    expect(screen.getByRole("status").textContent).toMatch(/^Not one of XDM's event types/);
    fireEvent.change(type, { target: { value: "web.webinteraction.linkClicks" } });
    expect(screen.queryByRole("status")).toBeNull();
    fireEvent.change(type, { target: { value: "%event type%" } });
    expect(screen.queryByRole("status")).toBeNull();
  });
});
