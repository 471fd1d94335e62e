import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio, type Routes } from "../../test/renderStudio.tsx";
import PropertiesPage from "./PropertiesPage.tsx";

afterEach(cleanup);

const render = (routes: Routes) =>
  renderStudio(<PropertiesPage />, {
    path: "/",
    pattern: "/",
    role: "editor",
    state: propertyState(),
    routes: { "GET /api/properties": () => ({ body: [] }), ...routes },
  });

/** A file as a folder pick gives it: `webkitRelativePath` is its path under the folder. */
function picked(path: string, text: string, size?: number): File {
  const file = new File([text], path.split("/").at(-1)!);
  Object.defineProperty(file, "webkitRelativePath", { value: path });
  if (size !== undefined) Object.defineProperty(file, "size", { value: size });
  return file;
}

const LIBRARY = "build/launch-ENabc.js";
const RC = "build/RCext-source.min.js";
const HOSTED = "build/hostedLibFiles/EPacme/lib.js";

const folder = () => [
  picked(LIBRARY, "window._satellite = {};"),
  picked(RC, "_satellite.__registerScript('u', 'code');"),
  picked(HOSTED, "window.acme = 1;"),
  picked("build/.DS_Store", "\0\0"),
  picked("build/logo.png", "\x89PNG"),
  picked("build/huge.js", "x", 21 * 1024 * 1024),
];

const form = () => screen.getByRole("form", { name: "Import a build folder" });

describe("PropertiesPage: import a build folder", () => {
  it("reads the folder's text files, says how many it sends, and shows the report", async () => {
    const carried = propertyState();
    carried.document.extensions.push({
      name: "acme-survey",
      displayName: "Acme survey",
      settings: {},
      hostedFiles: { "lib.js": "window.acme = 1;" },
    });
    const { calls } = render({
      "POST /api/properties/import": () => ({
        status: 201,
        body: {
          property: carried,
          report: {
            mapped: [],
            opaque: [],
            warnings: ["missing file: https://cdn.example/other.js (extension …)"],
          },
        },
      }),
    });
    const input = await screen.findByLabelText("Build folder");
    expect(input.hasAttribute("webkitdirectory")).toBe(true);
    expect((input as HTMLInputElement).multiple).toBe(true);
    fireEvent.change(input, { target: { files: folder() } });
    await within(form()).findByText("3 files to send.");
    const skipped = within(form()).getByText("Left out:").parentElement!;
    expect(skipped.textContent).toContain("build/logo.png: not a text file");
    expect(skipped.textContent).toContain("build/huge.js: larger than 20 MB");
    expect(skipped.textContent).not.toContain(".DS_Store");
    fireEvent.click(within(form()).getByRole("button", { name: "Import build folder" }));
    const report = await screen.findByRole("region", { name: "Imported “PC Marketing”" });
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      files: [
        { path: LIBRARY, text: "window._satellite = {};" },
        { path: RC, text: "_satellite.__registerScript('u', 'code');" },
        { path: HOSTED, text: "window.acme = 1;" },
      ],
    });
    expect(
      within(report).getByText(/^missing file: https:\/\/cdn\.example\/other\.js/),
    ).toBeTruthy();
    expect(report.textContent).toContain(
      "Files the property keeps and Liftoff serves: acme-survey/lib.js.",
    );
  });

  it("takes several files chosen without a folder pick", async () => {
    const { calls } = render({
      "POST /api/properties/import": () => ({
        status: 201,
        body: { property: propertyState(), report: { mapped: [], opaque: [], warnings: [] } },
      }),
    });
    const files = [new File(["lib"], "launch-ENabc.js"), new File(["rc"], "RCext-source.js")];
    fireEvent.change(await screen.findByLabelText("Or the build’s files (choose several)"), {
      target: { files },
    });
    await within(form()).findByText("2 files to send.");
    fireEvent.submit(form());
    await screen.findByRole("region", { name: "Imported “PC Marketing”" });
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      files: [
        { path: "launch-ENabc.js", text: "lib" },
        { path: "RCext-source.js", text: "rc" },
      ],
    });
  });

  it("names the file the server refused by its path, and a folder-wide problem by field", async () => {
    render({
      "POST /api/properties/import": () => ({
        status: 400,
        body: {
          type: "urn:liftoff:errors:invalid-body",
          title: "Invalid request",
          status: 400,
          detail: "…",
          errors: [
            { path: "files[1].path", message: "expected a path inside the folder" },
            { path: "files", message: "the build folder holds no launch-*.js library file" },
          ],
        },
      }),
    });
    fireEvent.change(await screen.findByLabelText("Build folder"), {
      target: { files: folder() },
    });
    await within(form()).findByText("3 files to send.");
    fireEvent.submit(form());
    const refused = await within(form()).findByRole("list", { name: "Files the server refused" });
    expect(refused.textContent).toBe(`${RC} (path): expected a path inside the folder`);
    const alert = within(form()).getByRole("alert");
    expect(alert.textContent).toContain(
      "Files: the build folder holds no launch-*.js library file",
    );
    // The library form above says nothing: the error belongs to the folder's import.
    const libraryForm = screen.getByRole("form", { name: "Import a Launch library" });
    expect(within(libraryForm).queryByRole("alert")).toBeNull();
    await waitFor(() =>
      expect(within(form()).getByRole("button", { name: "Import build folder" })).toHaveProperty(
        "disabled",
        false,
      ),
    );
  });
});
