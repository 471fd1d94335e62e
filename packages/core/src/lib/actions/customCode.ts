import { env } from "../env.ts";
import type { RuleEvent } from "../types.ts";
import htmlCallback, { installHtmlCallbacks } from "./helpers/htmlCallback.ts";
import writeHtml, { runInWriteQueue } from "./helpers/writeHtml.ts";

/** Inline JavaScript as a Liftoff build delivers it: compiled into the library. */
type CodeFunction = (
  this: unknown,
  event: RuleEvent,
  target: unknown,
  p: PromiseConstructor,
) => unknown;

export interface CustomCodeActionSettings {
  language?: "javascript" | "html";
  /** JavaScript only: run as a plain page script instead of a function of the event. */
  global?: boolean;
  /**
   * The code, or with `isExternal` the URL of a file calling `_satellite.__registerScript`.
   * A Liftoff build turns inline, non-global JavaScript without data element tokens into a
   * function of `event, target, Promise` (packages/builder/src/transforms.ts).
   */
  source?: string | CodeFunction;
  isExternal?: boolean;
}

interface Satellite {
  __registerScript?: (url: string, code: string) => void;
  [key: string]: unknown;
}

const satellite = () => (window as unknown as { _satellite: Satellite })._satellite;

// External code: each URL is loaded once; the file hands its code to __registerScript.
const registered: Record<string, (code: string) => void> = {};
const loading: Record<string, Promise<string>> = {};

// Core puts __registerScript, _onCustomCodeSuccess and _onCustomCodeFailure on _satellite
// when it loads, not on first use: a page or an RC file may call them before any action ran.
if (typeof window !== "undefined") {
  installHtmlCallbacks();
  satellite().__registerScript = (url, code) => registered[url]?.(code);
}

function loadCode(url: string): Promise<string> {
  return (loading[url] ||= new Promise<string>((resolve, reject) => {
    registered[url] = resolve;
    const load = env.require("@adobe/reactor-load-script") as (u: string) => Promise<unknown>;
    load(url).catch(reject);
  }));
}

// Loaded code runs in rule order even when a later file arrives first (loadCodeSequentially).
let sequence: Promise<unknown> = Promise.resolve();

// The library was loaded by a parser-blocking <script>: only then may document.write be used.
const current = typeof document !== "undefined" ? document.currentScript : null;
const synchronous = Boolean(current && !(current as HTMLScriptElement).async);

// The _runScript<N> counter; HTML callback ids count separately, as in Core.
let counter = 0;

// Whether a write now goes through document.write (the script runs at once) or the queue.
const writesNow = () =>
  synchronous &&
  document.readyState === "loading" &&
  !env.turbine.propertySettings?.ruleComponentSequencingEnabled;

function write(html: string): Promise<void> {
  const t = env.turbine;
  if (writesNow()) {
    document.write(html);
    return Promise.resolve();
  }
  const nonce = t.getExtensionSettings().cspNonce;
  return writeHtml(html, typeof nonce === "string" && nonce ? nonce : undefined);
}

function runJavaScript(code: string, event: RuleEvent): Promise<unknown> {
  const id = counter++;
  const name = `_runScript${id}`;
  let result: unknown;
  let failed = false;
  const s = satellite();
  s[name] = (fn: (this: unknown, e: RuleEvent, t: unknown, p: PromiseConstructor) => unknown) => {
    // A throw becomes this action's failure (logged by the engine), not a page error.
    try {
      result = fn.call(event.element, event, event.target, Promise);
    } catch (error) {
      failed = true;
      result = error;
    }
  };
  // Written as a page script (not eval) so a CSP nonce applies, as in Launch.
  return write(
    `<script>_satellite["${name}"](function(event, target, Promise) {\n${code}\n});</script>`,
  ).then(() => {
    delete s[name];
    if (failed) throw result;
    return result;
  });
}

/**
 * A compiled function runs when its written script would have run — at once where the
 * library may use document.write, otherwise in the write queue, after document.body exists
 * and after earlier writes — without a script element: no parse of a new script on the main
 * thread, and no CSP nonce needed, since the code is part of the library already allowed.
 */
function runFunction(fn: CodeFunction, event: RuleEvent): Promise<unknown> {
  const call = () => fn.call(event.element, event, event.target, Promise);
  // The executor's throw becomes the rejection, as the queue's does.
  return writesNow() ? new Promise((resolve) => resolve(call())) : runInWriteQueue(call);
}

// HTML that reports back settles when the page calls back, other HTML once it is written.
function runHtml(code: string): Promise<unknown> {
  const html = htmlCallback(code);
  if (html.code === code) return write(code);
  void write(html.code);
  return html.done;
}

function run(settings: CustomCodeActionSettings, code: string, event: RuleEvent) {
  if (settings.language === "html") return runHtml(code);
  if (settings.global) return write(`<script>\n${code}\n</script>`).then(() => undefined);
  return runJavaScript(code, event);
}

/**
 * Core action "Custom Code" (reference §5.3): JavaScript (global, or a function of `event`
 * and `target` whose result — a value or a promise — settles the action) or HTML, inline or
 * external, written through writeHtml with the extension's `cspNonce`.
 */
export default function customCode(
  settings: CustomCodeActionSettings,
  event: RuleEvent,
): Promise<unknown> {
  if (typeof settings.source === "function") return runFunction(settings.source, event);
  if (typeof settings.source !== "string")
    throw new Error("settings.source must be a string or a function.");
  if (!settings.isExternal) return run(settings, settings.source, event);
  const code = loadCode(settings.source);
  const done = sequence.then(() =>
    code.then((text) =>
      run(
        settings,
        // Inline code had its tokens replaced by the engine; external HTML has not.
        settings.language === "html" ? env.turbine.replaceTokens(text, event) : text,
        event,
      ),
    ),
  );
  sequence = done.catch(() => undefined);
  return done;
}
