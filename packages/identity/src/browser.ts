import createVisitorNamespace, {
  type AdobeNamespace,
  type VisitorNamespace,
} from "./createVisitorNamespace.ts";

// The dist/identity.min.js entry: installs `window.Visitor` and `window.adobe` as
// VisitorAPI.js does. An existing Visitor is kept, so loading the file twice never
// forgets the instances (and the IDs) the page already has.
const win = window as unknown as Window & { Visitor?: VisitorNamespace; adobe?: AdobeNamespace };
if (!win.Visitor?.getInstance) win.Visitor = createVisitorNamespace(win);
