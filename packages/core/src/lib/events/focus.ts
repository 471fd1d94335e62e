import createDomEvent from "../helpers/createDomEvent.ts";

/** Core event "Focus": the native `focus` event (capture phase) with the bubbly element filter. */
export default createDomEvent("focus");
