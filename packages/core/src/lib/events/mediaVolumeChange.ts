import createDomEvent from "../helpers/createDomEvent.ts";

/** Core event "Media Volume Change": the native `volumechange` event (capture phase) with the bubbly element filter. */
export default createDomEvent("volumechange");
