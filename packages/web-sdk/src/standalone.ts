// Entry of dist/web-sdk.min.js: installs the instances the base code announced.
import installInstances from "./installInstances.ts";

installInstances();
