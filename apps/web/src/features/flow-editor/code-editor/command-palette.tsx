import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Kbd, Modal, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { matchesSearch } from '@ponte/shared/search-text';
import type { CodeLanguage } from './code-languages';
import { editorCommands } from './editor-commands';
import classes from './command-palette.module.css';

interface CommandPaletteProps {
  opened: boolean;
  language: CodeLanguage;
  onClose: () => void;
  /** Runs a command of `editorCommands` in the editor the palette was opened from. */
  onRun: (id: string) => void;
}

/** 'Paleta de comandos': the editor's commands in pt-BR, found by typing, run with Enter. */
export function CommandPalette({ opened, language, onClose, onRun }: CommandPaletteProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const wanted = query.trim();
  const shown = editorCommands.filter(
    (command) =>
      (!command.languages || command.languages.includes(language)) &&
      matchesSearch(command.label, wanted),
  );
  const current = Math.min(active, shown.length - 1);

  const close = () => {
    setQuery('');
    setActive(0);
    onClose();
  };
  const run = (id: string) => {
    close();
    onRun(id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + shown.length) % Math.max(shown.length, 1));
    } else if (event.key === 'Enter' && shown[current]) {
      event.preventDefault();
      run(shown[current].id);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Paleta de comandos" size="md" yOffset="10dvh">
      <TextInput
        data-autofocus
        aria-label="Buscar comando"
        placeholder="Digite o nome de um comando"
        leftSection={<IconSearch size={14} />}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        aria-controls="ponte-editor-commands"
        aria-activedescendant={shown[current] ? `ponte-command-${current}` : undefined}
      />
      <ScrollArea.Autosize mah="50dvh" mt="xs">
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" p="xs">
            Nenhum comando encontrado.
          </Text>
        ) : (
          <div role="listbox" id="ponte-editor-commands" aria-label="Comandos">
            {shown.map((command, index) => (
              <UnstyledButton
                key={command.id}
                id={`ponte-command-${index}`}
                role="option"
                aria-selected={index === current}
                className={classes.option}
                onMouseEnter={() => setActive(index)}
                onClick={() => run(command.id)}
              >
                <Text size="sm">{command.label}</Text>
                {command.keys ? <Kbd size="xs">{command.keys}</Kbd> : null}
              </UnstyledButton>
            ))}
          </div>
        )}
      </ScrollArea.Autosize>
    </Modal>
  );
}
