import { isNil } from "./validate.ts";
/** Console output of one instance: `[name]`-prefixed, silent unless debugging is on. */
export interface Logger {
  readonly enabled: boolean;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  /** `persist` = from setDebug or the query string: kept in sessionStorage for the tab. */
  setDebug(enabled: boolean, persist?: boolean): void;
}

/**
 * Debug precedence follows alloy (edge-protocol.md §1.1): `?alloy_debug=true|false` and
 * `setDebug` persist in sessionStorage `com.adobe.alloy.instance.<name>.debug`, which then
 * overrides `configure({ debugEnabled })`.
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
  let enabled = read() === "true";
  const out =
    (level: "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      if (enabled) console[level](`[${name}]`, ...args);
    };
  return {
    get enabled() {
      return enabled;
    },
    info: out("info"),
    warn: out("warn"),
    error: out("error"),
    setDebug(value, persist) {
      if (persist) write(value);
      else if (!isNil(read())) return; // a stored choice outranks the config
      enabled = value;
    },
  };
}
