import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fakeTurbine, { type FakeTurbine } from "../../../test/fakeTurbine.ts";
import type { SyntheticEvent } from "../types.ts";

let turbine: FakeTurbine;
// Listeners of earlier tests' module instances stay on the document; a fresh array and
// trigger per test keep their calls out of this test's record.
let fired: SyntheticEvent[] = [];
let trigger = (e?: SyntheticEvent) => void fired.push(e ?? {});

/** A fresh module instance (its state is per page) wired to this test's fake turbine. */
async function fresh<T>(file: string): Promise<T> {
  vi.resetModules();
  (await import("../env.ts")).inject(turbine);
  return ((await import(file)) as { default: T }).default;
}

beforeEach(() => {
  turbine = fakeTurbine();
  const mine: SyntheticEvent[] = (fired = []);
  trigger = (e) => void mine.push(e ?? {});
  document.body.innerHTML = "";
  (window as unknown as { _satellite: object })._satellite = {};
});
afterEach(() => vi.useRealTimers());

type Bubbly = (settings: object, trigger: (e?: SyntheticEvent) => void) => void;

describe("click", () => {
  const html = `<div id="outer" class="box"><a id="link" href="#next" data-x="Quote">Get a <b id="b">quote</b></a></div>`;

  it("without a filter fires for the target only; with a selector for the matching ancestor", async () => {
    const click = await fresh<Bubbly>("./click.ts");
    document.body.innerHTML = html;
    const seen: string[] = [];
    click({}, (e) => seen.push(`any:${(e!.element as Element).id}`));
    click({ elementSelector: "a" }, (e) => seen.push(`a:${(e!.element as Element).id}`));
    click({ elementSelector: "div.box", bubbleFireIfParent: false }, () => seen.push("never"));
    document.getElementById("b")!.click();
    expect(seen).toEqual(["any:b", "a:link"]);
  });

  it("element properties: @text, attributes, regex; bubbleFireIfChildFired and bubbleStop", async () => {
    const click = await fresh<Bubbly>("./click.ts");
    document.body.innerHTML = html;
    const seen: string[] = [];
    click(
      { elementProperties: [{ name: "@text", value: "get a QUOTE", valueIsRegex: true }] },
      () => seen.push("text"),
    );
    click({ elementProperties: [{ name: "data-x", value: "Quote" }], bubbleStop: true }, () =>
      seen.push("attr+stop"),
    );
    click({ elementSelector: "div" }, () => seen.push("div"));
    document.getElementById("b")!.click();
    expect(seen).toEqual(["text", "attr+stop"]);
    seen.length = 0;
    click({ elementSelector: "#outer", bubbleFireIfChildFired: false }, () => seen.push("no"));
    document.getElementById("link")!.click();
    expect(seen).toEqual(["text", "attr+stop"]);
  });

  it("an invalid selector logs Core's warning and does not match (spec §5)", async () => {
    const click = await fresh<Bubbly>("./click.ts");
    document.body.innerHTML = html;
    click({ elementSelector: "a[" }, trigger);
    document.getElementById("link")!.click();
    expect(fired).toEqual([]);
    expect(turbine.logs).toContainEqual([
      "warn",
      "Matching element failed. a[ is not a valid selector.",
    ]);
  });

  it("anchorDelay holds a same-window link and then follows it", async () => {
    vi.useFakeTimers();
    const click = await fresh<Bubbly>("./click.ts");
    document.body.innerHTML = html;
    location.hash = "";
    click({ elementSelector: "a", anchorDelay: 100 }, trigger);
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    document.getElementById("b")!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(fired).toHaveLength(1);
    vi.advanceTimersByTime(99);
    expect(location.hash).toBe("");
    vi.advanceTimersByTime(1);
    expect(location.hash).toBe("#next");
  });

  it("anchorDelay never holds new-tab, modifier, middle-button or cancelled clicks", async () => {
    const click = await fresh<Bubbly>("./click.ts");
    document.body.innerHTML = `${html}<a id="blank" href="#b" target="_blank">x</a>`;
    click({ anchorDelay: 100 }, trigger);
    const cases: [string, MouseEventInit][] = [
      ["link", { ctrlKey: true }],
      ["link", { metaKey: true }],
      ["link", { shiftKey: true }],
      ["link", { button: 1 }],
      ["blank", {}],
    ];
    for (const [id, init] of cases) {
      const e = new MouseEvent("click", { bubbles: true, cancelable: true, ...init });
      document.getElementById(id)!.dispatchEvent(e);
      expect(e.defaultPrevented).toBe(false);
    }
    expect(fired).toHaveLength(5);
  });

  it("anchorDelay leaves a click the page cancelled first alone", async () => {
    vi.useFakeTimers();
    const click = await fresh<Bubbly>("./click.ts");
    document.body.innerHTML = html;
    location.hash = "";
    click({ anchorDelay: 50 }, trigger);
    const cancel = (e: Event) => e.preventDefault();
    window.addEventListener("click", cancel, true);
    document.getElementById("link")!.click();
    window.removeEventListener("click", cancel, true);
    vi.advanceTimersByTime(100);
    expect(fired).toHaveLength(1);
    expect(location.hash).toBe("");
  });

  it("ignores AppMeasurement's s_fe clones", async () => {
    const click = await fresh<Bubbly>("./click.ts");
    document.body.innerHTML = html;
    click({}, trigger);
    const e = Object.assign(new MouseEvent("click", { bubbles: true }), { s_fe: 1 });
    document.getElementById("link")!.dispatchEvent(e);
    expect(fired).toEqual([]);
  });
});

describe("directCall", () => {
  it("replaces _satellite.track and logs Launch's lines", async () => {
    const directCall = await fresh<Bubbly>("./directCall.ts");
    directCall({ identifier: " quote-started " }, trigger);
    directCall({ identifier: "quote-started" }, trigger);
    const track = (window as unknown as { _satellite: { track: (i: string, d?: unknown) => void } })
      ._satellite.track;
    track("quote-started ", { product: "auto" });
    track("quote-started");
    track("other");
    expect(fired).toEqual([
      { identifier: "quote-started", detail: { product: "auto" } },
      { identifier: "quote-started", detail: { product: "auto" } },
      { identifier: "quote-started", detail: undefined },
      { identifier: "quote-started", detail: undefined },
    ]);
    expect(turbine.logs).toEqual([
      [
        "log",
        'Rules using the direct call event type with identifier "quote-started" have been triggered with additional detail:',
        { product: "auto" },
      ],
      [
        "log",
        'Rules using the direct call event type with identifier "quote-started" have been triggered.',
      ],
      ["log", '"other" does not match any direct call identifiers.'],
    ]);
    expect(() => directCall({}, trigger)).toThrow("settings.identifier");
  });
});

describe("customEvent", () => {
  it("listens on window per type and copies detail", async () => {
    const customEvent = await fresh<Bubbly>("./customEvent.ts");
    document.body.innerHTML = `<p id="p"></p>`;
    customEvent({ type: "quote:step" }, trigger);
    customEvent({ type: "quote:step", elementSelector: "body" }, trigger);
    document
      .getElementById("p")!
      .dispatchEvent(new CustomEvent("quote:step", { bubbles: true, detail: { step: 2 } }));
    window.dispatchEvent(new CustomEvent("quote:step", { detail: 3 }));
    expect(
      fired.map((e) => [
        (e.element as Node).nodeType ? (e.element as Element).id : "window",
        e.detail,
      ]),
    ).toEqual([
      ["p", { step: 2 }],
      ["", { step: 2 }],
      ["window", 3],
    ]);
    expect(() => customEvent({}, trigger)).toThrow("settings.type");
  });
});

describe("historyChange", () => {
  it("fires once per real URL change, debounced 0 ms", async () => {
    vi.useFakeTimers();
    const historyChange = await fresh<Bubbly>("./historyChange.ts");
    historyChange({}, trigger);
    history.pushState(null, "", "/a");
    history.replaceState(null, "", "/b");
    expect(fired).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(fired).toHaveLength(1);
    history.replaceState(null, "", "/b");
    vi.advanceTimersByTime(0);
    expect(fired).toHaveLength(1);
    window.dispatchEvent(new HashChangeEvent("hashchange"));
    location.hash = "x";
    vi.runAllTimers();
    expect(fired).toHaveLength(2);
  });
});

describe("customCode", () => {
  it("hands trigger to source", async () => {
    const customCode = await fresh<Bubbly>("./customCode.ts");
    customCode({ source: (t: (e: object) => void) => t({ from: "code" }) }, trigger);
    expect(fired).toEqual([{ from: "code" }]);
    expect(() => customCode({ source: "x" }, trigger)).toThrow("settings.source");
  });
});

describe("blur, focus, submit, mousedown, keyDown, keyPress, keyUp", () => {
  it.each([
    ["blur", "blur"],
    ["focus", "focus"],
    ["submit", "submit"],
    ["mousedown", "mousedown"],
    ["keyDown", "keydown"],
    ["keyPress", "keypress"],
    ["keyUp", "keyup"],
  ])("%s listens for %s in the capture phase", async (file, type) => {
    const module = await fresh<Bubbly>(`./${file}.ts`);
    document.body.innerHTML = `<form id="f"><input id="i"></form>`;
    module({ elementSelector: "input" }, trigger);
    // Not bubbling: only a capture listener on document sees it.
    document.getElementById("i")!.dispatchEvent(new Event(type, { bubbles: false }));
    expect(fired.map((e) => (e.element as Element).id)).toEqual(["i"]);
  });
});

describe("mediaPlay, mediaPause, mediaEnded, mediaStalled, mediaLoadedData, mediaVolumeChange", () => {
  it.each([
    ["mediaPlay", "play"],
    ["mediaPause", "pause"],
    ["mediaEnded", "ended"],
    ["mediaStalled", "stalled"],
    ["mediaLoadedData", "loadeddata"],
    ["mediaVolumeChange", "volumechange"],
  ])("%s listens for %s", async (file, type) => {
    const module = await fresh<Bubbly>(`./${file}.ts`);
    document.body.innerHTML = `<video id="v"></video>`;
    module({ elementSelector: "video" }, trigger);
    document.getElementById("v")!.dispatchEvent(new Event(type));
    expect(fired).toHaveLength(1);
  });
});

describe("change", () => {
  it("fires for acceptable values only; an empty list accepts any", async () => {
    const change = await fresh<Bubbly>("./change.ts");
    document.body.innerHTML = `<select id="s"><option>Auto</option><option>Home</option></select>`;
    const seen: string[] = [];
    change({ acceptableChangeValues: [{ value: "^home$", valueIsRegex: true }] }, () =>
      seen.push("home"),
    );
    change({}, () => seen.push("any"));
    const select = document.getElementById("s") as HTMLSelectElement;
    select.value = "Auto";
    select.dispatchEvent(new Event("change"));
    select.value = "Home";
    select.dispatchEvent(new Event("change"));
    expect(seen).toEqual(["any", "home", "any"]);
  });
});

describe("mediaTimePlayed", () => {
  it("fires once per rule and element when playback crosses the marker (seconds or percent)", async () => {
    const mediaTimePlayed = await fresh<Bubbly>("./mediaTimePlayed.ts");
    document.body.innerHTML = `<video id="v"></video>`;
    const video = document.getElementById("v") as HTMLVideoElement;
    let time = 0;
    Object.defineProperty(video, "currentTime", { get: () => time });
    Object.defineProperty(video, "duration", { value: 40 });
    Object.defineProperty(video, "seekable", { value: { length: 0 } });
    const seen: unknown[] = [];
    mediaTimePlayed({ amount: 10, unit: "second" }, (e) => seen.push(["10s", e!.amount, e!.unit]));
    mediaTimePlayed({ amount: 50, unit: "percent" }, () => seen.push(["50%"]));
    for (const t of [1, 9.9, 10.1, 12, 19, 21, 39]) {
      time = t;
      video.dispatchEvent(new Event("timeupdate"));
    }
    expect(seen).toEqual([["10s", 10, "second"], ["50%"]]);
    expect(() => mediaTimePlayed({ amount: "x", unit: "second" }, trigger)).toThrow(
      "settings.amount",
    );
    expect(() => mediaTimePlayed({ amount: 1, unit: "minute" }, trigger)).toThrow("settings.unit");
  });
});
