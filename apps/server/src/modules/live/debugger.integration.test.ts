import { useTestApp } from '../../test/test-app';
import { useLiveSockets } from '../../test/live-client';
import { describeEachDriver } from '../../test/test-database';
import { debuggerContract } from './debugger.contract';
import { debuggerMaskingContract } from './debugger-masking.contract';

describeEachDriver('live debugger', (driver) => {
  const t = useTestApp(driver);
  const live = useLiveSockets(t);
  debuggerContract(t, live);
  debuggerMaskingContract(t, live);
});
