import { useState } from 'react';
import {
  ActionIcon,
  Group,
  Pagination as MantinePagination,
  NumberInput,
  Text,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { clampPage, formatTotal, pageCount } from '@ponte/shared/pagination';

interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}

const maxNumberedPages = 5;

/**
 * Spec 1 §9: numbered pages when there are 5 or fewer, otherwise an input to type the page;
 * the page is always clamped to 1..total pages; a total of 10000 (the cap) reads '+10000'.
 */
export function Pagination({ page, total, pageSize, onChange }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  const current = clampPage(page, total, pageSize);
  const go = (next: number) => {
    const clamped = clampPage(next, total, pageSize);
    if (clamped !== current) onChange(clamped);
  };

  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        Total: {formatTotal(total)}
      </Text>
      {pages <= 1 ? null : pages <= maxNumberedPages ? (
        <MantinePagination
          total={pages}
          value={current}
          onChange={go}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'Página anterior' : 'Próxima página',
          })}
        />
      ) : (
        <PageInput key={current} current={current} pages={pages} onGo={go} />
      )}
    </Group>
  );
}

function PageInput({
  current,
  pages,
  onGo,
}: {
  current: number;
  pages: number;
  onGo: (page: number) => void;
}) {
  const [typed, setTyped] = useState<string | number>(current);
  const commit = () => {
    const value = Number(typed);
    if (Number.isFinite(value) && typed !== '') onGo(value);
    else setTyped(current);
  };

  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Página anterior"
        disabled={current <= 1}
        onClick={() => onGo(current - 1)}
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Text size="sm">Página</Text>
      <NumberInput
        aria-label="Página"
        value={typed}
        onChange={setTyped}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        min={1}
        max={pages}
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
        hideControls
        w={72}
        size="sm"
      />
      <Text size="sm">de {pages}</Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Próxima página"
        disabled={current >= pages}
        onClick={() => onGo(current + 1)}
      >
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}
