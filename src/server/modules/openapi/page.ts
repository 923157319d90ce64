// The /api/docs page: Swagger UI, self-hosted from swagger-ui-dist, under the app's
// strict Content-Security-Policy (scripts and styles from 'self' only, no inline
// code): the page loads the bundle, its stylesheet and init.js, all served by routes.ts.

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hushboard API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/**
 * Starts Swagger UI on the document. "Try it out" works like the web app: same-origin
 * cookies, and the X-CSRF-Token of the latest response sent back on every request.
 * validatorUrl null: no badge fetched from validator.swagger.io.
 */
export const DOCS_INIT_SCRIPT = `'use strict';
(function () {
  var csrfToken;
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    requestInterceptor: function (request) {
      if (csrfToken) request.headers['X-CSRF-Token'] = csrfToken;
      return request;
    },
    responseInterceptor: function (response) {
      var token = response.headers && response.headers['x-csrf-token'];
      if (token) csrfToken = token;
      return response;
    },
  });
})();
`;
