import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import HealthBadge from "./HealthBadge.tsx";

describe("HealthBadge", () => {
  it("shows the server version", async () => {
    const fetcher = (() =>
      Promise.resolve(
        new Response(JSON.stringify({ status: "ok", version: "9.9.9" })),
      )) as typeof fetch;
    render(<HealthBadge fetcher={fetcher} />);
    expect(await screen.findByText("Server OK, version 9.9.9")).toBeTruthy();
  });

  it("says when the server is down", async () => {
    const fetcher = (() => Promise.resolve(new Response("nope", { status: 503 }))) as typeof fetch;
    render(<HealthBadge fetcher={fetcher} />);
    expect(await screen.findByText("Server unreachable (HTTP 503)")).toBeTruthy();
  });
});
