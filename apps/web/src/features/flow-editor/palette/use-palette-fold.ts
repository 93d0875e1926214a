import { useState } from 'react';

interface FoldState {
  collapsed: boolean;
  /** Folded because the node panel showed its data, not by the person. */
  auto: boolean;
  panelWide: boolean;
}

/**
 * Whether the palette beside the graph is folded into a rail. The person folds and unfolds it;
 * while the node panel shows its data (760 px wide), the palette folds by itself so the graph
 * keeps its room, and comes back when that panel closes, unless the person changed it meanwhile.
 */
export function usePaletteFold(panelWide: boolean) {
  const [state, setState] = useState<FoldState>({ collapsed: false, auto: false, panelWide });
  let current = state;
  if (panelWide !== state.panelWide) {
    if (panelWide)
      current = state.collapsed
        ? { ...state, panelWide }
        : { collapsed: true, auto: true, panelWide };
    else
      current = state.auto ? { collapsed: false, auto: false, panelWide } : { ...state, panelWide };
    setState(current);
  }
  return {
    collapsed: current.collapsed,
    setCollapsed: (collapsed: boolean) =>
      setState((previous) => ({ ...previous, collapsed, auto: false })),
  };
}
