import { deviceTypes, isOneOf } from "../helpers/clientInfo.ts";

/** Core condition "Device Type": one of Desktop (the catch-all), iPhone, iPad, iPod, Nokia, Windows Phone, Blackberry, Android. */
export default function deviceType(settings: { deviceTypes?: string[] }): boolean {
  return isOneOf(deviceTypes, settings.deviceTypes, "deviceTypes");
}
