import '../zod-jitless';
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { z } from 'zod';
import { theme } from '../app/theme';
import { PublicFormApp } from './public-form-app';

z.config(z.locales.pt());

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root ausente.');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <PublicFormApp />
    </MantineProvider>
  </StrictMode>,
);
