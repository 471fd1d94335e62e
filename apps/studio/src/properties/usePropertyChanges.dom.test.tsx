import type { PropertyChange, PropertyState } from "@liftoff/schema";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../test/FakeEventSource.ts";
import { propertyState } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/renderStudio.tsx";
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

/** Answers the save pressed in `Follower` (held until the test releases it). */
let release: (() => void) | undefined;

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

function start() {
  const server = { revision: 5 };
  const rendered = renderStudio(<Follower />, {
    role: "editor",
    path: "/",
    pattern: "/",
    state: propertyState({ revision: 5 }),
    routes: { "GET /api/properties/PR1": () => ({ body: propertyState(server) }) },
  });
  const loaded = () =>
    rendered.queryClient.getQueryData<PropertyState>(propertyKey("PR1"))!.revision;
  const reloads = () => rendered.calls.filter((c) => c.method === "GET").length;
  return { ...rendered, server, loaded, reloads, stream: FakeEventSource.opened[0]! };
}

describe("usePropertyChanges", () => {
  it("reloads the property on a colleague's newer save, not on one it already has", async () => {
    const { server, stream, loaded, reloads, queryClient } = start();
    expect(stream.url).toBe(`/api/properties/PR1/changes?tab=${TAB_ID}`);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const before = reloads();

    server.revision = 6;
    act(() => stream.send("change", change(6)));
    await waitFor(() => expect(loaded()).toBe(6));
    expect(reloads()).toBe(before + 1);
    // A notice of what is loaded already, then a newer one as the sentinel: one reload.
    act(() => stream.send("change", change(6)));
    server.revision = 8;
    act(() => stream.send("change", change(8)));
    await waitFor(() => expect(loaded()).toBe(8));
    expect(reloads()).toBe(before + 2);
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
