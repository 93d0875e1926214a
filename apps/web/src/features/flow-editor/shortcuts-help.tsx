import { ActionIcon, Kbd, Popover, Table, Text, Tooltip } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';

/** Every shortcut of the editor; the canvas and the page implement exactly these. */
export const editorShortcuts: [string[], string][] = [
  [['Ctrl', 'S'], 'Salvar o flow'],
  [['Ctrl', 'Z'], 'Desfazer'],
  [['Ctrl', 'Shift', 'Z'], 'Refazer (também Ctrl + Y)'],
  [['Ctrl', 'C'], 'Copiar os conectores selecionados'],
  [['Ctrl', 'V'], 'Colar'],
  [['Ctrl', 'D'], 'Duplicar os conectores selecionados'],
  [['Ctrl', 'A'], 'Selecionar todos os conectores'],
  [['Delete'], 'Remover a seleção (também Backspace)'],
  [['Ctrl', 'clique'], 'Adicionar à seleção'],
  [['Shift', 'arrastar'], 'Selecionar uma área'],
  [['Roda do mouse'], 'Aproximar e afastar'],
];

/** The table of `editorShortcuts`, with the note for Mac users. */
export function ShortcutsTable() {
  return (
    <>
      <Table verticalSpacing={4} fz="xs">
        <Table.Tbody>
          {editorShortcuts.map(([keys, action]) => (
            <Table.Tr key={action}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 ? ' + ' : null}
                    <Kbd size="xs">{key}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="xs">
        No Mac, use Cmd no lugar de Ctrl.
      </Text>
    </>
  );
}

/** The keyboard shortcuts, in a popover of the toolbar. */
export function ShortcutsHelp() {
  return (
    <Popover width={380} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label="Atalhos de teclado">
          <ActionIcon variant="subtle" color="gray" aria-label="Atalhos de teclado">
            <IconKeyboard size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm" mb="xs">
          Atalhos de teclado
        </Text>
        <ShortcutsTable />
      </Popover.Dropdown>
    </Popover>
  );
}
