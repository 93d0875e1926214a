import type { FlowIssue } from '@ponte/shared/flow/flow-validator';
import type { FlowTemplate } from '@ponte/shared/flow-templates.schema';
import type { FlowSettings } from './state/use-flow-draft';
import { TemplateGalleryModal } from './template-gallery/template-gallery-modal';
import { ErrorsViewerModal } from './toolbar/errors-viewer-modal';
import { FlowNotesModal } from './toolbar/flow-notes-modal';
import { FlowOptionsModal } from './toolbar/flow-options-modal';
import { FlowVariablesModal } from './toolbar/flow-variables-modal';

export type EditorModal = 'gallery' | 'variables' | 'options' | 'notes' | 'errors' | 'run';

interface EditorModalsProps {
  modal: EditorModal | null;
  onClose: () => void;
  settings: FlowSettings;
  onSettings: (patch: Partial<FlowSettings>) => void;
  issues: FlowIssue[];
  onSelectNode: (uid: string) => void;
  onTemplate: (template: FlowTemplate) => void;
}

/** The toolbar's modals (spec 1 §2.6): applying one changes the draft, saving is separate. */
export function EditorModals({
  modal,
  onClose,
  settings,
  onSettings,
  issues,
  onSelectNode,
  onTemplate,
}: EditorModalsProps) {
  const apply = (patch: Partial<FlowSettings>) => {
    onSettings(patch);
    onClose();
  };
  return (
    <>
      <TemplateGalleryModal opened={modal === 'gallery'} onClose={onClose} onImport={onTemplate} />
      <FlowVariablesModal
        opened={modal === 'variables'}
        variables={settings.variables}
        onClose={onClose}
        onApply={(variables) => apply({ variables })}
      />
      <FlowOptionsModal
        opened={modal === 'options'}
        config={settings.config}
        onClose={onClose}
        onApply={(config) => apply({ config })}
      />
      <FlowNotesModal
        opened={modal === 'notes'}
        html={settings.description}
        onClose={onClose}
        onApply={(description) => apply({ description })}
      />
      <ErrorsViewerModal
        opened={modal === 'errors'}
        issues={issues}
        onClose={onClose}
        onSelectNode={onSelectNode}
      />
    </>
  );
}
