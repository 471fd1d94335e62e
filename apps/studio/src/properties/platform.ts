import type { PropertyDocument, PropertyPlatform } from "@liftoff/schema";
import { createContext, useContext } from "react";

/**
 * The platform of the property being edited (`PropertyLayout` provides it): `edge` properties'
 * pages offer the event forwarding modules and write `{{name}}` tokens instead of `%name%`.
 */
export const PlatformContext = createContext<PropertyPlatform>("web");

export function usePlatform(): PropertyPlatform {
  return useContext(PlatformContext);
}

/** A property's platform; documents from before event forwarding are web properties. */
export function platformOf(document: PropertyDocument): PropertyPlatform {
  return document.property.settings.platform ?? "web";
}

/** How the studio names each platform, as the new-property form offers them. */
export const PLATFORM_LABELS: Record<PropertyPlatform, string> = {
  web: "Web",
  edge: "Event forwarding",
};
