import { ScrollArea } from '@mantine/core';
import { SafeHtml } from '../../components/safe-html';

/** text_html (spec 2 §3): the widget's HTML, sanitised before it is rendered. */
export function WidgetHtml({ html }: { html: string }) {
  return (
    <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto" data-testid="widget-html">
      <SafeHtml html={html} />
    </ScrollArea>
  );
}
