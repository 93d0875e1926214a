/** Someone else with the flow open: another person, or the same one in another tab. */
export interface OtherEditor {
  editorId: string;
  /** The person's name (also for their own other tab). */
  name: string;
  /** Unsaved changes in that editor. */
  dirty: boolean;
  /** The person of this editor, in another tab or device. */
  you: boolean;
}
