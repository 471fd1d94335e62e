// --phases (page-cost.mjs): the probe that marks a library's modules in the page, and the
// reading of its marks from a trace.
import { median } from "./server/lib.mjs";

/**
 * --phases: runs in the page before the library, in the library's own file. It takes the
 * container as the library assigns it to `_satellite.container` (an accessor the engine reads
 * and deletes, as it would the plain property) and wraps every module's script, and every
 * function a module exports, in a pair of marks ("X <path>", "X:end <path>"), so each run of
 * a module's code is seen whichever engine calls it. "P:container start" and "P:container
 * built" bound the evaluation of the library's container literal; nine marks in a row
 * ("P:calibrate …") price one mark, and eight calls of a wrapped function that does nothing
 * price the wrapping. The calls whose cost is the browser's (cookies, storage,
 * script elements inserted, requests) are marked as parts of their own ("browser: …"), so
 * no module's time includes them. Serialised with toString(): plain ES2018, no closure over
 * the module scope.
 */
export function phaseProbe() {
  const mark = (message) => console.timeStamp(message);
  for (let i = 0; i <= 8; i++) mark(`P:calibrate ${i}`);
  const timed = (path, fn) =>
    function (...args) {
      mark(`X ${path}`);
      try {
        return fn.apply(this, args);
      } finally {
        mark(`X:end ${path}`);
      }
    };
  // A wrapped call that does nothing: what the wrapping costs beyond its two marks.
  const nothing = timed("P:nothing", () => {});
  for (let i = 0; i < 8; i++) nothing();
  const wrapModules = (container) => {
    for (const extension of Object.values(container.extensions || {}))
      for (const [path, module] of Object.entries(extension.modules || {})) {
        const run = timed(path, module.script);
        module.script = function (mod, ...rest) {
          try {
            return run.call(this, mod, ...rest);
          } finally {
            const out = mod.exports;
            if (typeof out === "function") mod.exports = timed(path, out);
            else if (out && out.__esModule && typeof out.default === "function")
              out.default = timed(path, out.default);
          }
        };
      }
  };
  // What the browser charges for (the floor makes the same calls): marked as parts of their
  // own, so a module's time does not include them.
  const browserCalls = [
    [Node.prototype, "appendChild"],
    [Node.prototype, "insertBefore"],
    [Storage.prototype, "getItem"],
    [Storage.prototype, "setItem"],
    [window, "fetch"],
    [Navigator.prototype, "sendBeacon"],
  ];
  for (const [owner, name] of browserCalls) owner[name] = timed(`browser: ${name}`, owner[name]);
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
  Object.defineProperty(Document.prototype, "cookie", {
    ...cookie,
    get: timed("browser: cookie read", cookie.get),
    set: timed("browser: cookie write", cookie.set),
  });
  const satellite = (window._satellite = window._satellite || {});
  let held;
  Object.defineProperty(satellite, "container", {
    configurable: true,
    enumerable: true,
    get: () => held,
    set(container) {
      mark("P:container built");
      wrapModules(container);
      held = container;
    },
  });
  mark("P:container start");
}

/**
 * One probed visit's CPU by part, ms: the container literal, and each module path's own time
 * (its marked runs less the runs marked inside them), less the price of the marks and of the
 * wrapping.
 */
export function probedParts(onMain) {
  const stamps = onMain
    .filter((e) => e.name === "TimeStamp" && e.tts !== undefined)
    .map((e) => [e.args.data.message, e.tts / 1000]);
  const at = (message) => {
    const found = stamps.find(([m]) => m === message);
    if (!found) throw new Error(`--phases: no "${message}" mark in the trace`);
    return found[1];
  };
  // A page's first mark is slower (cold): the median of the eight steps leaves it out.
  const markMs = median(
    [...Array(8).keys()].map((i) => at(`P:calibrate ${i + 1}`) - at(`P:calibrate ${i}`)),
  );
  const own = new Map();
  const calls = new Map();
  const open = [];
  for (const [message, ms] of stamps) {
    if (message.startsWith("X ")) open.push({ path: message.slice(2), start: ms, inner: 0 });
    else if (message.startsWith("X:end ")) {
      const run = open.pop();
      if (run?.path !== message.slice(6)) throw new Error(`--phases: unpaired mark ${message}`);
      const span = ms - run.start;
      own.set(run.path, (own.get(run.path) ?? 0) + span - run.inner - markMs);
      calls.set(run.path, (calls.get(run.path) ?? 0) + 1);
      if (open.length) open[open.length - 1].inner += span + markMs;
    }
  }
  const perCall = own.get("P:nothing") / calls.get("P:nothing");
  own.delete("P:nothing");
  const parts = new Map([
    ["container", at("P:container built") - at("P:container start") - markMs],
  ]);
  for (const [path, ms] of own) parts.set(path, ms - perCall * calls.get(path));
  return parts;
}
