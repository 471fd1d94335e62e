import createDomEvent from "../helpers/createDomEvent.ts";

/** Core event "Media Stalled": the native `stalled` event (capture phase) with the bubbly element filter. */
export default createDomEvent("stalled");
