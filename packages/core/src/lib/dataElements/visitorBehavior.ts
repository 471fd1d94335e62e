import visitor from "../helpers/visitorTracking.ts";

const read: Record<string, () => unknown> = {
  landingPage: visitor.getLandingPage,
  trafficSource: visitor.getTrafficSource,
  minutesOnSite: visitor.getMinutesOnSite,
  sessionCount: visitor.getSessionCount,
  sessionPageViewCount: visitor.getSessionPageViewCount,
  lifetimePageViewCount: visitor.getLifetimePageViewCount,
  isNewVisitor: visitor.getIsNewVisitor,
};

/** Core data element "Visitor Behavior": one visitor-tracking figure (reference §5.4). */
export default function visitorBehavior(settings: { attribute?: string }): unknown {
  const get = read[settings.attribute as string];
  if (!get) throw new Error(`settings.attribute must be one of ${Object.keys(read).join(", ")}.`);
  return get();
}
