import type { QueueFunction, QueuedCommand } from "./baseCode.ts";
import createClickCollector from "./createClickCollector.ts";
import createInstance from "./createInstance.ts";

/**
 * The standalone loader's contract with the base code (edge-protocol.md §1.1): for every
 * name in `window.__alloyNS`, create an instance, replace `window[name].q.push` with one
 * that runs the command at once, and replay what was queued, in order. `window[name]`
 * itself stays, so references the page kept keep working. Instances collect link clicks
 * unless configured not to, as alloy's standalone build does.
 */
export default function installInstances(win: Window = window): void {
  const globals = win as unknown as Record<string, unknown>;
  const names = (globals.__alloyNS as string[] | undefined) ?? [];
  names.forEach((name) => {
    const queueFn = globals[name] as QueueFunction | undefined;
    // Not a base-code queue, or already taken over (the SDK file loaded twice): leave it.
    if (!Array.isArray(queueFn?.q) || queueFn.q.push !== Array.prototype.push) return;
    const execute = createInstance({ name, clickCollector: createClickCollector }, win);
    const run = ([resolve, reject, args]: QueuedCommand) => {
      const [commandName, options] = Array.from(args) as [string, unknown];
      execute(commandName, options).then(resolve, reject);
      return 0;
    };
    const queued = queueFn.q.splice(0);
    queueFn.q.push = (...entries: QueuedCommand[]) => {
      entries.forEach(run);
      return queueFn.q.length;
    };
    queued.forEach(run);
  });
}
