import { interfaceConfig } from '../config/interface.config';
import { defineModule } from '../container/server-module';
import compression from '../plugins/compression';
import errorsPlugin from '../plugins/errors';
import openapiPlugin from '../plugins/openapi';
import securityHeaders from '../plugins/security-headers';
import spaPlugin from '../plugins/spa';

/**
 * The HTTP application's own plugins, before any route: the error handler (a signed-in 404
 * naming another workspace's resource reaches the security log), security headers,
 * compression, the API document; and last, the web app's pages.
 */
export const httpModule = defineModule({
  name: 'http',
  needs: ['app', 'securityLog', 'publicUrl', 'config'],
  provides: [],
  config: [interfaceConfig],
  async create({ app, securityLog, publicUrl }) {
    await app.register(errorsPlugin, {
      onResourceNotFound: (request, resource) => {
        const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
        void securityLog.deniedIfForeign(request.auth!, resource, route);
      },
    });
    await app.register(securityHeaders);
    await app.register(compression);
    await app.register(openapiPlugin, { publicUrl });
    return {};
  },
  routes: {
    spa: (app, { config }) => app.register(spaPlugin, { webDist: config.webDist }),
  },
});
