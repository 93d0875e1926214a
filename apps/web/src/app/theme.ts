import { createTheme } from '@mantine/core';
import { accentInsensitiveFilter } from '../lib/options-filter';

/** Every searchable select offers its options case and accents aside (docs/adr/0079). */
const searchableSelect = { defaultProps: { filter: accentInsensitiveFilter } };

/** Mantine's system font stack: nothing is fetched from the network. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  cursorType: 'pointer',
  headings: { fontWeight: '650' },
  components: {
    Select: searchableSelect,
    MultiSelect: searchableSelect,
    Autocomplete: searchableSelect,
    TagsInput: searchableSelect,
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
    PasswordInput: {
      defaultProps: {
        visibilityToggleButtonProps: { 'aria-label': 'Mostrar ou ocultar a senha' },
      },
    },
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
  },
});
