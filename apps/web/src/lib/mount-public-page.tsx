import '../zod-jitless';
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { z } from 'zod';
import { theme } from '../app/theme';

/**
 * Starts a page the engine serves to people without a session (the public form, the approval
 * link): Mantine and the theme, zod in pt-BR, none of the app's shell.
 */
export function mountPublicPage(page: ReactNode): void {
  z.config(z.locales.pt());
  const root = document.getElementById('root');
  if (!root) throw new Error('Elemento #root ausente.');
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme}>{page}</MantineProvider>
    </StrictMode>,
  );
}
