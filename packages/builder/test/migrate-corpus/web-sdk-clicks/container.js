// For license information, see `https://assets.adobedtm.com/6f7a8b9c0d1e/2b3c4d5e6f7a/launch-EN6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e-development.js`.
/* eslint-disable -- a corpus library shaped like a Launch development build: our own code, written as Launch emits it */
// The container part of a development build of a Web SDK property that leaves alloy's
// automatic click collection on (no clickCollectionEnabled in its instance: on, as alloy's
// default) and sends a page view from a Library Loaded rule. Adobe's extension is
// `adobe-alloy`; its module scripts in a real build are Adobe's alloy, which the repository
// does not carry: each `script` here is a liftoff-stand-in placeholder naming a module, that
// assembleCorpus.ts replaces with our Web SDK's build of the same module (whose page
// behaviour test/clickCollection.e2e.ts proves equal to alloy 2.26.0's). The stand-in
// carries clickCollection.js as alloy carries its ActivityCollector: always. Module paths
// follow our layout, which the stand-in scripts reach each other by.
(function () {
  window._satellite = window._satellite || {};
  window._satellite.container = {
    buildInfo: {
      turbineVersion: "28.1.0",
      turbineBuildDate: "2025-02-06T18:35:41.379Z",
      buildDate: "2025-06-03T14:12:45Z",
      minified: false,
    },
    environment: { id: "EN6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e", stage: "development" },
    dataElements: {
      "page view": {
        modulePath: "adobe-alloy/src/lib/dataElements/xdmObject.js",
        settings: {
          data: { web: { webPageDetails: { name: "home", pageViews: { value: 1 } } } },
        },
      },
    },
    extensions: {
      core: {
        displayName: "Core",
        hostedLibFilesBaseUrl:
          "https://assets.adobedtm.com/extensions/EP0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f/",
        modules: {
          "core/src/lib/events/libraryLoaded.js": {
            name: "library-loaded",
            displayName: "Library Loaded (Page Top)",
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = function (settings, trigger) {
                trigger({});
              };
            },
          },
        },
      },
      "adobe-alloy": {
        displayName: "Adobe Experience Platform Web SDK",
        hostedLibFilesBaseUrl:
          "https://assets.adobedtm.com/extensions/EP1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a/",
        settings: {
          instances: [
            {
              name: "alloy",
              edgeConfigId: "3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b",
              orgId: "1B2C3D4E5F60718293A4B5C6@AdobeOrg",
              edgeDomain: "edge.adobedc.net",
            },
          ],
        },
        modules: {
          "adobe-alloy/src/lib/instanceManager.js": {
            name: "instanceManager",
            shared: true,
            script: "liftoff-stand-in:web-sdk/src/lib/instanceManager.js",
          },
          "adobe-alloy/src/lib/clickCollection.js": {
            script: "liftoff-stand-in:web-sdk/src/lib/clickCollection.js",
          },
          "adobe-alloy/src/lib/actions/sendEvent.js": {
            name: "send-event",
            displayName: "Send event",
            script: "liftoff-stand-in:web-sdk/src/lib/actions/sendEvent.js",
          },
          "adobe-alloy/src/lib/dataElements/xdmObject.js": {
            name: "xdm-object",
            displayName: "XDM object",
            script: "liftoff-stand-in:web-sdk/src/lib/dataElements/xdmObject.js",
          },
        },
      },
    },
    company: { orgId: "1B2C3D4E5F60718293A4B5C6@AdobeOrg", dynamicCdnEnabled: false },
    property: {
      name: "Acme Insurance - Web SDK",
      id: "PR3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b",
      settings: {
        domains: ["acme-insurance.test"],
        undefinedVarsReturnEmpty: false,
        ruleComponentSequencingEnabled: false,
      },
    },
    rules: [
      {
        id: "RL2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e",
        name: "All Pages - Page View",
        events: [
          { modulePath: "core/src/lib/events/libraryLoaded.js", settings: {}, ruleOrder: 50 },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "adobe-alloy/src/lib/actions/sendEvent.js",
            settings: {
              instanceName: "alloy",
              type: "web.webpagedetails.pageViews",
              xdm: "%page view%",
            },
          },
        ],
      },
    ],
  };
})();
