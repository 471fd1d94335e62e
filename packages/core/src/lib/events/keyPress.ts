import createDomEvent from "../helpers/createDomEvent.ts";

/** Core event "Key Press": the native `keypress` event (capture phase) with the bubbly element filter. */
export default createDomEvent("keypress");
