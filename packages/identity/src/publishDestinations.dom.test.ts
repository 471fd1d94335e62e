import { afterEach, describe, expect, it, vi } from "vitest";
import createPublishDestinations, { type PublishResult } from "./publishDestinations.ts";

// Arguments, callbacks and the pacing of URL destinations in jsdom (which loads no frames);
// the frame and the requests themselves are proven inside turbine in Chromium
// (extension/turbine.e2e.ts).
const ORIGIN = "https://id.example.test";
const publisher = (disabled = false) =>
  createPublishDestinations({ win: window, origin: ORIGIN, idSyncContainerID: 7, disabled });
const call = (publish: ReturnType<typeof publisher>, ...args: unknown[]) =>
  new Promise<PublishResult>((resolve) => {
    const callback = (r: PublishResult) => resolve(r);
    if (args.length === 1) publish({ ...(args[0] as object), callback });
    else publish(args[0], args[1], callback);
  });

afterEach(() => {
  vi.useRealTimers();
  document.querySelectorAll("iframe").forEach((f) => f.remove());
});

describe("publishDestinations", () => {
  it.each([
    [["", ["m"]], "subdomain is not a populated string."],
    [["acme", []], "messages is not a populated array."],
    [["acme", ["", 3]], "None of the messages are populated strings."],
    [[{ subdomain: "" }], "config.subdomain is not a populated string."],
    [
      [{ subdomain: "acme", urlDestinations: [] }],
      "config.urlDestinations is not a populated array.",
    ],
  ])("answers %j with 5.5.0's error", async (args, error) => {
    expect(await call(publisher(), ...args)).toEqual({ error });
  });

  it("answers a call that is neither a subdomain nor an object", () => {
    const results: PublishResult[] = [];
    publisher()(42, undefined, (r: PublishResult) => results.push(r));
    expect(results).toEqual([{ error: "Invalid parameters passed." }]);
  });

  it("has no frame to publish through when ID syncs are turned off", async () => {
    expect(await call(publisher(true), "acme", ["m"])).toEqual({
      error: "The destination publishing iframe is disabled in the Visitor library.",
    });
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("fires URL destinations from the page in order, one every 100 ms, and attaches the frame once", () => {
    vi.useFakeTimers();
    const fired: string[] = [];
    // A constructor (not an arrow), as the code calls `new Image()`.
    const Image = vi.spyOn(window, "Image").mockImplementation(function () {
      const image = {} as HTMLImageElement;
      Object.defineProperty(image, "src", { set: (url: string) => fired.push(url) });
      return image;
    });
    const publish = publisher();
    publish({
      subdomain: "acme",
      urlDestinations: [
        { url: "https://dest.test/1" },
        { url: "https://dest.test/hidden", hideReferrer: true, message: "ibs:dpid=1" },
        { url: "https://dest.test/2" },
      ],
    });
    publish("acme", ["ibs:dpid=2"]);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual(["https://dest.test/1"]);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual(["https://dest.test/1", "https://dest.test/2"]);
    vi.advanceTimersByTime(1000);
    expect(fired).toHaveLength(2);
    const frames = document.querySelectorAll("iframe");
    expect(frames).toHaveLength(1);
    expect(frames[0]!.src).toBe(
      `${ORIGIN}/dest5.html?d_nsid=7#${encodeURIComponent(window.location.origin)}`,
    );
    Image.mockRestore();
  });
});
