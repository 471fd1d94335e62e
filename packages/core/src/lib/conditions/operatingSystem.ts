import { isOneOf, operatingSystems } from "../helpers/clientInfo.ts";

/** Core condition "Operating System": one of Windows, MacOS, Linux, Unix, iOS, Android. */
export default function operatingSystem(settings: { operatingSystems?: string[] }): boolean {
  return isOneOf(operatingSystems, settings.operatingSystems, "operatingSystems");
}
