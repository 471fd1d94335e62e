/**
 * `visitor.publishDestinations`, as VisitorAPI 5.5.0 has it (docs/identity.md, "Audience
 * Manager"): Audience Manager's DIL (8 and later) calls it to send its destinations, and
 * refuses a Visitor instance without it ("Invalid Visitor instance"). A part of its own, so
 * that only a library whose property uses Audience Manager carries it.
 *
 * - `publishDestinations(subdomain, messages, callback)`: each non-empty string message is
 *   handed to the destination-publishing frame.
 * - `publishDestinations({subdomain, urlDestinations: [{url, hideReferrer, message}],
 *   callback})`: a destination with `hideReferrer` hands its `message` to the frame; the
 *   others are requested from the page as images, in order, one every 100 ms.
 * - The callback gets `{error}` for bad arguments (5.5.0's words) or when ID syncs are
 *   turned off, else `{message}` once the frame has loaded.
 *
 * The frame is the ID service's `/dest5.html`, as for ID syncs (createIdSync.ts); messages
 * reach it by `postMessage` once it has announced itself. Liftoff's own destination page fires
 * nothing, by design (ARCHITECTURE.md §1): there the messages end, while the page's own URL
 * destinations are still sent.
 */
import { READY_MESSAGE } from "./createIdSync.ts";

export const MESSAGES_PREFIX = "dest5:messages:";
/** 5.5.0's pace for URL destinations fired from the page. */
export const URL_DESTINATION_INTERVAL_MS = 100;

export interface PublishResult {
  error?: string;
  message?: string;
}
type Callback = (result: PublishResult) => void;

interface UrlDestination {
  url?: unknown;
  hideReferrer?: unknown;
  message?: unknown;
}

export interface DestinationContext {
  win: Window;
  /** The ID service's origin (`https://dpm.demdex.net`, or Liftoff's server). */
  origin: string;
  idSyncContainerID: number;
  /** `idSyncDisableSyncs` or `disableIdSyncs`: 5.5.0 then has no frame to publish through. */
  disabled: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const filled = (value: unknown): value is string => typeof value === "string" && value !== "";

export default function createPublishDestinations(context: DestinationContext) {
  const { win, origin } = context;
  let frame: HTMLIFrameElement | undefined;
  let loaded = false;
  let ready = false;
  const waiting: string[] = [];
  const afterLoad: Array<() => void> = [];

  const deliver = () => {
    if (!ready || !waiting.length) return;
    frame!.contentWindow!.postMessage(MESSAGES_PREFIX + JSON.stringify(waiting.splice(0)), origin);
  };

  function attach() {
    frame = win.document.createElement("iframe");
    win.addEventListener("message", (event) => {
      if (event.origin !== origin || event.data !== READY_MESSAGE) return;
      ready = true;
      deliver();
    });
    frame.onload = () => {
      loaded = true;
      afterLoad.splice(0).forEach((done) => done());
    };
    frame.style.display = "none";
    frame.src = `${origin}/dest5.html?d_nsid=${context.idSyncContainerID}#${encodeURIComponent(win.location.origin)}`;
    win.document.documentElement.appendChild(frame);
  }

  function fire(destinations: UrlDestination[]) {
    const next = () => {
      const destination = destinations.shift();
      if (!destination) return;
      new Image().src = String(destination.url);
      win.setTimeout(next, URL_DESTINATION_INTERVAL_MS);
    };
    if (destinations.length) win.setTimeout(next, URL_DESTINATION_INTERVAL_MS);
  }

  /** What is wrong with the arguments, in 5.5.0's words; else queues their messages. */
  function accept(target: unknown, messages: unknown): string | undefined {
    if (typeof target === "string") {
      if (!target) return "subdomain is not a populated string.";
      if (!Array.isArray(messages) || !messages.length) return "messages is not a populated array.";
      const texts = messages.filter(filled);
      if (!texts.length) return "None of the messages are populated strings.";
      waiting.push(...texts);
      return undefined;
    }
    if (!isObject(target)) return "Invalid parameters passed.";
    if (!filled(target.subdomain)) return "config.subdomain is not a populated string.";
    const list = target.urlDestinations;
    if (!Array.isArray(list) || !list.length)
      return "config.urlDestinations is not a populated array.";
    const onPage: UrlDestination[] = [];
    for (const destination of list.filter(isObject) as UrlDestination[])
      if (!destination.hideReferrer) onPage.push(destination);
      else if (filled(destination.message)) waiting.push(destination.message);
    fire(onPage);
    return undefined;
  }

  return function publishDestinations(target: unknown, messages?: unknown, callback?: unknown) {
    const done: Callback =
      typeof callback === "function"
        ? (callback as Callback)
        : isObject(target) && typeof target.callback === "function"
          ? (target.callback as Callback)
          : () => undefined;
    if (context.disabled)
      return done({
        error: "The destination publishing iframe is disabled in the Visitor library.",
      });
    const error = accept(target, messages);
    if (error) return done({ error });
    if (loaded) {
      deliver();
      return done({ message: "The destination publishing iframe is already attached and loaded." });
    }
    afterLoad.push(() =>
      done({
        message:
          "Attempted to attach and load the destination publishing iframe through this API call. Result: no result",
      }),
    );
    if (!frame) attach();
  };
}
