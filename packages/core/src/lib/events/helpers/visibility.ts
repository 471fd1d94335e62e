import type { Trigger } from "../../types.ts";

const hidden: Trigger[] = [];
const visible: Trigger[] = [];
let listening = false;

/** Registers for the tab becoming hidden or visible (`visibilitychange`), one listener in all. */
export default function onVisibility(toHidden: boolean, trigger: Trigger): void {
  if (!listening) {
    listening = true;
    document.addEventListener("visibilitychange", (nativeEvent) => {
      for (const t of document.hidden ? hidden : visible) t({ nativeEvent });
    });
  }
  (toHidden ? hidden : visible).push(trigger);
}
