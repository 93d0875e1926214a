import type { MouseEvent, ReactNode } from 'react';
import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { Link } from 'react-router';

interface DeniedButtonProps extends Omit<ButtonProps, 'children'> {
  children: ReactNode;
  /** Why the role cannot use it (`useCan(…).reason`); null when it may. */
  denied: string | null;
  /** A route of the app, or a handler. */
  to?: string;
  onClick?: () => void;
  type?: 'button' | 'submit';
}

const ignore = (event: MouseEvent) => event.preventDefault();

/**
 * A button that a role may be denied (docs/adr/0106): when `denied`, it stays in its place,
 * disabled, and says why on hover and focus — `data-disabled` rather than `disabled`, so that
 * the tooltip still receives the pointer.
 */
export function DeniedButton({ denied, to, onClick, children, ...props }: DeniedButtonProps) {
  if (denied) {
    return (
      <Tooltip label={denied} multiline w={280}>
        <Button {...props} data-disabled aria-disabled onClick={ignore}>
          {children}
        </Button>
      </Tooltip>
    );
  }
  if (to) {
    return (
      <Button {...props} component={Link} to={to}>
        {children}
      </Button>
    );
  }
  return (
    <Button {...props} onClick={onClick}>
      {children}
    </Button>
  );
}
