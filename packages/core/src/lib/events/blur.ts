import createDomEvent from "../helpers/createDomEvent.ts";

/** Core event "Blur": the native `blur` event (capture phase) with the bubbly element filter. */
export default createDomEvent("blur");
