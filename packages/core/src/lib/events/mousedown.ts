import createDomEvent from "../helpers/createDomEvent.ts";

/** Core event "Mousedown": the native `mousedown` event (capture phase) with the bubbly element filter. */
export default createDomEvent("mousedown");
