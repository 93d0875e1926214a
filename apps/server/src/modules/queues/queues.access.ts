import type { AccessTable } from '../../http/route-access';

/** Who may call each route of the module (docs/adr/0106). */
export const queuesAccess = {
  'GET /api/v1/queues': 'queues.read',
  'POST /api/v1/queues': 'queues.write',
  'PUT /api/v1/queues': 'queues.write',
  'DELETE /api/v1/queues': 'queues.write',
  'GET /api/v1/queues/:id': 'queues.read',
  'GET /api/v1/queues/:id/depth': 'queues.read',
  'GET /api/v1/queues/:id/restores': 'queues.read',
  'GET /api/v1/queues/:id/versions': 'queues.read',
  'GET /api/v1/queues/:id/versions/:number': 'queues.read',
  'POST /api/v1/queues/:id/versions/:number/restore': 'queues.write',
  'POST /api/v1/queues/control/clean/:id': 'queues.operate',
  'POST /api/v1/queues/control/pause/:id': 'queues.operate',
  'POST /api/v1/queues/control/resume/:id': 'queues.operate',
  'GET /api/v1/queues/jobs/:id': 'queues.read',
  'POST /api/v1/queues/jobs/new/:id': 'queues.operate',
  'DELETE /api/v1/queues/jobs/remove/:id/:jobId': 'queues.operate',
  'POST /api/v1/queues/jobs/retry/:id/:jobId': 'queues.operate',
} as const satisfies AccessTable;
