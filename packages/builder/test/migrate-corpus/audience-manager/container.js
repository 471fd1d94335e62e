// For license information, see `https://assets.adobedtm.com/7a8b9c0d1e2f/3c4d5e6f7a8b/launch-EN7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f-development.js`.
/* eslint-disable -- a corpus library shaped like a Launch development build: our own code, written as Launch emits it */
// The container part of a development build of a property that sends Audience Manager hits
// through DIL. The Experience Cloud ID Service's module scripts in a real build are Adobe's
// VisitorAPI, which the repository does not carry: each `script` here is a liftoff-stand-in
// placeholder that assembleCorpus.ts replaces with our identity extension's build of that
// module, including the publishDestinations part VisitorAPI 5.5.0 always has. The
// `acme-dil` extension is our own code shaped like DIL 8: it refuses a Visitor instance that
// lacks a function it needs ("Invalid Visitor instance"), then sends its hit and publishes
// its URL destinations through the instance.
(function () {
  window._satellite = window._satellite || {};
  window._satellite.container = {
    buildInfo: {
      turbineVersion: "28.1.0",
      turbineBuildDate: "2025-02-06T18:35:41.379Z",
      buildDate: "2025-07-11T09:30:12Z",
      minified: false,
    },
    environment: { id: "EN7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f", stage: "development" },
    dataElements: {},
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
      "adobe-mcid": {
        displayName: "Experience Cloud ID Service",
        hostedLibFilesBaseUrl:
          "https://assets.adobedtm.com/extensions/EP2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b/",
        settings: {
          orgId: "2C3D4E5F60718293A4B5C6D7@AdobeOrg",
          variables: [{ name: "loadTimeout", value: "2000" }],
        },
        modules: {
          "adobe-mcid/src/lib/sharedModules/mcidInstance.js": {
            name: "mcid-instance",
            shared: true,
            script: "liftoff-stand-in:identity/src/lib/sharedModules/mcidInstance.js",
          },
          "adobe-mcid/src/lib/sharedModules/publishDestinations.js": {
            script: "liftoff-stand-in:identity/src/lib/sharedModules/publishDestinations.js",
          },
        },
      },
      "acme-dil": {
        displayName: "Acme Audience Manager",
        settings: { partner: "acmeinsurance", containerNSID: 0 },
        modules: {
          "acme-dil/src/lib/actions/sendHit.js": {
            name: "send-hit",
            displayName: "Send Audience Manager hit",
            script: function (module, exports, require, turbine) {
              "use strict";
              var NEEDED = ["getMarketingCloudVisitorID", "getCustomerIDs", "publishDestinations"];
              module.exports = function (settings) {
                var partner = turbine.getExtensionSettings().partner;
                var visitor = turbine.getSharedModule("adobe-mcid", "mcid-instance");
                NEEDED.forEach(function (name) {
                  if (!visitor || typeof visitor[name] !== "function")
                    throw new Error("Invalid Visitor instance: " + name + " is not a function");
                });
                return new Promise(function (resolve) {
                  visitor.getMarketingCloudVisitorID(function (mid) {
                    new Image().src =
                      "https://" +
                      partner +
                      ".demdex.net/event?d_rtbd=json&c_section=" +
                      encodeURIComponent(settings.section) +
                      "&d_mid=" +
                      (mid ? "1" : "0");
                    visitor.publishDestinations({
                      subdomain: partner,
                      callback: resolve,
                      urlDestinations: [
                        { url: "https://dest.acme-insurance.test/segment?s=" + settings.section },
                      ],
                    });
                  });
                });
              };
            },
          },
        },
      },
    },
    company: { orgId: "2C3D4E5F60718293A4B5C6D7@AdobeOrg", dynamicCdnEnabled: false },
    property: {
      name: "Acme Insurance - Audience Manager",
      id: "PR4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c",
      settings: {
        domains: ["acme-insurance.test"],
        undefinedVarsReturnEmpty: false,
        ruleComponentSequencingEnabled: false,
      },
    },
    rules: [
      {
        id: "RL3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f",
        name: "All Pages - Audience Manager",
        events: [
          { modulePath: "core/src/lib/events/libraryLoaded.js", settings: {}, ruleOrder: 50 },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "acme-dil/src/lib/actions/sendHit.js",
            settings: { section: "auto" },
          },
        ],
      },
    ],
  };
})();
