import { useEffect, type Dispatch, type MutableRefObject } from 'react';
import { continueStepMs, type DebuggerAction, type DebuggerState } from './debugger-state';

export interface ContinueLoopOptions {
  continuing: boolean;
  stateRef: MutableRefObject<DebuggerState>;
  steppingRef: MutableRefObject<boolean>;
  nextStep: () => Promise<boolean>;
  dispatch: Dispatch<DebuggerAction>;
}

/** Continue: one next step every 200 ms until the node held is a breakpoint. */
export function useContinueLoop({
  continuing,
  stateRef,
  steppingRef,
  nextStep,
  dispatch,
}: ContinueLoopOptions): void {
  useEffect(() => {
    if (!continuing) return;
    const timer = window.setInterval(() => {
      const { current, continueFrom } = stateRef.current;
      if (continueFrom === null || !current || steppingRef.current) return;
      if (current.isBreakpoint && current.seq !== continueFrom) {
        dispatch({ type: 'continue', from: null });
        return;
      }
      void nextStep();
    }, continueStepMs);
    return () => window.clearInterval(timer);
  }, [continuing, nextStep, stateRef, steppingRef, dispatch]);
}
