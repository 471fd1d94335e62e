import createDomEvent from "../helpers/createDomEvent.ts";

/** Core event "Media Pause": the native `pause` event (capture phase) with the bubbly element filter. */
export default createDomEvent("pause");
