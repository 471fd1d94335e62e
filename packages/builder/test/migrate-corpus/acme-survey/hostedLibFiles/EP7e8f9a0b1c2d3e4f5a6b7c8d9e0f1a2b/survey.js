/* eslint-disable -- a hosted extension file of the migrate-check corpus, shaped like one Launch serves */
// The survey extension's hosted library: sends its beacons as image requests.
window.AcmeSurvey = {
  beacon: function (path, fields, surveyId) {
    var query = "?s=" + encodeURIComponent(surveyId) + "&n=" + encodeURIComponent(fields.name);
    new Image().src = "https://collect.acme-survey.test" + path + query;
  },
};
