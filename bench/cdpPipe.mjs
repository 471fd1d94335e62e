// A minimal DevTools-protocol client over `--remote-debugging-pipe` (fds 3 and 4, messages
// separated by NUL), for benchmarks that must not change what they measure. A page driven
// by Playwright has the Network, Runtime and Log domains enabled, and the Network domain
// records the JavaScript stack of every request a script starts (the "initiator"), which
// makes V8 collect source positions on the main thread — cost a visitor's browser never
// pays. Here each page enables only the domains the benchmark reads (Page, Performance,
// optionally Profiler).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stopProcessGroup } from "./processGroup.mjs";

/**
 * Starts headless Chromium; answers `{ send(method, params, sessionId), once(method,
 * sessionId), on(listener), close(), pid, profile }`. `send` rejects with the protocol's
 * error message; `close()` resolves once Chromium and every helper it started have gone and
 * its temporary profile folder (`profile`) is removed; `pid` is the browser's, and its
 * process group's id.
 */
export function launchCdp({ executablePath, args = [] }) {
  const profile = mkdtempSync(join(tmpdir(), "liftoff-cdp-"));
  const child = spawn(
    executablePath,
    [...args, "--headless", "--remote-debugging-pipe", `--user-data-dir=${profile}`, "about:blank"],
    // Its own process group: Chromium's helpers (GPU, network, renderers) can outlive the
    // browser process for a moment and keep writing into the profile.
    { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"], detached: true },
  );
  const toBrowser = child.stdio[3];
  const fromBrowser = child.stdio[4];
  const pending = new Map();
  const listeners = new Set();
  let nextId = 0;
  let buffer = "";
  let exited = false;
  const failAll = (error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  child.on("exit", (code, signal) => {
    exited = true;
    failAll(new Error(`Chromium exited (${signal ?? code}) with calls outstanding`));
  });
  fromBrowser.on("data", (chunk) => {
    buffer += chunk.toString();
    for (let end = buffer.indexOf("\0"); end >= 0; end = buffer.indexOf("\0")) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      const call = message.id === undefined ? undefined : pending.get(message.id);
      if (call) {
        pending.delete(message.id);
        if (message.error) call.reject(new Error(`${call.method}: ${message.error.message}`));
        else call.resolve(message.result);
      } else for (const listener of listeners) listener(message);
    }
  });

  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      if (exited) return reject(new Error(`${method}: Chromium has exited`));
      const id = ++nextId;
      pending.set(id, { resolve, reject, method });
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  const on = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const once = (method, sessionId, timeoutMs = 30_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`${method}: not received within ${timeoutMs} ms`));
      }, timeoutMs);
      const off = on((message) => {
        if (message.method !== method || message.sessionId !== sessionId) return;
        clearTimeout(timer);
        off();
        resolve(message.params);
      });
    });
  // The profile is removed only once no process of the group runs any more: removing it when
  // the browser process alone had exited failed with ENOTEMPTY, a helper still writing into
  // it. The removal also retries what is briefly busy. Closing twice closes once.
  let closing;
  const close = () =>
    (closing ??= (async () => {
      const exit = exited ? undefined : new Promise((resolve) => child.once("exit", resolve));
      // Once no process of the group runs, the browser's exit event is due (if not yet seen).
      if (await stopProcessGroup(child.pid)) await exit;
      else
        console.warn(
          `Chromium's process group ${child.pid} outlived SIGKILL; removing its profile anyway`,
        );
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    })());
  return { send, once, on, close, pid: child.pid, profile };
}

/**
 * A page in a fresh browser context (no cache, cookies or storage), attached with only the
 * given domains enabled. `close()` disposes of the context.
 */
export async function openPage(cdp, domains = ["Page", "Performance"]) {
  const { browserContextId } = await cdp.send("Target.createBrowserContext", {
    disposeOnDetach: true,
  });
  const { targetId } = await cdp.send("Target.createTarget", {
    url: "about:blank",
    browserContextId,
  });
  const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
  for (const domain of domains) await cdp.send(`${domain}.enable`, {}, sessionId);
  return {
    sessionId,
    send: (method, params) => cdp.send(method, params, sessionId),
    /** Navigates and resolves at the window load event. */
    async goto(url) {
      const loaded = cdp.once("Page.loadEventFired", sessionId);
      const { errorText } = await cdp.send("Page.navigate", { url }, sessionId);
      if (errorText) throw new Error(`Page.navigate ${url}: ${errorText}`);
      await loaded;
    },
    close: () => cdp.send("Target.disposeBrowserContext", { browserContextId }),
  };
}
