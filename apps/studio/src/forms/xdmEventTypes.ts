/**
 * XDM's event types (ExperienceEvent `eventType`) that a web page sends, grouped for the
 * send-event form. Names are XDM's own spelling, which is case-sensitive: reports and the
 * Events filter treat `web.webInteraction.linkClicks` and `web.webinteraction.linkClicks` as two
 * different types.
 */
export const XDM_EVENT_TYPES: readonly { type: string; label: string }[] = [
  { type: "web.webpagedetails.pageViews", label: "Page view" },
  { type: "web.webinteraction.linkClicks", label: "Link click" },
  { type: "web.formFilledOut", label: "Form filled out" },
  { type: "commerce.productViews", label: "Commerce: product view" },
  { type: "commerce.productListViews", label: "Commerce: cart view" },
  { type: "commerce.productListOpens", label: "Commerce: cart opened" },
  { type: "commerce.productListAdds", label: "Commerce: added to cart" },
  { type: "commerce.productListRemovals", label: "Commerce: removed from cart" },
  { type: "commerce.productListReopens", label: "Commerce: cart reopened" },
  { type: "commerce.checkouts", label: "Commerce: checkout step" },
  { type: "commerce.purchases", label: "Commerce: purchase" },
  { type: "commerce.saveForLaters", label: "Commerce: saved for later" },
  { type: "decisioning.propositionDisplay", label: "Personalization: shown" },
  { type: "decisioning.propositionInteract", label: "Personalization: clicked" },
  { type: "decisioning.propositionDismiss", label: "Personalization: dismissed" },
  { type: "decisioning.propositionFetch", label: "Personalization: fetched" },
  { type: "decisioning.propositionSend", label: "Personalization: sent" },
  { type: "decisioning.propositionTrigger", label: "Personalization: triggered" },
  { type: "media.sessionStart", label: "Media: session start" },
  { type: "media.play", label: "Media: play" },
  { type: "media.ping", label: "Media: ping" },
  { type: "media.pauseStart", label: "Media: pause" },
  { type: "media.bufferStart", label: "Media: buffering" },
  { type: "media.bitrateChange", label: "Media: bitrate change" },
  { type: "media.chapterStart", label: "Media: chapter start" },
  { type: "media.chapterComplete", label: "Media: chapter complete" },
  { type: "media.chapterSkip", label: "Media: chapter skipped" },
  { type: "media.adBreakStart", label: "Media: ad break start" },
  { type: "media.adBreakComplete", label: "Media: ad break complete" },
  { type: "media.adStart", label: "Media: ad start" },
  { type: "media.adComplete", label: "Media: ad complete" },
  { type: "media.adSkip", label: "Media: ad skipped" },
  { type: "media.error", label: "Media: error" },
  { type: "media.statesUpdate", label: "Media: player state change" },
  { type: "media.sessionComplete", label: "Media: session complete" },
  { type: "media.sessionEnd", label: "Media: session end" },
  { type: "advertising.impressions", label: "Advertising: impression" },
  { type: "advertising.clicks", label: "Advertising: click" },
  { type: "advertising.starts", label: "Advertising: video ad start" },
  { type: "advertising.firstQuartiles", label: "Advertising: video ad 25%" },
  { type: "advertising.midpoints", label: "Advertising: video ad 50%" },
  { type: "advertising.thirdQuartiles", label: "Advertising: video ad 75%" },
  { type: "advertising.completes", label: "Advertising: video ad complete" },
  { type: "advertising.timePlayed", label: "Advertising: time played" },
  { type: "advertising.conversions", label: "Advertising: conversion" },
  { type: "application.launch", label: "Application launch" },
  { type: "application.close", label: "Application close" },
];

const known = new Set(XDM_EVENT_TYPES.map((t) => t.type));

/**
 * What to say about an event type the user typed: nothing for an XDM type, a token or an
 * empty field; the XDM spelling when only the case differs; otherwise that it is not XDM's.
 */
export function xdmEventTypeWarning(value: string): string | undefined {
  const text = value.trim();
  if (text === "" || known.has(text) || /^%[^%]+%$/.test(text)) return undefined;
  const same = XDM_EVENT_TYPES.find((t) => t.type.toLowerCase() === text.toLowerCase());
  if (same) return `XDM spells it ${same.type}; a different case counts as a different event type.`;
  return "Not one of XDM's event types. Allowed, but reports and filters list it on its own.";
}
