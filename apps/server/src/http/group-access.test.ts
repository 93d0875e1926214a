import { describe, expect, it } from 'vitest';
import { serverModules } from '../app';
import { groupChoosingRoutes, groupedRoutes, groupManagement } from './group-access';
import { routeAccessGuard } from './route-access';

const access = routeAccessGuard(
  serverModules.flatMap((module) =>
    module.access ? [{ module: module.name, access: module.access }] : [],
  ),
).table;

/**
 * Routes with a parameter that names nothing living in a group (docs/adr/0109): people,
 * keys, variables, the workspace's holidays, service accounts, the instance's sign-in, public
 * pages, Storage, the LGPD's requests and retention rules (whole workspace, owners and admins).
 */
const ungroupedPrefixes = [
  '/account/v1/',
  '/api/v1/members/',
  '/api/v1/api-tokens/',
  '/api/v1/variables/',
  '/api/v1/holidays/',
  '/api/v1/lgpd/',
  '/api/v1/service-accounts/',
  '/api/v1/sso/',
];

describe('which routes name a resource in a group (docs/adr/0109)', () => {
  it('lists only routes that exist', () => {
    const listed = [...Object.keys(groupedRoutes), ...groupChoosingRoutes, ...groupManagement];
    const unknown = listed.filter((key) => !access.has(key));
    expect(unknown).toEqual([]);
  });

  it('holds every route with a parameter either as grouped or as one that names nothing grouped', () => {
    const unclassified = [...access.keys()].filter((key) => {
      const path = key.slice(key.indexOf(' ') + 1);
      if (!path.includes('/:')) return false;
      if (key in groupedRoutes || groupManagement.has(key)) return false;
      return !ungroupedPrefixes.some((prefix) => path.startsWith(prefix));
    });
    expect(unclassified).toEqual([]);
  });

  it('names a path parameter the route has', () => {
    const missing = Object.entries(groupedRoutes).filter(
      ([key, [where, field]]) => where === 'params' && !key.includes(`/:${field}`),
    );
    expect(missing).toEqual([]);
  });
});
