/** Console output of one instance: `[name]`-prefixed, silent unless debugging is on. */
export interface Logger {
  readonly enabled: boolean;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  /** `persist` = from setDebug or the query string: kept in sessionStorage for the tab. */
  setDebug(enabled: boolean, persist?: boolean): void;
}

type Level = "info" | "warn" | "error";
const MAX_HELD = 500;

/**
 * Debug precedence follows alloy (edge-protocol.md §1.1): `?alloy_debug=true|false` and
 * `setDebug` persist in sessionStorage `com.adobe.alloy.instance.<name>.debug`, which then
 * overrides `configure({ debugEnabled })`.
 *
 * While the page is loading the stored choice is not read: a page's first storage access is
 * a synchronous round trip to the browser process, one of the costliest calls made during a
 * load (bench/history/RESULTS-to-2026-11-28.md, "Page cost"). Messages are held in order and
 * printed or dropped once the window has loaded and the choice has been read (or at once when
 * asked for it, by `enabled` or the setDebug command). The query string decides without a read.
 */
export default function createLogger(name: string, win: Window = window): Logger {
  const key = `com.adobe.alloy.instance.${name}.debug`;
  const read = () => {
    try {
      return win.sessionStorage.getItem(key);
    } catch {
      return null; // storage blocked (sandboxed frames, privacy modes)
    }
  };
  const write = (value: boolean) => {
    try {
      win.sessionStorage.setItem(key, String(value));
    } catch {
      /* debugging just does not persist */
    }
  };
  const param = /[?&]alloy_debug=(true|false)(&|$)/.exec(win.location.search);
  if (param) write(param[1] === "true");
  // undefined: not read yet; null: nothing stored.
  let stored: boolean | null | undefined = param ? param[1] === "true" : undefined;
  let configured = false;
  let held: [Level, unknown[]][] = [];
  const isOn = () => stored ?? configured;
  const print = (level: Level, args: unknown[]) => console[level](`[${name}]`, ...args);
  const settle = () => {
    if (stored === undefined) {
      const value = read();
      stored = value === null ? null : value === "true";
    }
    if (isOn()) held.forEach(([level, args]) => print(level, args));
    held = [];
  };
  if (stored !== undefined || win.document.readyState === "complete") settle();
  else win.addEventListener("load", settle, { once: true });
  const out =
    (level: Level) =>
    (...args: unknown[]) => {
      // A page whose load never ends must not hold messages without bound: read then.
      if (stored !== undefined) {
        if (isOn()) print(level, args);
      } else if (held.push([level, args]) > MAX_HELD) settle();
    };
  return {
    get enabled() {
      settle();
      return isOn();
    },
    info: out("info"),
    warn: out("warn"),
    error: out("error"),
    setDebug(value, persist) {
      if (!persist) {
        configured = value; // a stored choice outranks it, whenever that is read
        return;
      }
      settle();
      write(value);
      stored = value;
    },
  };
}
