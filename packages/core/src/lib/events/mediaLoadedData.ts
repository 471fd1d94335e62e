import createDomEvent from "../helpers/createDomEvent.ts";

/** Core event "Media Loaded Data": the native `loadeddata` event (capture phase) with the bubbly element filter. */
export default createDomEvent("loadeddata");
