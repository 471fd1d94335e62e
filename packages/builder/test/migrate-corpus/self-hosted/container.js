// For license information, see `https://www.acme-outdoor.test/launch/7c8d9e0f/3b4c5d6e/launch-EN3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e-development.js`.
/* eslint-disable -- a corpus library shaped like a self-hosted Launch development build: our own code, written as Launch emits it */
// The container part of a self-hosted development build: the site serves the library and
// its files itself, so the container names them by site-relative paths. External custom
// code (JavaScript, global JavaScript, HTML) is "/launch/…/RC…-source.min.js" or
// "./RC…-source.min.js", and the widget extension's hostedLibFilesBaseUrl is a site-relative
// folder. Beside it, as in the downloaded archive, are the RC files (and a stale copy of one
// from an earlier build, in previous/) and hostedLibFiles/EP…/widget.js. assembleCorpus.ts
// appends the engine (turbine 28.1.0 from npm).
(function () {
  window._satellite = window._satellite || {};
  window._satellite.container = {
    buildInfo: {
      turbineVersion: "28.1.0",
      turbineBuildDate: "2025-02-06T18:35:41.379Z",
      buildDate: "2025-06-03T14:12:55Z",
      minified: false,
    },
    environment: { id: "EN3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e", stage: "development" },
    dataElements: {
      "signup source": {
        modulePath: "core/src/lib/dataElements/constant.js",
        settings: { value: "footer" },
      },
    },
    extensions: {
      core: {
        displayName: "Core",
        hostedLibFilesBaseUrl:
          "/perf/js/7c8d9e0f/3b4c5d6e/hostedLibFiles/EP0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f/",
        modules: {
          "core/src/lib/dataElements/constant.js": {
            name: "constant",
            displayName: "Constant",
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = function (settings) {
                return settings.value;
              };
            },
          },
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
          "core/src/lib/events/click.js": {
            name: "click",
            displayName: "Click",
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = require("./helpers/createBubbly")("click");
            },
          },
          "core/src/lib/events/submit.js": {
            name: "submit",
            displayName: "Submit",
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = require("./helpers/createBubbly")("submit");
            },
          },
          "core/src/lib/events/helpers/createBubbly.js": {
            script: function (module, exports, require, turbine) {
              "use strict";
              module.exports = function (type) {
                var listeners = [];
                document.addEventListener(
                  type,
                  function (nativeEvent) {
                    for (
                      var node = nativeEvent.target;
                      node && node.nodeType === 1;
                      node = node.parentNode
                    )
                      listeners.forEach(function (listener) {
                        if (node.matches(listener.settings.elementSelector))
                          listener.trigger({
                            element: node,
                            target: nativeEvent.target,
                            nativeEvent: nativeEvent,
                          });
                      });
                  },
                  true,
                );
                return function (settings, trigger) {
                  listeners.push({ settings: settings, trigger: trigger });
                };
              };
            },
          },
          "core/src/lib/events/directCall.js": {
            name: "direct-call",
            displayName: "Direct Call",
            script: function (module, exports, require, turbine) {
              "use strict";
              var triggers = {};
              window._satellite.track = function (identifier, detail) {
                (triggers[identifier] || []).forEach(function (trigger) {
                  trigger({ identifier: identifier, detail: detail });
                });
              };
              module.exports = function (settings, trigger) {
                (triggers[settings.identifier] = triggers[settings.identifier] || []).push(trigger);
              };
            },
          },
          "core/src/lib/actions/customCode.js": {
            name: "custom-code",
            displayName: "Custom Code",
            script: function (module, exports, require, turbine) {
              "use strict";
              var loadScript = require("@adobe/reactor-load-script");
              var registered = {};
              var callbacks = {};
              var satellite = window._satellite;
              // External code: the RC file hands its code to __registerScript under the
              // path the action names, site-relative in a self-hosted build.
              satellite.__registerScript = function (url, code) {
                if (registered[url]) registered[url](code);
              };
              satellite._onCustomCodeSuccess = function (id) {
                if (callbacks[id]) callbacks[id][0]();
              };
              satellite._onCustomCodeFailure = function (id) {
                if (callbacks[id]) callbacks[id][1]();
              };
              var loading = {};
              // Each file is loaded once, as Core does; an action that runs again reuses it.
              var codeOf = function (settings) {
                if (!settings.isExternal) return Promise.resolve(settings.source);
                var url = settings.source;
                return (loading[url] =
                  loading[url] ||
                  new Promise(function (resolve, reject) {
                    registered[url] = resolve;
                    loadScript(url).catch(reject);
                  }));
              };
              var run = function (settings, code, event) {
                if (settings.language === "html") {
                  var holder = document.createElement("div");
                  holder.innerHTML = turbine.replaceTokens(code, event);
                  while (holder.firstChild) document.body.appendChild(holder.firstChild);
                  return;
                }
                if (settings.global) {
                  var script = document.createElement("script");
                  script.text = code;
                  document.head.appendChild(script);
                  return;
                }
                Function("event", "target", code).call(event.element, event, event.target);
              };
              module.exports = function (settings, event) {
                return codeOf(settings).then(function (code) {
                  run(settings, code, event);
                });
              };
            },
          },
        },
      },
      "acme-widget": {
        displayName: "Acme Widget",
        hostedLibFilesBaseUrl:
          "/perf/js/7c8d9e0f/3b4c5d6e/hostedLibFiles/EP4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a/",
        settings: {},
        modules: {
          "acme-widget/src/lib/actions/show.js": {
            name: "show",
            displayName: "Show Widget",
            script: function (module, exports, require, turbine) {
              "use strict";
              var loadScript = require("@adobe/reactor-load-script");
              var ready;
              module.exports = function (settings) {
                ready = ready || loadScript(turbine.getHostedLibFileUrl("widget.js"));
                return ready.then(function () {
                  window.AcmeWidget.show(settings.name);
                });
              };
            },
          },
        },
      },
    },
    company: { orgId: "5B6C7D8E9F0A1B2C3D4E5F60@AdobeOrg", dynamicCdnEnabled: false },
    property: {
      name: "Acme Outdoor - self-hosted",
      id: "PR7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f",
      settings: {
        domains: ["acme-outdoor.test"],
        undefinedVarsReturnEmpty: false,
        ruleComponentSequencingEnabled: false,
      },
    },
    rules: [
      {
        id: "RL8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d",
        name: "All Pages - external code",
        events: [
          { modulePath: "core/src/lib/events/libraryLoaded.js", settings: {}, ruleOrder: 50 },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "core/src/lib/actions/customCode.js",
            settings: {
              source:
                "/launch/7c8d9e0f/3b4c5d6e/RC1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e-source.min.js",
              language: "javascript",
              isExternal: true,
            },
          },
        ],
      },
      {
        id: "RL9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e",
        name: "Promo Link - global code",
        events: [
          {
            modulePath: "core/src/lib/events/click.js",
            settings: {
              elementSelector: "a.promo-link",
              bubbleFireIfParent: true,
              bubbleFireIfChildFired: true,
            },
            ruleOrder: 50,
          },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "core/src/lib/actions/customCode.js",
            settings: {
              source:
                "/launch/7c8d9e0f/3b4c5d6e/RC2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f-source.min.js",
              language: "javascript",
              global: true,
              isExternal: true,
            },
          },
        ],
      },
      {
        id: "RL0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f",
        name: "Signup Form - HTML",
        events: [
          {
            modulePath: "core/src/lib/events/submit.js",
            settings: {
              elementSelector: "form.signup",
              bubbleFireIfParent: true,
              bubbleFireIfChildFired: true,
            },
            ruleOrder: 50,
          },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "core/src/lib/actions/customCode.js",
            settings: {
              source: "./RC3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a-source.min.js",
              language: "html",
              isExternal: true,
            },
          },
        ],
      },
      {
        id: "RL1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a",
        name: "Direct Call - widget",
        events: [
          {
            modulePath: "core/src/lib/events/directCall.js",
            settings: { identifier: "widget-shown" },
            ruleOrder: 50,
          },
        ],
        conditions: [],
        actions: [
          {
            modulePath: "acme-widget/src/lib/actions/show.js",
            settings: { name: "trail-finder" },
          },
        ],
      },
    ],
  };
})();
