import type { ItemSaved, ItemState, PropertyChange, PropertyState } from "@liftoff/schema";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../test/FakeEventSource.ts";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio, type Routes } from "../../test/renderStudio.tsx";
import { propertyKey, useProperty, usePropertyChange } from "./useProperty.ts";
import { TAB_ID } from "./presence.ts";
import { usePropertyChanges } from "./usePropertyChanges.ts";

beforeEach(() => {
  release = undefined;
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const change = (revision: number): PropertyChange => ({
  propertyId: "PR1",
  revision,
  by: "sam",
  resources: [{ kind: "rule", id: "RL1", name: "Page View", revision: 2, deleted: false }],
});
/** A change the stream names but items cannot bring: the property's own settings. */
const settingsChange = (revision: number): PropertyChange => ({
  ...change(revision),
  resources: [
    { kind: "settings", id: "property", name: "PC Marketing", revision: 2, deleted: false },
  ],
});

/** Rule RL1 renamed, as `GET …/items/rule/RL1` reads it at `revision`. */
const renamed = (revision: number, name = "Page View (renamed)"): ItemState => {
  const base = propertyState();
  return {
    revision,
    updatedAt: "2026-11-29T07:00:00.000Z",
    updatedBy: "sam",
    resource: { ...base.resources.find((r) => r.id === "RL1")!, name, revision: 2, changed: true },
    item: { ...base.document.rules[0]!, name },
    index: 0,
    problems: [],
    disabledProblems: [],
  };
};

/** Answers the save pressed in `Follower` (held until the test releases it). */
let release: (() => void) | undefined;

/** A page that saves rule RL1 and is answered ItemSaved at `revision`. */
function ItemSaver({ answer }: { answer: ItemSaved }) {
  const property = useProperty("PR1");
  const save = usePropertyChange("PR1", () => Promise.resolve(answer));
  return (
    <button type="button" onClick={() => save.mutate(undefined)}>
      Save item (at {property.data?.revision})
    </button>
  );
}

describe("usePropertyChange", () => {
  const saved = (revision: number): ItemSaved => ({
    ...renamed(revision),
    saved: { kind: "rule", id: "RL1", revision: 2 },
  });
  const render = async (answer: ItemSaved) => {
    let validations = 0;
    const server = { revision: 5 };
    const start = propertyState({ revision: 5, problems: [{ path: "rules[0]", message: "old" }] });
    const rendered = renderStudio(<ItemSaver answer={answer} />, {
      role: "editor",
      path: "/",
      pattern: "/",
      state: start,
      routes: {
        "GET /api/properties/PR1": () => ({
          body: server.revision === 5 ? start : propertyState(server),
        }),
        "GET /api/properties/PR1/validation": () => {
          validations++;
          return { body: { revision: 6, problems: [], disabledProblems: [], warnings: [] } };
        },
      },
    });
    const state = () => rendered.queryClient.getQueryData<PropertyState>(propertyKey("PR1"))!;
    // The page's own first load settles before the save.
    await waitFor(() => expect(rendered.queryClient.isFetching()).toBe(0));
    const loads = () => rendered.calls.filter((c) => c.path === "/api/properties/PR1").length;
    return { ...rendered, server, state, loads: loads(), validations: () => validations };
  };

  it("merges an ItemSaved answer, then takes the revision's findings from /validation", async () => {
    const { state, calls, loads, validations } = await render(saved(6));
    fireEvent.click(screen.getByRole("button", { name: /^Save item/ }));
    await waitFor(() => expect(validations()).toBe(1));
    await waitFor(() => expect(state().problems).toEqual([]));
    expect(state()).toMatchObject({ revision: 6 });
    expect(state().document.rules[0]!.name).toBe("Page View (renamed)");
    expect(calls.filter((c) => c.path === "/api/properties/PR1")).toHaveLength(loads);
  });

  it("reloads the property behind the merge when the answer skipped a revision", async () => {
    const { state, calls, loads, server } = await render(saved(8));
    server.revision = 9;
    fireEvent.click(screen.getByRole("button", { name: /^Save item/ }));
    await waitFor(() => expect(state().revision).toBe(9));
    expect(calls.filter((c) => c.path === "/api/properties/PR1")).toHaveLength(loads + 1);
  });
});

/** A page of the property: watches it, follows its changes, and can save (revision 7). */
function Follower() {
  usePropertyChanges("PR1");
  const property = useProperty("PR1");
  const save = usePropertyChange(
    "PR1",
    () =>
      new Promise<PropertyState>((resolve) => {
        release = () => resolve(propertyState({ revision: 7 }));
      }),
  );
  return (
    <button type="button" onClick={() => save.mutate(undefined)}>
      Save (at {property.data?.revision})
    </button>
  );
}

function start(more: Routes = {}) {
  const server = { revision: 5 };
  const rendered = renderStudio(<Follower />, {
    role: "editor",
    path: "/",
    pattern: "/",
    state: propertyState({ revision: 5 }),
    routes: { "GET /api/properties/PR1": () => ({ body: propertyState(server) }), ...more },
  });
  const loaded = () =>
    rendered.queryClient.getQueryData<PropertyState>(propertyKey("PR1"))!.revision;
  const reloads = () =>
    rendered.calls.filter((c) => c.method === "GET" && c.path === "/api/properties/PR1").length;
  const state = () => rendered.queryClient.getQueryData<PropertyState>(propertyKey("PR1"))!;
  return { ...rendered, server, loaded, reloads, state, stream: FakeEventSource.opened[0]! };
}

describe("usePropertyChanges", () => {
  it("reloads the property on a colleague's newer save, not on one it already has", async () => {
    const { server, stream, loaded, reloads, queryClient } = start();
    expect(stream.url).toBe(`/api/properties/PR1/changes?tab=${TAB_ID}`);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const before = reloads();

    server.revision = 6;
    act(() => stream.send("change", settingsChange(6)));
    await waitFor(() => expect(loaded()).toBe(6));
    expect(reloads()).toBe(before + 1);
    // A notice of what is loaded already, then a newer one as the sentinel: one reload.
    act(() => stream.send("change", change(6)));
    // A missed revision (7): the items alone cannot bring the property to 8.
    server.revision = 8;
    act(() => stream.send("change", change(8)));
    await waitFor(() => expect(loaded()).toBe(8));
    expect(reloads()).toBe(before + 2);
  });

  it("merges a colleague's rule save at the next revision from the item alone", async () => {
    const { stream, loaded, reloads, state, calls, queryClient } = start({
      "GET /api/properties/PR1/items/rule/RL1": () => ({ body: renamed(6) }),
      "GET /api/properties/PR1/validation": () => ({
        body: {
          revision: 6,
          problems: [{ path: "rules[0].actions[0]", message: "names a disabled data element" }],
          disabledProblems: [],
          warnings: [],
        },
      }),
    });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const before = reloads();

    act(() => stream.send("change", change(6)));
    // The property-wide findings arrive last: the sentinel that everything has landed.
    await waitFor(() => expect(state().problems).toHaveLength(1));
    expect(loaded()).toBe(6);
    expect(state().document.rules[0]!.name).toBe("Page View (renamed)");
    expect(state().resources.find((r) => r.id === "RL1")).toMatchObject({ revision: 2 });
    expect(calls.map((c) => c.path)).toContain("/api/properties/PR1/items/rule/RL1");
    expect(reloads()).toBe(before);
  });

  it("reloads instead when the item was read at a later revision than the change", async () => {
    const { server, stream, loaded, reloads, state, queryClient } = start({
      "GET /api/properties/PR1/items/rule/RL1": () => ({ body: renamed(7) }),
    });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const before = reloads();

    server.revision = 7;
    act(() => stream.send("change", change(6)));
    await waitFor(() => expect(loaded()).toBe(7));
    expect(reloads()).toBe(before + 1);
    expect(state().document.rules[0]!.name).toBe("Page View");
  });

  it("waits for the tab's own save to be answered, so its own notice reloads nothing", async () => {
    const { server, stream, loaded, reloads, queryClient } = start();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const before = reloads();

    fireEvent.click(screen.getByRole("button", { name: /^Save/ }));
    await waitFor(() => expect(release).toBeDefined());
    // The server stored the save (revision 7) and its notice arrives before the answer.
    server.revision = 7;
    act(() => stream.send("change", change(7)));
    act(() => release!());
    await waitFor(() => expect(loaded()).toBe(7));
    // Sentinel: a colleague's later save is followed, and it is the only reload.
    server.revision = 9;
    act(() => stream.send("change", change(9)));
    await waitFor(() => expect(loaded()).toBe(9));
    expect(reloads()).toBe(before + 1);
  });
});
