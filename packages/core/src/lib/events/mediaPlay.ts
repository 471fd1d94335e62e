import createDomEvent from "../helpers/createDomEvent.ts";

/** Core event "Media Play": the native `play` event (capture phase) with the bubbly element filter. */
export default createDomEvent("play");
