/* eslint-disable @typescript-eslint/prefer-promise-reject-errors --
   Core rejects a failed HTML callback without a reason; this module does the same on purpose */
/**
 * A custom-code action of our own, shaped like Launch's Core 3.4.4 for HTML (reference §5.3),
 * for the differential suite to run on turbine beside Liftoff's Core on our engine:
 * - `_satellite.__registerScript`, `_onCustomCodeSuccess` and `_onCustomCodeFailure` are set
 *   when the module loads;
 * - an external source is a URL loaded once with load-script, whose file hands its code to
 *   `__registerScript(url, code)`, and gets its tokens replaced by the action;
 * - each `${reactorCallbackId}` becomes the same number, counted per HTML that has one; the
 *   action settles when the page calls back with it, a failure rejecting with no reason; an
 *   unknown or settled id is ignored.
 * The script is serialised into the library, so it uses only its parameters and page globals.
 */
export function coreShapedCustomCode(module: any, _exports: any, require: any, turbine: any) {
  const satellite = (window as any)._satellite;
  const pending: Record<string, [() => void, () => void]> = {};
  const registered: Record<string, (code: string) => void> = {};
  let nextId = 0;
  const settle = (id: unknown, outcome: 0 | 1) => {
    const handlers = pending[String(id)];
    if (!handlers) return;
    delete pending[String(id)];
    handlers[outcome]();
  };
  satellite._onCustomCodeSuccess = (id: unknown) => settle(id, 0);
  satellite._onCustomCodeFailure = (id: unknown) => settle(id, 1);
  satellite.__registerScript = (url: string, code: string) => registered[url]?.(code);
  // Appends HTML to the body; script elements are re-created so that they run.
  const write = (html: string) => {
    const holder = document.createElement("div");
    holder.innerHTML = html;
    for (const node of Array.from(holder.childNodes)) {
      if (node.nodeName !== "SCRIPT") {
        document.body.appendChild(node);
        continue;
      }
      const script = document.createElement("script");
      script.text = (node as HTMLScriptElement).text;
      document.body.appendChild(script);
    }
  };
  module.exports = (settings: any, event: any) => {
    const code: Promise<string> = settings.isExternal
      ? new Promise((resolve, reject) => {
          registered[settings.source] = resolve;
          require("@adobe/reactor-load-script")(settings.source).catch(reject);
        })
      : Promise.resolve(settings.source);
    return code.then((text) => {
      let source: string = settings.isExternal ? turbine.replaceTokens(text, event) : text;
      let done = Promise.resolve();
      if (source.includes("${reactorCallbackId}")) {
        const id = String(nextId++);
        done = new Promise((resolve, reject) => {
          pending[id] = [resolve, () => reject()];
        });
        source = source.split("${reactorCallbackId}").join(id);
      }
      write(source);
      return done;
    });
  };
}
