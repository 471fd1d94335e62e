import createDomEvent from "../helpers/createDomEvent.ts";

/** Core event "Key Down": the native `keydown` event (capture phase) with the bubbly element filter. */
export default createDomEvent("keydown");
