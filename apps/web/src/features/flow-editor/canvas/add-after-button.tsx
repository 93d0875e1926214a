import { useContext } from 'react';
import type { MouseEvent, PointerEvent } from 'react';
import { IconPlus } from '@tabler/icons-react';
import { useNodeConnections, useNodeId } from '@xyflow/react';
import { AddAfterContext } from './add-after-context';
import classes from './add-after-button.module.css';

interface AddAfterButtonProps {
  /** The output's name (its handle id). */
  output: string;
  /** The node's name on the canvas, for the button's accessible name. */
  nodeLabel: string;
  /** The output's label when the node draws it beside the handle (several outputs). */
  outputLabel?: string;
}

const stop = (event: MouseEvent | PointerEvent) => event.stopPropagation();

/**
 * The '+' at the end of a free output (one no connection leaves), as n8n draws it: a click or a
 * tap opens the palette, and the connector chosen there is placed after the node and connected
 * from this output. Drawn past the output's label, so the label stays readable.
 */
export function AddAfterButton({ output, nodeLabel, outputLabel }: AddAfterButtonProps) {
  const onAddAfter = useContext(AddAfterContext);
  const source = useNodeId();
  const connections = useNodeConnections({ handleType: 'source', handleId: output });
  if (!onAddAfter || !source || connections.length > 0) return null;
  const name = outputLabel
    ? `Adicionar conector após "${nodeLabel}" (saída "${outputLabel}")`
    : `Adicionar conector após "${nodeLabel}"`;
  return (
    <div className={classes.stub}>
      <span
        className={classes.line}
        style={{ width: outputLabel ? `calc(${outputLabel.length}ch + 22px)` : 22 }}
      />
      <button
        type="button"
        // React Flow's marks: pressing here neither drags the node nor pans the canvas.
        className={`${classes.plus} nodrag nopan`}
        aria-label={name}
        title={name}
        data-testid={`add-after-${source}-${output}`}
        onPointerDown={stop}
        onMouseDown={stop}
        onClick={(event) => {
          event.stopPropagation();
          onAddAfter({ source, sourceOutput: output });
        }}
      >
        <IconPlus size={14} stroke={2} />
      </button>
    </div>
  );
}
