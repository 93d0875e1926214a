import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The page header's button that opens the form of a new item ('Criar tabela'). */
export function createItemButton(to: string, label: string) {
  return (
    <Button component={Link} to={to} leftSection={<IconPlus size={16} />}>
      {label}
    </Button>
  );
}
