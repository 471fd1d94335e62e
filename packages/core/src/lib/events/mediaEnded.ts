import createDomEvent from "../helpers/createDomEvent.ts";

/** Core event "Media Ended": the native `ended` event (capture phase) with the bubbly element filter. */
export default createDomEvent("ended");
