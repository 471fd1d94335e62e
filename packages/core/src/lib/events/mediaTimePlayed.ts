import createDomEvent from "../helpers/createDomEvent.ts";
import type { BubblySettings } from "../helpers/createBubbly.ts";
import type { Trigger } from "../types.ts";

export interface MediaTimePlayedSettings extends BubblySettings {
  amount: number;
  unit: "second" | "percent";
}

// Per rule settings object: the media elements whose marker this rule already fired for.
const fired = new WeakMap<object, WeakSet<EventTarget>>();

/**
 * Core event "Media Time Played" (reference §5.1; spec §4): on `timeupdate`, fires once per
 * rule and media element when playback crosses `amount` seconds or percent of the seekable
 * length (a seek past the marker counts as crossing it).
 */
const register = createDomEvent<MediaTimePlayedSettings>("timeupdate", (event, settings) => {
  const media = event.target as HTMLMediaElement;
  const amount = Number(settings.amount);
  const seekable = media.seekable;
  const length = seekable && seekable.length ? seekable.end(0) - seekable.start(0) : media.duration;
  const played =
    settings.unit === "percent" ? (media.currentTime / length) * 100 : media.currentTime;
  if (!(played >= amount)) return undefined;
  let elements = fired.get(settings);
  if (!elements) fired.set(settings, (elements = new WeakSet()));
  if (elements.has(media)) return undefined;
  elements.add(media);
  return { ...event, amount: settings.amount, unit: settings.unit };
});

export default function mediaTimePlayed(settings: MediaTimePlayedSettings, trigger: Trigger): void {
  if (!(Number(settings.amount) >= 0)) throw new Error("settings.amount must be a number ≥ 0.");
  if (settings.unit !== "second" && settings.unit !== "percent")
    throw new Error('settings.unit must be "second" or "percent".');
  register(settings, trigger);
}
