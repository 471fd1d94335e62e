import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ExtensionManifest } from "@liftoff/schema";
import { afterEach, describe, expect, it } from "vitest";
import { catalog } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
import DataElementEditor from "../dataElements/DataElementEditor.tsx";
import { TokenNamesContext } from "../forms/TokenNamesContext.ts";
import { PlatformContext } from "../properties/platform.ts";
import { edgeState } from "./edgeFixtures.ts";

afterEach(cleanup);

/** The server-side Core: same name and module paths as the web one, marked `platform: "edge"`. */
const edgeCore: ExtensionManifest = {
  name: "core",
  displayName: "Core (event forwarding)",
  version: "1.0.0",
  platform: "edge",
  settings: {},
  modules: [
    {
      path: "core/src/lib/dataElements/constant.js",
      kind: "dataElement",
      name: "constant",
      displayName: "Constant",
      settings: {
        type: "object",
        required: ["value"],
        properties: { value: { type: "string", title: "Value" } },
      },
    },
    {
      path: "core/src/lib/dataElements/path.js",
      kind: "dataElement",
      name: "path",
      displayName: "Path",
      settings: { type: "object", properties: { path: { type: "string", title: "Path" } } },
    },
  ],
};

function renderEditor(platform: "web" | "edge") {
  return renderStudio(
    <PlatformContext.Provider value={platform}>
      <TokenNamesContext.Provider value={["email hash", "page url"]}>
        <DataElementEditor />
      </TokenNamesContext.Provider>
    </PlatformContext.Provider>,
    {
      role: "editor",
      path: "/properties/EP1/data-elements/new",
      pattern: "/properties/:pid/data-elements/:id",
      state: edgeState(),
      // The catalogue the server serves holds both platforms' extensions.
      catalog: [...catalog, edgeCore],
    },
  );
}

const typeNames = () =>
  [...screen.getByLabelText("Type").querySelectorAll("option")].map((o) => o.textContent);

describe("An event forwarding property's editors", () => {
  it("offer only the edge extensions' modules, and no storage duration", () => {
    renderEditor("edge");
    expect(typeNames()).toEqual(["Constant", "Path"]);
    expect(screen.queryByLabelText("Storage duration")).toBeNull();
  });

  it("ask the server for the event forwarding catalogue", async () => {
    const { calls, queryClient } = renderEditor("edge");
    await queryClient.invalidateQueries({ queryKey: ["extensions", "edge"] });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/extensions").map((c) => c.query)).toEqual([
        "platform=edge",
      ]),
    );
  });

  it("while a web property's offer only the web ones", () => {
    renderEditor("web");
    expect(typeNames()).toEqual(["JavaScript Variable"]);
    expect(screen.getByLabelText("Storage duration")).toBeTruthy();
  });

  it("complete {{name}} tokens and word token advice that way", () => {
    renderEditor("edge");
    const value = screen.getByRole("combobox", { name: "Value" });
    fireEvent.change(value, { target: { value: "Bearer {{pa", selectionStart: 11 } });
    const list = screen.getByRole("listbox", { name: "Data elements" });
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["{{page url}}"]);
    fireEvent.keyDown(value, { key: "Enter" });
    expect(value).toHaveProperty("value", "Bearer {{page url}}");
    fireEvent.change(value, { target: { value: "{{emial}} and 50%" } });
    expect(screen.getByText(/names no data element/).textContent).toBe(
      "{{emial}} names no data element: the request gets the text as it is.",
    );
  });
});
