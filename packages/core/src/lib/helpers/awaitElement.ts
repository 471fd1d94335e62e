/**
 * Resolves with the first element matching `selector` once it exists, or null after
 * `timeout` ms (spec §9: 5000 ms, poll 100 ms). Where MutationObserver exists it is used
 * instead of polling: it costs nothing while the DOM is quiet and answers at once. An
 * invalid selector rejects with the selector named.
 */
export default function awaitElement(
  selector: string,
  timeout = 5000,
  poll = 100,
): Promise<Element | null> {
  return new Promise((resolve, reject) => {
    const find = () => {
      try {
        return document.querySelector(selector);
      } catch {
        reject(new Error(`Matching element failed. ${selector} is not a valid selector.`));
        return null;
      }
    };
    const first = find();
    if (first) return resolve(first);
    let observer: MutationObserver | undefined;
    let interval: ReturnType<typeof setInterval> | undefined;
    const finish = (element: Element | null) => {
      observer?.disconnect();
      clearInterval(interval);
      clearTimeout(timer);
      resolve(element);
    };
    const check = () => {
      const element = find();
      if (element) finish(element);
    };
    const timer = setTimeout(() => finish(null), timeout);
    if (typeof MutationObserver === "function") {
      observer = new MutationObserver(check);
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    } else interval = setInterval(check, poll);
  });
}
