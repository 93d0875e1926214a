import { TruncatedText } from '../../components/truncated-text';

/**
 * An execution id on one line (a UUID cut in the middle reads as two ids): where its column is
 * narrower, it ends in an ellipsis and shows whole in a tooltip.
 */
export function ExecutionIdText({ id, href }: { id: string; href?: string }) {
  return (
    <TruncatedText to={href} size="xs" ff="monospace">
      {id}
    </TruncatedText>
  );
}
