import { useTestApp } from '../../test/test-app';
import { useLiveSockets } from '../../test/live-client';
import { describeEachDriver } from '../../test/test-database';
import { debuggerContract } from './debugger.contract';

describeEachDriver('live debugger', (driver) => {
  const t = useTestApp(driver);
  debuggerContract(t, useLiveSockets(t));
});
