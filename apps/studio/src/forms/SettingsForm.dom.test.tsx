import type { JsonSettings, SettingsSchema } from "@liftoff/schema";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { PathMessage } from "./problems.ts";
import SettingsForm from "./SettingsForm.tsx";

afterEach(cleanup);

// Shaped like the Web SDK extension: instances with per-environment datastream ids.
const webSdk: SettingsSchema = {
  type: "object",
  properties: {
    instances: {
      type: "array",
      items: {
        type: "object",
        required: ["name"],
        properties: {
          name: { type: "string", default: "alloy" },
          edgeConfigId: {
            type: "object",
            description: "Datastream id per environment",
            properties: {
              development: { type: "string" },
              staging: { type: "string" },
              production: { type: "string" },
            },
          },
          debugEnabled: { type: "boolean" },
          timeout: { type: "integer", minimum: 0 },
          defaultConsent: { enum: ["in", "out", "pending"] },
        },
      },
    },
    onBeforeEventSend: { type: "string", format: "code" },
  },
};

function Harness({
  schema,
  initial,
  problems,
  seen,
}: {
  schema: SettingsSchema;
  initial?: JsonSettings;
  problems?: PathMessage[];
  seen: JsonSettings[];
}) {
  const [value, setValue] = useState<JsonSettings | undefined>(initial);
  return (
    <SettingsForm
      idPrefix="t"
      schema={schema}
      value={value}
      problems={problems}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe("SettingsForm", () => {
  it("builds nested controls from the schema and writes values back in shape", () => {
    const seen: JsonSettings[] = [];
    render(<Harness schema={webSdk} seen={seen} />);
    fireEvent.click(screen.getByRole("button", { name: "Add instance" }));
    const item = screen.getByRole("group", { name: "Instance 1" });
    // The item starts from its defaults.
    expect(within(item).getByLabelText(/^Name/)).toHaveProperty("value", "alloy");
    fireEvent.change(within(item).getByLabelText(/^Name/), { target: { value: "alloy2" } });
    fireEvent.change(within(item).getByLabelText("Production"), { target: { value: "ds-prod" } });
    fireEvent.click(within(item).getByLabelText("Debug enabled"));
    fireEvent.change(within(item).getByLabelText("Timeout"), { target: { value: "500" } });
    fireEvent.change(within(item).getByLabelText("Default consent"), { target: { value: "2" } });
    expect(seen.at(-1)).toEqual({
      instances: [
        {
          name: "alloy2",
          edgeConfigId: { production: "ds-prod" },
          debugEnabled: true,
          timeout: 500,
          defaultConsent: "pending",
        },
      ],
    });
    expect(screen.getByText("Datastream id per environment")).toBeTruthy();
  });

  it("removes and reorders array items", () => {
    const seen: JsonSettings[] = [];
    render(
      <Harness
        schema={webSdk}
        seen={seen}
        initial={{ instances: [{ name: "first" }, { name: "second" }] }}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Move down Instance 1" }));
    expect(seen.at(-1)).toEqual({ instances: [{ name: "second" }, { name: "first" }] });
    fireEvent.click(screen.getByRole("button", { name: "Remove Instance 2" }));
    expect(seen.at(-1)).toEqual({ instances: [{ name: "second" }] });
  });

  it("shows each problem next to the field its path names", () => {
    render(
      <Harness
        schema={webSdk}
        seen={[]}
        initial={{ instances: [{ name: "alloy", edgeConfigId: {} }] }}
        problems={[
          {
            path: "instances[0].edgeConfigId.production",
            message: "A production datastream is required",
          },
          { path: "", message: "Settings are incomplete" },
        ]}
      />,
    );
    const production = screen.getByLabelText("Production");
    expect(production.getAttribute("aria-invalid")).toBe("true");
    const described = production.getAttribute("aria-describedby")!;
    expect(document.getElementById(described)!.textContent).toBe(
      "A production datastream is required",
    );
    expect(screen.getByLabelText("Staging").getAttribute("aria-invalid")).toBe("false");
    expect(screen.getByText("Settings are incomplete")).toBeTruthy();
  });

  it("says under the field, as it is typed, that a regex does not compile or a selector does not parse", () => {
    // Shaped like Core's path condition and click event.
    const schema: SettingsSchema = {
      type: "object",
      properties: {
        elementSelector: { type: "string", format: "selector" },
        paths: {
          type: "array",
          items: {
            type: "object",
            required: ["value"],
            properties: { value: { type: "string" }, valueIsRegex: { type: "boolean" } },
          },
        },
      },
    };
    render(
      <Harness
        schema={schema}
        seen={[]}
        initial={{ elementSelector: "a", paths: [{ value: "^/auto", valueIsRegex: true }] }}
      />,
    );
    const value = screen.getByRole("combobox", { name: "Value" });
    expect(value.getAttribute("aria-invalid")).toBe("false");
    fireEvent.change(value, { target: { value: "^/auto(" } });
    expect(value.getAttribute("aria-invalid")).toBe("true");
    const problem = document.getElementById(value.getAttribute("aria-describedby")!)!;
    expect(problem.textContent).toMatch(/^not a valid regular expression: /);
    // Plain text (the flag off) is not a regex; the problem goes.
    fireEvent.click(screen.getByLabelText("Value is regex"));
    expect(value.getAttribute("aria-invalid")).toBe("false");
    const selector = screen.getByLabelText("Element selector");
    fireEvent.change(selector, { target: { value: "a.cta >" } });
    expect(document.getElementById(selector.getAttribute("aria-describedby")!)!.textContent).toBe(
      "not a valid CSS selector: a.cta >",
    );
  });

  it("edits custom code in a labelled code field", async () => {
    render(<Harness schema={webSdk} seen={[]} initial={{ onBeforeEventSend: "return true;" }} />);
    const fields = await screen.findAllByLabelText("On before event send");
    expect(fields.length).toBeGreaterThan(0);
    expect(document.body.textContent).toContain("return true;");
  });

  it("says where custom code stops parsing, by line and column, tied to the editor", async () => {
    render(
      <Harness
        schema={webSdk}
        seen={[]}
        initial={{ onBeforeEventSend: "var a = 1;\nvar b = ;" }}
      />,
    );
    const said = await screen.findByText("Line 2, column 9: Unexpected token");
    const list = said.closest("ul")!;
    const editor = document.querySelector(".cm-content")!;
    expect(editor.getAttribute("aria-describedby")!.split(" ")).toContain(list.id);
  });

  it("shows a module's defaults for values that are not set", () => {
    const schema: SettingsSchema = {
      type: "object",
      properties: {
        clickCollectionEnabled: { type: "boolean", default: true },
        thirdPartyCookiesEnabled: { type: "boolean", default: true },
        anchorDelay: { type: "number", default: 100 },
      },
    };
    render(<Harness schema={schema} seen={[]} initial={{ thirdPartyCookiesEnabled: false }} />);
    expect(screen.getByLabelText("Click collection enabled")).toHaveProperty("checked", true);
    expect(screen.getByLabelText("Third party cookies enabled")).toHaveProperty("checked", false);
    expect(screen.getByLabelText("Anchor delay").getAttribute("placeholder")).toBe("100");
  });

  it("says so when a module has no settings", () => {
    render(<Harness schema={{}} seen={[]} />);
    expect(screen.getByText("This module has no settings.")).toBeTruthy();
  });
});
