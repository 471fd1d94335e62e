/**
 * The base-code snippet a page pastes before the SDK loads (edge-protocol.md §1.1): for each
 * instance name, a queueing function `window[name]` that returns a promise and records
 * `[resolve, reject, arguments]` in `window[name].q`, and the name in `window.__alloyNS`.
 * The SDK later replaces `q.push` with its executor and replays the queue.
 */
export type QueuedCommand = [
  resolve: (v: unknown) => void,
  reject: (e: unknown) => void,
  args: IArguments | unknown[],
];

export interface QueueFunction {
  (...args: unknown[]): Promise<unknown>;
  q: QueuedCommand[];
}

export default function installBaseCode(win: Record<string, unknown>, names: string[]): void {
  names.forEach((name) => {
    if (win[name]) return;
    const namespaces = (win.__alloyNS as string[] | undefined) || [];
    win.__alloyNS = namespaces;
    namespaces.push(name);
    const fn = function () {
      // eslint-disable-next-line prefer-rest-params -- the snippet stays ES5-small.
      const args = arguments;
      return new Promise((resolve, reject) =>
        (win[name] as QueueFunction).q.push([resolve, reject, args]),
      );
    } as unknown as QueueFunction;
    fn.q = [];
    win[name] = fn;
  });
}
