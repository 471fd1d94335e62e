/* eslint-disable -- a hosted extension file of the migrate-check corpus, shaped like one a self-hosted Launch build serves */
// The widget extension's hosted library: reports each widget it shows as an image request.
window.AcmeWidget = {
  show: function (name) {
    new Image().src = "https://collect.selfhosted.test/widget/" + encodeURIComponent(name);
  },
};
