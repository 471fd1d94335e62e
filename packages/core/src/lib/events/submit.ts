import createDomEvent from "../helpers/createDomEvent.ts";

/** Core event "Submit": the native `submit` event (capture phase) with the bubbly element filter. */
export default createDomEvent("submit");
