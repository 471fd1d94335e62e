import createDomEvent from "../helpers/createDomEvent.ts";

/** Core event "Key Up": the native `keyup` event (capture phase) with the bubbly element filter. */
export default createDomEvent("keyup");
